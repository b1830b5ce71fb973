// An installed widget as a widget type the user can pick: its registry entry, and its factory loaded
// from the stored, verified bytes.

import type { InstalledWidgetConfig } from '../../core/shared/config/registry-config-schema.js';
import type { WidgetFactory } from '../../core/shared/types.js';
import type { PackageStore, RegistryClient, WidgetManifest } from '../../../registry-client/index.js';
import type { WidgetTypeEntry } from '../card/widget-registry.js';
import { storedRecords, type PinnedEntry } from './installed-packages.js';

/** The widget type an installed package registers, with the trust and signature the host verified (not its claim). */
export function installedWidgetType(
  name: string,
  entry: InstalledWidgetConfig,
  manifest: WidgetManifest,
  load: () => Promise<WidgetFactory>,
): WidgetTypeEntry {
  return {
    type: name,
    label: `${manifest.displayName ?? name} ${entry.version}`,
    load,
    servers: manifest.mcpServers,
    source: 'registry',
    trustLevel:
      manifest.trustLevel === 'verified' && manifest.signature
        ? 'verified'
        : manifest.trustLevel === 'community'
          ? 'community'
          : 'untrusted',
    permissions: entry.permissions,
    signature: manifest.trustLevel === 'verified' && manifest.signature ? { ...manifest.signature } : undefined,
  };
}

/** Loads an installed widget's factory from its stored, verified bytes (dependencies first). */
export async function loadInstalledWidget(
  store: PackageStore,
  client: RegistryClient | undefined,
  name: string,
  entry: PinnedEntry | undefined,
): Promise<WidgetFactory> {
  if (!entry) throw new Error(`${name} is not installed.`);
  const records = await storedRecords(store, client, name, entry);
  if (!records)
    throw new Error(
      `${name}@${entry.version} is not stored in this browser yet; open the Widgets panel to download it.`,
    );
  const module = await client!.load(records);
  if (typeof module.default !== 'function')
    throw new Error(`${name} is a library, not a widget: it exports no widget factory.`);
  void store.touch(records.map((r) => r.key)).catch(() => {});
  return module.default as WidgetFactory;
}
