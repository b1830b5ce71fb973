import { openDB, type IDBPDatabase } from 'idb';
import type { ConfigurationInterface, Unsubscribe } from '../shared/types.js';

type Listener = (value: unknown, key: string) => void;

/** Where a person's preferences live besides this browser (team mode: the gateway keeps them per person). */
export interface RemotePreferences {
  load(): Promise<Record<string, unknown>>;
  /** Saves one key (`undefined` removes it). */
  save(key: string, value: unknown): Promise<void>;
}

const STORE = 'preferences';

/** The preferences database of a dashboard page that names none (tests name their own). */
export const DEFAULT_DB_NAME = 'mcp-dashboard';

/** Keys the host owns; they can be read by anyone but written only by the host. */
const HOST_KEYS = /^mcp\.servers$/;

/**
 * Configuration (MCP-WP-6.3): an in-memory map seeded by the host (`mcp.servers` comes from the
 * gateway), with user preferences persisted in IndexedDB through `idb`.
 */
export class Configuration implements ConfigurationInterface {
  private readonly values = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private db: Promise<IDBPDatabase> | undefined;
  private readonly dbName: string;
  private remote: RemotePreferences | undefined;

  constructor(options: { dbName?: string } = {}) {
    this.dbName = options.dbName ?? DEFAULT_DB_NAME;
  }

  private database(): Promise<IDBPDatabase> {
    this.db ??= openDB(this.dbName, 1, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
      },
    });
    return this.db;
  }

  /** Loads persisted preferences; safe to call once at start-up. */
  async load(): Promise<void> {
    try {
      const db = await this.database();
      const tx = db.transaction(STORE, 'readonly');
      let cursor = await tx.store.openCursor();
      while (cursor) {
        const key = String(cursor.key);
        if (!this.values.has(key)) this.values.set(key, cursor.value);
        cursor = await cursor.continue();
      }
      await tx.done;
    } catch (error) {
      // Private browsing or a blocked database: preferences stay in memory for this session.
      console.warn('[mcp-dashboard] preferences could not be loaded from IndexedDB', error);
    }
  }

  /**
   * Team mode: the person's preferences from the gateway replace this browser's (they follow the person to any
   * browser), and every change is saved there too. A key the person never saved keeps this browser's value.
   */
  async attachRemote(remote: RemotePreferences): Promise<void> {
    this.remote = remote;
    const values = await remote.load();
    for (const [key, value] of Object.entries(values)) {
      if (HOST_KEYS.test(key)) continue;
      this.values.set(key, value);
      this.notify(key, value);
      void this.database()
        .then((db) => db.put(STORE, structuredClone(value), key))
        .catch(() => {});
    }
  }

  /** Reads a value. */
  get<T = unknown>(key: string, fallback?: T): T | undefined {
    return (this.values.has(key) ? this.values.get(key) : fallback) as T | undefined;
  }

  /** Writes and persists a user preference; notifies listeners. */
  async set(key: string, value: unknown): Promise<void> {
    if (HOST_KEYS.test(key))
      throw new Error(`"${key}" comes from the dashboard's config file and cannot be changed here.`);
    this.values.set(key, value);
    this.notify(key, value);
    if (this.remote)
      void this.remote.save(key, value).catch((error: unknown) => {
        console.warn(`[mcp-dashboard] preference "${key}" could not be saved for you on the gateway`, error);
      });
    try {
      const db = await this.database();
      if (value === undefined) await db.delete(STORE, key);
      else await db.put(STORE, structuredClone(value), key);
    } catch (error) {
      console.warn(`[mcp-dashboard] preference "${key}" could not be saved`, error);
      throw error;
    }
  }

  /** Host-only: sets a value without persisting it (e.g. `mcp.servers`). */
  setHostValue(key: string, value: unknown): void {
    this.values.set(key, value);
    this.notify(key, value);
  }

  /** Listens to changes of one key, or of every key with '*'. */
  onChange(key: string, callback: Listener): Unsubscribe {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(callback);
    return () => {
      this.listeners.get(key)?.delete(callback);
    };
  }

  private notify(key: string, value: unknown): void {
    for (const k of [key, '*']) {
      for (const listener of this.listeners.get(k) ?? []) {
        try {
          listener(value, key);
        } catch (error) {
          console.error(`[mcp-dashboard] configuration listener for "${key}" threw`, error);
        }
      }
    }
  }
}

/**
 * A widget's view of Configuration: reads anything, writes only under `widgets.<widgetId>.`,
 * and drops its listeners when disposed.
 */
export class ScopedConfiguration implements ConfigurationInterface {
  private readonly unsubscribes = new Set<Unsubscribe>();

  constructor(
    private readonly inner: Configuration,
    private readonly widgetId: string,
  ) {}

  private scoped(key: string): string {
    return `widgets.${this.widgetId}.${key}`;
  }

  /** Reads the widget's own key first, then the host's. */
  get<T = unknown>(key: string, fallback?: T): T | undefined {
    const own = this.inner.get<T>(this.scoped(key));
    return own !== undefined ? own : this.inner.get<T>(key, fallback);
  }

  /** Writes into the widget's namespace. */
  set(key: string, value: unknown): Promise<void> {
    return this.inner.set(this.scoped(key), value);
  }

  /** Listens to a key in the widget's namespace and the host key of the same name. */
  onChange(key: string, callback: (value: unknown, key: string) => void): Unsubscribe {
    const a = this.inner.onChange(this.scoped(key), (v) => callback(v, key));
    const b = this.inner.onChange(key, (v) => callback(v, key));
    const unsubscribe = () => {
      a();
      b();
      this.unsubscribes.delete(unsubscribe);
    };
    this.unsubscribes.add(unsubscribe);
    return unsubscribe;
  }

  /** Listeners this widget still holds. */
  get size(): number {
    return this.unsubscribes.size;
  }

  /** Drops every listener this widget registered. */
  dispose(): void {
    for (const u of [...this.unsubscribes]) u();
  }
}
