// Test doubles of the optional host services (MCP-WP §6.5–6.7): messaging, offline cache, telemetry.

import type {
  CachedToolResult,
  OfflineCacheInterface,
  QueuedOperation,
  TelemetryInterface,
  ToolResult,
  Unsubscribe,
  WidgetMessage,
  WidgetMessagingInterface,
} from '../../../src/core/shared/types.js';

/** WidgetMessaging that records what the widget sends and lets a test deliver messages to it. */
export class MockWidgetMessaging implements WidgetMessagingInterface {
  readonly sent: Array<{ target: string; message: Partial<WidgetMessage> }> = [];
  private readonly handlers = new Set<{ source: string; handler: (message: WidgetMessage) => void }>();

  constructor(private readonly self = 'widget-under-test') {}

  sendToWidget(targetWidget: string, message: Partial<WidgetMessage>): void {
    this.sent.push({ target: targetWidget, message: JSON.parse(JSON.stringify(message)) });
  }

  broadcastToWidgets(message: Partial<WidgetMessage>): void {
    this.sendToWidget('*', message);
  }

  subscribeToWidget(sourceWidget: string, handler: (message: WidgetMessage) => void): Unsubscribe {
    const entry = { source: sourceWidget, handler };
    this.handlers.add(entry);
    return () => this.handlers.delete(entry);
  }

  /** Delivers a message as the host would: the sender and time set by the host, the payload a frozen copy. */
  deliver(source: string, message: Pick<WidgetMessage, 'type' | 'payload'>): number {
    const delivered = Object.freeze({
      type: message.type,
      payload: JSON.parse(JSON.stringify(message.payload ?? null)),
      source,
      timestamp: Date.now(),
    });
    let count = 0;
    for (const { source: wanted, handler } of [...this.handlers]) {
      if (wanted !== '*' && wanted !== source && wanted !== source.split(':')[0]) continue;
      handler(delivered);
      count += 1;
    }
    return count;
  }

  /** Subscriptions the widget still holds (0 after a clean destroy). */
  get size(): number {
    return this.handlers.size;
  }

  toString(): string {
    return `MockWidgetMessaging(${this.self})`;
  }
}

/** OfflineCache that keeps results in memory, records queued operations and lets a test switch connectivity. */
export class MockOfflineCache implements OfflineCacheInterface {
  online = true;
  readonly queued: QueuedOperation[] = [];
  readonly stored = new Map<string, CachedToolResult>();
  flushes = 0;

  async storeToolResult(key: string, result: ToolResult, ttl: number): Promise<void> {
    const now = Date.now();
    this.stored.set(key, { result, storedAt: now, expiresAt: now + ttl });
  }

  async getToolResult(key: string): Promise<CachedToolResult | undefined> {
    const entry = this.stored.get(key);
    return entry && entry.expiresAt > Date.now() ? entry : undefined;
  }

  cachedCall(): CachedToolResult | undefined {
    return undefined;
  }

  async queueOperation(operation: QueuedOperation): Promise<void> {
    this.queued.push(operation);
  }

  async flushQueue(): Promise<void> {
    this.flushes += 1;
  }

  isOnline(): boolean {
    return this.online;
  }
}

/** A Telemetry double that records calls (the dashboard's own Telemetry is a no-op). */
export class RecordingTelemetry implements TelemetryInterface {
  readonly enabled = false;
  readonly calls: Array<{ method: string; args: unknown[] }> = [];
  trackEvent(...args: unknown[]): void {
    this.calls.push({ method: 'trackEvent', args });
  }
  trackError(...args: unknown[]): void {
    this.calls.push({ method: 'trackError', args });
  }
  trackPerformance(...args: unknown[]): void {
    this.calls.push({ method: 'trackPerformance', args });
  }
}
