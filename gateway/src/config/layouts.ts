import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import type { DashboardConfig } from '../../../src/core/shared/config/config-schema.js';
import type { TeamDashboard } from '../../../src/core/shared/layout/layout-types.js';
import { validateLayoutFile } from '../../../src/core/shared/layout/layout-validate.js';
import { ConfigFileError } from './config.js';
import { readFailure } from './read-failure.js';

/**
 * Loads the team layout files named by `dashboard.layouts` in the config (paths relative to the config
 * file), the way Grafana provisions dashboards from files: each is checked against the layout schema,
 * and a problem stops start-up with the file, the place in it and what is wrong. Dashboard ids must be
 * unique across the files. Servers or widgets a layout names that the config lacks are not an error:
 * the dashboard shows a placeholder tile for them.
 */
export async function loadTeamLayouts(config: DashboardConfig, configFile: string): Promise<TeamDashboard[]> {
  const entries = (config.dashboard as { layouts?: unknown } | undefined)?.layouts;
  if (!Array.isArray(entries)) return [];
  const dashboards: TeamDashboard[] = [];
  const seen = new Map<string, string>();
  for (const [i, entry] of entries.entries()) {
    const file = resolve(dirname(configFile), String(entry));
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new ConfigFileError(configFile, [
        `at /dashboard/layouts/${i}: cannot read the layout file ${file}: ${readFailure(error)}`,
      ]);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new ConfigFileError(file, [`not valid JSON: ${(error as Error).message}`]);
    }
    const checked = validateLayoutFile(value);
    if (!checked.ok) throw new ConfigFileError(file, checked.problems);
    for (const [d, dashboard] of checked.layout.dashboards.entries()) {
      const earlier = seen.get(dashboard.id);
      if (earlier)
        throw new ConfigFileError(file, [
          `at /dashboards/${d}/id: "${dashboard.id}" is already the id of a dashboard in ${earlier}; ids must be unique across the team's layout files`,
        ]);
      seen.set(dashboard.id, file);
      dashboards.push({ ...dashboard, file: basename(file) });
    }
  }
  return dashboards;
}
