import type { ConfigurationInterface, Unsubscribe } from '../../../src/core/shared/types.js';

/** MockConfiguration (MCP-WP-17.9.1): an in-memory store that records writes and counts listeners. */
export class MockConfiguration implements ConfigurationInterface {
  private readonly values = new Map<string, unknown>();
  private listeners: Array<{ key: string; callback: (value: unknown, key: string) => void }> = [];
  readonly writes: Array<{ key: string; value: unknown }> = [];

  constructor(initial: Record<string, unknown> = {}) {
    for (const [k, v] of Object.entries(initial)) this.values.set(k, v);
  }

  get<T = unknown>(key: string, fallback?: T): T | undefined {
    return (this.values.has(key) ? this.values.get(key) : fallback) as T | undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    this.writes.push({ key, value });
    this.values.set(key, value);
    for (const l of this.listeners) if (l.key === key || l.key === '*') l.callback(value, key);
  }

  onChange(key: string, callback: (value: unknown, key: string) => void): Unsubscribe {
    const entry = { key, callback };
    this.listeners = [...this.listeners, entry];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== entry);
    };
  }

  /** Live listeners (0 after a clean destroy). */
  listenerCount(): number {
    return this.listeners.length;
  }
}
