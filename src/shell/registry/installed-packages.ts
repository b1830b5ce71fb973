// The packages an installed widget pins (itself and its dependencies) and their stored, verified copies.

import type { InstalledWidgetConfig, PinnedVersion } from '../../core/shared/config/registry-config-schema.js';
import {
  packageKey,
  RegistryError,
  type InstallPlan,
  type PackageStore,
  type RegistryClient,
  type StoredPackage,
} from '../../../registry-client/index.js';

/** What an installed entry pins: a version and integrity, and the same for each dependency. */
export type PinnedEntry = { version: string; integrity: string; dependencies?: Record<string, PinnedVersion> };

/** The entry's pinned packages, dependencies first and the widget itself last. */
export function pinnedList(entry: PinnedEntry, name: string): Array<PinnedVersion & { name: string }> {
  return [
    ...Object.entries(entry.dependencies ?? {}).map(([n, p]) => ({ name: n, ...p })),
    { name, version: entry.version, integrity: entry.integrity },
  ];
}

/** Store keys every installed widget still needs, its kept previous version included (the rest may be evicted). */
export function keysToKeep(widgets: Record<string, InstalledWidgetConfig>): Set<string> {
  const keep = new Set<string>();
  for (const [name, entry] of Object.entries(widgets)) {
    for (const p of pinnedList(entry, name)) keep.add(packageKey(p.name, p.version));
    if (entry.previous) for (const p of pinnedList(entry.previous, name)) keep.add(packageKey(p.name, p.version));
  }
  return keep;
}

/**
 * Deletes the stored packages of an uninstalled widget (itself and its dependencies) that no
 * installed widget still needs (`keep`).
 */
export async function purgeStored(
  store: PackageStore,
  name: string,
  entry: InstalledWidgetConfig,
  keep: Set<string>,
): Promise<void> {
  const drop = (await store.list())
    .filter((r) => (r.name === name || Object.hasOwn(entry.dependencies ?? {}, r.name)) && !keep.has(r.key))
    .map((r) => r.key);
  await store.delete(drop);
}

/**
 * The stored, integrity-pinned records of an installed entry, dependencies first; undefined if any is
 * missing. A stored copy that is not the one installed is reported and refused.
 */
export async function storedRecords(
  store: PackageStore,
  client: RegistryClient | undefined,
  name: string,
  entry: PinnedEntry,
): Promise<StoredPackage[] | undefined> {
  const out: StoredPackage[] = [];
  for (const pin of pinnedList(entry, name)) {
    const record = await store.get(pin.name, pin.version);
    if (!record) return undefined;
    if (record.integrity !== pin.integrity) {
      const error = new RegistryError(
        'integrity-mismatch',
        `The stored copy of ${pin.name}@${pin.version} is not the one that was installed. It was not loaded.`,
        pin.name,
        pin.version,
      );
      client?.report(error);
      throw error;
    }
    out.push(record);
  }
  return out;
}

/** The config entry recording a plan's root as installed, keeping `previous` for a rollback. */
export function installedEntry(plan: InstallPlan, previous: InstalledWidgetConfig | undefined): InstalledWidgetConfig {
  const m = plan.root.manifest;
  const entry: InstalledWidgetConfig = {
    version: m.version,
    integrity: m.integrity,
    registry: plan.root.source.base.href,
    installedAt: new Date().toISOString(),
  };
  if (m.permissions) entry.permissions = m.permissions;
  if (plan.packages.length > 1)
    entry.dependencies = Object.fromEntries(
      plan.packages
        .slice(0, -1)
        .map((p) => [p.manifest.name, { version: p.manifest.version, integrity: p.manifest.integrity }]),
    );
  if (previous)
    entry.previous = {
      version: previous.version,
      integrity: previous.integrity,
      permissions: previous.permissions,
      dependencies: previous.dependencies,
    };
  return entry;
}

/** The config entry after rolling `current` back to its kept previous version (which keeps `current` as previous). */
export function rolledBackEntry(
  current: InstalledWidgetConfig,
  previous: NonNullable<InstalledWidgetConfig['previous']>,
): InstalledWidgetConfig {
  const entry: InstalledWidgetConfig = {
    ...previous,
    registry: current.registry,
    installedAt: new Date().toISOString(),
    previous: {
      version: current.version,
      integrity: current.integrity,
      permissions: current.permissions,
      dependencies: current.dependencies,
    },
  };
  if (!entry.dependencies) delete entry.dependencies;
  if (!entry.permissions) delete entry.permissions;
  return entry;
}
