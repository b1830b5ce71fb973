// The last steps of an install or update (MCP-WP-16.4.1): store the verified packages, load the root
// once, record it in the config file.

import type { InstalledWidgetConfig } from '../../core/shared/config/registry-config-schema.js';
import {
  RegistryError,
  type DownloadProgress,
  type InstallPlan,
  type PackageStore,
  type RegistryClient,
} from '../../../registry-client/index.js';
import { installedEntry } from './installed-packages.js';
import type { RegistryApi } from './registry-api.js';

/**
 * Stores the plan, runs the root once to check it is a widget, and records it in the config.
 * Resolves with the new entry and `dashboard.widgets` as the gateway now has it.
 */
export async function commitPlan(
  parts: { client: RegistryClient; store: PackageStore; api: RegistryApi },
  plan: InstallPlan,
  previous: InstalledWidgetConfig | undefined,
  onProgress?: (p: DownloadProgress) => void,
): Promise<{ entry: InstalledWidgetConfig; widgets: Record<string, InstalledWidgetConfig> }> {
  const { client, store, api } = parts;
  const before = new Set(await store.keys());
  const records = await client.fetchAndStore(plan, { onProgress });
  const fresh = records.filter((r) => !before.has(r.key)).map((r) => r.key);
  const m = plan.root.manifest;
  try {
    const module = await client.load(records);
    if (typeof module.default !== 'function')
      throw new RegistryError(
        'load-failed',
        `${m.name} is a library, not a widget. Install a widget that depends on it instead.`,
        m.name,
        m.version,
      );
    const entry = installedEntry(plan, previous);
    return { entry, widgets: await api.record(m.name, entry) };
  } catch (error) {
    // Nothing is installed: drop what this attempt stored.
    if (fresh.length) await store.delete(fresh).catch(() => {});
    throw error;
  }
}
