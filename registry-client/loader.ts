import { RegistryError, type SecurityEventSink } from './errors.js';
import { verifyIntegrity } from './integrity.js';
import type { StoredPackage } from './store.js';

/** What a widget bundle exports: a factory as its default export (MCP-WP-3.1); a library exports anything. */
export type BundleModule = { default?: unknown; [key: string]: unknown };

const loaded = new Map<string, Promise<BundleModule>>();

/**
 * Runs a stored bundle: re-hashes the stored bytes against the integrity that was verified at install
 * (so bytes changed inside IndexedDB never run), then imports them from a blob: URL. A module is
 * imported once per page (ES modules cannot be unloaded); later loads reuse it.
 */
export async function loadStoredPackage(
  record: StoredPackage,
  onSecurityEvent?: SecurityEventSink,
): Promise<BundleModule> {
  const cached = loaded.get(record.key);
  if (cached) return cached;
  const label = `${record.name}@${record.version}`;
  try {
    await verifyIntegrity(record.bytes, record.integrity, `${label} (stored copy)`, record.name, record.version);
  } catch (error) {
    if (error instanceof RegistryError) {
      onSecurityEvent?.({
        kind: error.code,
        packageName: record.name,
        version: record.version,
        message: error.message,
        timestamp: Date.now(),
      });
    }
    throw error;
  }
  const promise = importBytes(record.bytes, label);
  loaded.set(record.key, promise);
  promise.catch(() => loaded.delete(record.key));
  return promise;
}

/** True when this package version has been run in this page (its custom elements stay defined). */
export function isLoaded(key: string): boolean {
  return loaded.has(key);
}

/** Imports verified bytes as an ES module through a short-lived blob: URL. */
export async function importBytes(bytes: ArrayBuffer | Uint8Array, label: string): Promise<BundleModule> {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'text/javascript' }));
  try {
    return (await import(/* @vite-ignore */ url)) as BundleModule;
  } catch (error) {
    throw new RegistryError(
      'load-failed',
      `The widget ${label} could not be started: ${(error as Error)?.message ?? String(error)}`,
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
