import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import semver from 'semver';
import type {
  InstalledWidgetConfig,
  RegistryDashboardConfig,
} from '../../../../src/core/shared/config/registry-config-schema.js';
import { RegistryError } from '../../../../registry-client/errors.js';
import { verifyIntegrity } from '../../../../registry-client/integrity.js';
import { describePermissions } from '../../../../registry-client/permissions.js';
import { resolvePlan } from '../../../../registry-client/resolver.js';
import { RegistrySet } from '../../../../registry-client/source.js';
import { loadConfigFile } from '../../config/config.js';
import { editInstalledWidgets } from '../../config/widget-config-file.js';
import type { McpwpCommand } from '../kit/command.js';
import { parse, runCommand, splitSpec, UsageError, widgetCacheRoot } from '../kit/util.js';

const usage = 'mcpwp install <name>[@version] [--config <file>] [--yes] [--cache-dir <dir>]';
const MAX_BUNDLE_BYTES = 4 * 1024 * 1024;

async function ask(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/**
 * Installs a widget into a dashboard config (MCP-WP-16.4.1): resolve, manifest, mcpwpVersion,
 * dependencies, download, integrity, signature against the config's pinned keys, consent, cache in
 * ~/.mcpwp/widgets/<name>/<version>/, then `dashboard.widgets.<name>` in the config file.
 */
export async function install(options: {
  spec: string;
  config: string;
  yes: boolean;
  cacheDir?: string;
  out?: NodeJS.WritableStream;
}) {
  const out = options.out ?? process.stdout;
  const { name, version } = splitSpec(options.spec);
  const { config, file } = await loadConfigFile(options.config);
  const section = (config.dashboard ?? {}) as RegistryDashboardConfig;
  const registries = new RegistrySet(section.registries ?? []);
  const current = section.widgets?.[name];
  const plan = await resolvePlan(await registries.resolve(name, version), registries, section.publisherKeys ?? []);
  const m = plan.root.manifest;
  if (current && current.version === m.version) {
    out.write(`${name}@${m.version} is already installed in ${file}.\n`);
    return;
  }
  if (current && semver.lt(m.version, current.version)) {
    throw new RegistryError(
      'downgrade',
      `${name}@${m.version} is older than the installed ${current.version}; downgrades are refused. Use the dashboard's Roll back, or uninstall first.`,
      name,
      m.version,
    );
  }
  const permissions = describePermissions(m.permissions);
  out.write(
    `${m.displayName ?? m.name} ${m.version} from ${plan.root.source.label}\n` +
      `  trust: ${plan.root.trustLevel}; ${plan.root.signature.state === 'verified' ? `signed by ${plan.root.signature.publisher} (pinned key)` : 'not signed'}\n` +
      `  dependencies: ${
        plan.packages.length > 1
          ? plan.packages
              .slice(0, -1)
              .map((p) => `${p.manifest.name}@${p.manifest.version}`)
              .join(', ')
          : 'none'
      }\n` +
      `  permissions: ${permissions.length ? `\n${permissions.map((p) => `    - ${p.label}`).join('\n')}` : 'none'}\n`,
  );
  if (!options.yes) {
    if (!process.stdin.isTTY)
      throw new UsageError(
        'consent needed: run in a terminal to answer, or pass --yes to accept the permissions above (MCP-WP-11.4.5).',
      );
    if (!(await ask('Install and grant these permissions? [y/N] ')))
      throw new RegistryError('consent-declined', 'Not installed: you declined.', name);
  }
  const cache = widgetCacheRoot(options.cacheDir);
  const staged: Array<{ temp: string; target: string }> = [];
  try {
    for (const pkg of plan.packages) {
      const label = `${pkg.manifest.name}@${pkg.manifest.version}`;
      const bytes = await pkg.source.download(pkg.bundleUrl, {
        maxBytes: MAX_BUNDLE_BYTES,
        label,
        name: pkg.manifest.name,
        version: pkg.manifest.version,
      });
      await verifyIntegrity(bytes, pkg.manifest.integrity, label, pkg.manifest.name, pkg.manifest.version);
      const target = join(cache, ...pkg.manifest.name.split('/'), pkg.manifest.version);
      const temp = `${target}.${process.pid}.tmp`;
      await rm(temp, { recursive: true, force: true });
      await mkdir(temp, { recursive: true });
      await writeFile(join(temp, 'bundle.js'), bytes);
      await writeFile(join(temp, 'widget.json'), `${JSON.stringify(pkg.manifest, null, 2)}\n`);
      staged.push({ temp, target });
    }
  } catch (error) {
    await Promise.all(staged.map((s) => rm(s.temp, { recursive: true, force: true })));
    throw error;
  }
  for (const { temp, target } of staged) {
    await rm(target, { recursive: true, force: true });
    await rename(temp, target);
  }
  const entry: InstalledWidgetConfig = {
    version: m.version,
    integrity: m.integrity,
    registry: plan.root.source.base.href,
    installedAt: new Date().toISOString(),
  };
  if (m.permissions) entry.permissions = m.permissions;
  const deps = plan.packages.slice(0, -1);
  if (deps.length)
    entry.dependencies = Object.fromEntries(
      deps.map((p) => [p.manifest.name, { version: p.manifest.version, integrity: p.manifest.integrity }]),
    );
  if (current)
    entry.previous = {
      version: current.version,
      integrity: current.integrity,
      permissions: current.permissions,
      dependencies: current.dependencies,
    };
  await editInstalledWidgets(file, (w) => {
    w[name] = entry;
  });
  out.write(
    `Installed ${name}@${m.version} in ${file} (cached in ${join(cache, ...name.split('/'), m.version)}).\nThe dashboard verifies it again when it loads it.\n`,
  );
}

/** `mcpwp install`. */
const command: McpwpCommand = {
  summary: 'Install a widget from the registries of a dashboard config into that config (verified, with consent).',
  usage,
  run: (args) =>
    runCommand('install', async () => {
      const { values, positionals } = parse(
        args,
        {
          config: { type: 'string', default: 'mcp-dashboard.config.json' },
          yes: { type: 'boolean', short: 'y', default: false },
          'cache-dir': { type: 'string' },
        },
        usage,
      );
      if (!positionals[0]) throw new UsageError(`a widget name is required.\nUsage: ${usage}`, 2);
      await install({
        spec: positionals[0],
        config: resolve(values.config!),
        yes: values.yes!,
        cacheDir: values['cache-dir'],
      });
    }),
};
export default command;
