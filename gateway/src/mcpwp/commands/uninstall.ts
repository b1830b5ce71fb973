import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RegistryDashboardConfig } from '../../../../src/core/shared/config/registry-config-schema.js';
import { loadConfigFile } from '../../config/config.js';
import { editInstalledWidgets } from '../../config/widget-config-file.js';
import type { McpwpCommand } from '../kit/command.js';
import { parse, runCommand, UsageError, widgetCacheRoot } from '../kit/util.js';

const usage = 'mcpwp uninstall <name> [--config <file>] [--purge] [--cache-dir <dir>]';

/** `mcpwp uninstall` (MCP-WP-16.8.1): removes the widget from the config; `--purge` also deletes its cached files. */
const command: McpwpCommand = {
  summary: 'Remove a widget from a dashboard config; --purge also deletes its cached bundles.',
  usage,
  run: (args) =>
    runCommand('uninstall', async () => {
      const { values, positionals } = parse(
        args,
        {
          config: { type: 'string', default: 'mcp-dashboard.config.json' },
          purge: { type: 'boolean', default: false },
          'cache-dir': { type: 'string' },
        },
        usage,
      );
      const name = positionals[0];
      if (!name) throw new UsageError(`a widget name is required.\nUsage: ${usage}`, 2);
      const { config, file } = await loadConfigFile(resolve(values.config!));
      const installed = ((config.dashboard ?? {}) as RegistryDashboardConfig).widgets ?? {};
      if (!Object.hasOwn(installed, name)) throw new UsageError(`${name} is not installed in ${file}.`);
      await editInstalledWidgets(file, (w) => {
        delete w[name];
      });
      let purged = '';
      if (values.purge) {
        const dir = join(widgetCacheRoot(values['cache-dir']), ...name.split('/'));
        await rm(dir, { recursive: true, force: true });
        purged = ` and deleted ${dir}`;
      }
      process.stdout.write(
        `Uninstalled ${name} from ${file}${purged}.\nOpen dashboards remove it within a few seconds.\n`,
      );
    }),
};
export default command;
