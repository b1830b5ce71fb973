import type { ScopedConfiguration } from '../services/configuration.js';
import type { ConfigurationInterface, Unsubscribe } from '../shared/types.js';

/**
 * A widget's Configuration with its storage permission enforced (MCP-WP-11.4.3, 11.4.4):
 * `none` refuses writes, `session` keeps them in memory for this page only, `persistent` stores
 * them (IndexedDB) as before. Reads are always allowed.
 */
export class GatedConfiguration implements ConfigurationInterface {
  private readonly session = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<(value: unknown, key: string) => void>>();

  constructor(
    private readonly inner: ScopedConfiguration,
    /** Current storage mode; throws (after reporting) when writing is not allowed. */
    private readonly storage: () => 'none' | 'session' | 'persistent',
    private readonly refuse: () => never,
  ) {}

  /** Reads the widget's session value first, then its stored one, then the host's. */
  get<T = unknown>(key: string, fallback?: T): T | undefined {
    if (this.session.has(key)) return this.session.get(key) as T;
    return this.inner.get<T>(key, fallback);
  }

  /** Writes according to the storage permission. */
  async set(key: string, value: unknown): Promise<void> {
    const mode = this.storage();
    if (mode === 'none') this.refuse();
    if (mode === 'persistent') {
      this.session.delete(key);
      return this.inner.set(key, value);
    }
    if (value === undefined) this.session.delete(key);
    else this.session.set(key, structuredClone(value));
    for (const listener of this.listeners.get(key) ?? []) {
      try {
        listener(value, key);
      } catch (error) {
        console.error(`[mcp-dashboard] configuration listener for "${key}" threw`, error);
      }
    }
  }

  /** Listens to a key (session writes included). */
  onChange(key: string, callback: (value: unknown, key: string) => void): Unsubscribe {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(callback);
    const inner = this.inner.onChange(key, callback);
    return () => {
      this.listeners.get(key)?.delete(callback);
      inner();
    };
  }

  /** Listeners this widget still holds. */
  get size(): number {
    return this.inner.size;
  }

  /** Drops listeners and session values. */
  dispose(): void {
    this.listeners.clear();
    this.session.clear();
    this.inner.dispose();
  }
}
