import type { BusEventMeta, BusHandler, EventBusInterface, Unsubscribe } from '../../../src/core/shared/types.js';

/** One recorded emission. */
export interface RecordedEvent {
  name: string;
  data: any;
  timestamp: number;
  /** 'widget' for emissions by the widget under test, 'host' for `hostEmit`. */
  source: 'widget' | 'host';
}

function matches(pattern: string, event: string): boolean {
  if (pattern === '*' || pattern === event) return true;
  return pattern.endsWith(':*') && event.startsWith(pattern.slice(0, -1));
}

/** MockEventBus (MCP-WP-17.9.1): records every event and counts listeners, so leaks show. */
export class MockEventBus implements EventBusInterface {
  readonly events: RecordedEvent[] = [];
  private listeners: Array<{ pattern: string; handler: BusHandler }> = [];

  /** Subscribes; returns an unsubscribe. */
  on<T = any>(event: string, handler: BusHandler<T>): Unsubscribe {
    const entry = { pattern: event, handler: handler as BusHandler };
    this.listeners = [...this.listeners, entry];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== entry);
    };
  }

  /** Removes a handler. */
  off(event: string, handler: BusHandler): void {
    this.listeners = this.listeners.filter((l) => !(l.pattern === event && l.handler === handler));
  }

  /** An emission by the widget under test. */
  emit(event: string, data?: unknown): void {
    this.deliver('widget', event, data);
  }

  /** An emission by the (simulated) host. */
  hostEmit(event: string, data?: unknown): void {
    this.deliver('host', event, data);
  }

  private deliver(source: 'widget' | 'host', event: string, data: unknown): void {
    const timestamp = Date.now();
    this.events.push({ name: event, data, timestamp, source });
    const meta: BusEventMeta = { event, timestamp, source };
    for (const l of this.listeners) {
      if (!matches(l.pattern, event)) continue;
      try {
        l.handler(data, meta);
      } catch (error) {
        console.error(`[mcpwp test-kit] listener for ${event} threw`, error);
      }
    }
  }

  /** Events whose name matches `pattern` (MCP-WP-17.9.1). */
  getEmittedEvents(pattern: RegExp): RecordedEvent[] {
    return this.events.filter((e) => pattern.test(e.name));
  }

  /** Live listeners (0 after a clean destroy). */
  listenerCount(): number {
    return this.listeners.length;
  }
}
