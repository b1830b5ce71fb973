import type { BusEventMeta, BusHandler, EventBusInterface, Unsubscribe } from '../shared/types.js';

/** Reports a listener that threw; the bus keeps delivering to the others. */
export type ListenerErrorReporter = (error: unknown, event: string) => void;

interface Entry {
  pattern: string;
  handler: BusHandler;
}

/** True when `pattern` (exact, `*`, or a `prefix:*` wildcard) matches `event`. */
export function eventMatches(pattern: string, event: string): boolean {
  if (pattern === '*' || pattern === event) return true;
  if (pattern.endsWith(':*')) return event.startsWith(pattern.slice(0, -1));
  return false;
}

/**
 * The host's event bus (MCP-WP-6.1). `on` returns an unsubscribe; `mcp:*` style wildcards
 * match every event under a prefix; a listener that throws is reported and never stops delivery.
 */
export class EventBus implements EventBusInterface {
  private entries: Entry[] = [];
  private readonly reportError: ListenerErrorReporter;

  constructor(options: { onListenerError?: ListenerErrorReporter } = {}) {
    this.reportError =
      options.onListenerError ??
      ((error, event) => console.error(`[mcp-dashboard] listener for "${event}" threw`, error));
  }

  /** Subscribes to an event or wildcard pattern. */
  on<T = any>(event: string, handler: BusHandler<T>): Unsubscribe {
    if (typeof event !== 'string' || event.length === 0) throw new TypeError('EventBus.on needs an event name');
    if (typeof handler !== 'function') throw new TypeError('EventBus.on needs a handler function');
    const entry: Entry = { pattern: event, handler: handler as BusHandler };
    this.entries = [...this.entries, entry];
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
    };
  }

  /** Removes every subscription of `handler` to `event`. */
  off(event: string, handler: BusHandler): void {
    this.entries = this.entries.filter((e) => !(e.pattern === event && e.handler === handler));
  }

  /** Emits as the host. */
  emit(event: string, data?: unknown): void {
    this.emitAs('host', event, data);
  }

  /** Emits with an explicit source (used by per-widget views of the bus). */
  emitAs(source: string, event: string, data?: unknown): void {
    const meta: BusEventMeta = { event, timestamp: Date.now(), source };
    // Snapshot: listeners added or removed during delivery do not affect this emit.
    for (const entry of this.entries) {
      if (!eventMatches(entry.pattern, event)) continue;
      try {
        entry.handler(data, meta);
      } catch (error) {
        this.reportError(error, event);
      }
    }
  }

  /** Number of listeners whose pattern matches exactly `event` (or all, without an argument). */
  listenerCount(event?: string): number {
    return event === undefined ? this.entries.length : this.entries.filter((e) => e.pattern === event).length;
  }
}

/** Events only the host may emit; a widget emitting one is refused (MCP-WP §8.2 "Emitted By: Host"). */
export const HOST_ONLY_EVENTS: readonly string[] = [
  'mcp:server:connected',
  'mcp:server:disconnected',
  'mcp:server:error',
  'mcp:tool:calling',
  'mcp:tool:result',
  'mcp:tool:error',
  'mcp:tool:cancelled',
  'mcp:tool:invalid-args',
  'mcp:tool:progress',
  'mcp:tool:queued',
  'mcp:resource:read',
  'mcp:resource:updated',
  'mcp:prompt:result',
  'mcp:prompt:error',
  'mcp:host:locale-changed',
  'mcp:host:connectivity',
  // MCP client features: what servers send and the host's task/log/roots state.
  'mcp:server:log',
  'mcp:server:log-level',
  'mcp:roots:changed',
];

/** Prefixes of host-only event families: tasks, and what servers ask through elicitation. */
const HOST_ONLY_PREFIXES: readonly string[] = [
  'mcp:host:',
  'mcp:app:',
  'mcp:task:',
  'mcp:elicitation:',
  'mcp:agent:',
  'mcp:offline:',
];

/** Raised when a widget tries to emit an event that only the host may emit. */
export class ForbiddenEventError extends Error {
  constructor(
    readonly event: string,
    readonly source: string,
  ) {
    super(`Widget "${source}" may not emit "${event}": only the host emits it.`);
    this.name = 'ForbiddenEventError';
  }
}

/**
 * A widget's own view of the bus: it stamps the widget as source, refuses host-only events,
 * and remembers every subscription so `dispose()` leaves nothing behind (MCP-WP-3.4.2).
 */
export class ScopedEventBus implements EventBusInterface {
  private readonly subs = new Set<{ event: string; handler: BusHandler; unsubscribe: Unsubscribe }>();
  private disposed = false;

  constructor(
    private readonly bus: EventBus,
    readonly source: string,
    private readonly onViolation: (error: ForbiddenEventError) => void = () => {},
  ) {}

  /** Subscribes; the subscription is dropped when the widget is destroyed. */
  on<T = any>(event: string, handler: BusHandler<T>): Unsubscribe {
    if (this.disposed) return () => {};
    const unsubscribeInner = this.bus.on(event, handler);
    const sub = { event, handler: handler as BusHandler, unsubscribe: unsubscribeInner };
    this.subs.add(sub);
    return () => {
      unsubscribeInner();
      this.subs.delete(sub);
    };
  }

  /** Unsubscribes a handler previously given to `on`. */
  off(event: string, handler: BusHandler): void {
    for (const sub of [...this.subs]) {
      if (sub.event === event && sub.handler === handler) {
        sub.unsubscribe();
        this.subs.delete(sub);
      }
    }
  }

  /** Emits as this widget; host-only events are refused and reported. */
  emit(event: string, data?: unknown): void {
    if (this.disposed) return;
    if (HOST_ONLY_EVENTS.includes(event) || HOST_ONLY_PREFIXES.some((prefix) => event.startsWith(prefix))) {
      const error = new ForbiddenEventError(event, this.source);
      this.onViolation(error);
      throw error;
    }
    this.bus.emitAs(this.source, event, data);
  }

  /** Number of live subscriptions this widget holds. */
  get size(): number {
    return this.subs.size;
  }

  /** Drops every subscription; later calls are no-ops. */
  dispose(): void {
    for (const sub of this.subs) sub.unsubscribe();
    this.subs.clear();
    this.disposed = true;
  }
}
