import { openDB, type IDBPDatabase } from 'idb';
import { RegistryError } from './errors.js';
import type { WidgetManifest } from './manifest.js';

/** One verified package version as kept in IndexedDB: the manifest and the exact verified bytes. */
export interface StoredPackage {
  /** `${name}@${version}` */
  key: string;
  name: string;
  version: string;
  integrity: string;
  manifest: WidgetManifest;
  bytes: ArrayBuffer;
  /** Registry URL it came from. */
  registry: string;
  storedAt: number;
  lastUsedAt: number;
}

const STORE = 'packages';

/** Versions not used for this long are evicted unless they are installed or kept for rollback (MCP-WP-16.7.3). */
export const EVICT_AFTER_MS = 90 * 24 * 60 * 60 * 1000;

/** The key of a package version. */
export function packageKey(name: string, version: string): string {
  return `${name}@${version}`;
}

/** The widget package cache in IndexedDB (`idb`). Writes of one install happen in one transaction. */
export class PackageStore {
  private db: Promise<IDBPDatabase> | undefined;

  constructor(readonly dbName = 'mcp-dashboard-widgets') {}

  private database(): Promise<IDBPDatabase> {
    this.db ??= openDB(this.dbName, 1, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'key' });
      },
    });
    return this.db;
  }

  /** Stores every record or none: one readwrite transaction; any failure aborts all of it. */
  async putAll(records: StoredPackage[]): Promise<void> {
    const db = await this.database();
    const tx = db.transaction(STORE, 'readwrite');
    const pending: Promise<unknown>[] = [];
    try {
      for (const r of records) pending.push(tx.store.put(r));
    } catch (error) {
      // put() throws synchronously for values it cannot clone; the transaction is then aborted below.
      pending.push(Promise.reject(error));
    }
    pending.push(tx.done);
    // Once one request fails the others reject too; observe them all so none goes unhandled.
    for (const p of pending) p.catch(() => {});
    try {
      await Promise.all(pending);
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // already aborted by the failing request
      }
      await tx.done.catch(() => {});
      throw new RegistryError(
        'storage-failed',
        `The widget could not be saved in this browser (${(error as Error)?.message ?? String(error)}). Nothing was changed.`,
      );
    }
  }

  /** One version, or undefined. */
  async get(name: string, version: string): Promise<StoredPackage | undefined> {
    return (await this.database()).get(STORE, packageKey(name, version));
  }

  /** Every stored version. */
  async list(): Promise<StoredPackage[]> {
    return (await this.database()).getAll(STORE);
  }

  /** Keys of every stored version (cheap snapshot for tests and the UI). */
  async keys(): Promise<string[]> {
    return ((await (await this.database()).getAllKeys(STORE)) as string[]).sort();
  }

  /** Marks versions as used now (eviction counts from the last use). */
  async touch(keys: string[], now = Date.now()): Promise<void> {
    const db = await this.database();
    const tx = db.transaction(STORE, 'readwrite');
    for (const key of keys) {
      const record = (await tx.store.get(key)) as StoredPackage | undefined;
      if (record) await tx.store.put({ ...record, lastUsedAt: now });
    }
    await tx.done;
  }

  /** Deletes versions in one transaction. */
  async delete(keys: string[]): Promise<void> {
    const db = await this.database();
    const tx = db.transaction(STORE, 'readwrite');
    await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
  }

  /** Removes versions unused for 90 days that are not in `keep`; returns what it removed. */
  async evict(keep: Set<string>, now = Date.now(), maxAgeMs = EVICT_AFTER_MS): Promise<string[]> {
    const stale = (await this.list())
      .filter((r) => !keep.has(r.key) && now - r.lastUsedAt > maxAgeMs)
      .map((r) => r.key);
    if (stale.length) await this.delete(stale);
    return stale;
  }

  /** Closes the connection (tests, page unload). */
  async close(): Promise<void> {
    if (this.db) (await this.db).close();
    this.db = undefined;
  }
}
