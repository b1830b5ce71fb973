import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

/** Bounds of one session's event store: enough to resume a dropped stream, never unbounded memory. */
const MAX_EVENTS = 2_000;
const MAX_BYTES = 8 * 1024 * 1024;

interface StoredEvent {
  id: EventId;
  streamId: StreamId;
  message: JSONRPCMessage;
  bytes: number;
}

/**
 * The events of one relay session's SSE streams, so a client whose stream dropped can resume it with
 * `Last-Event-ID` and miss nothing (MCP Streamable HTTP, "Resumability and Redelivery"). The SDK's
 * server transport stores every event it writes here and replays from it. Event ids are
 * `<stream>_<sequence>`; the oldest events are dropped beyond 2,000 events or 8 MB per session, and
 * a resume from a dropped event is refused by the SDK (400) rather than silently skipping events.
 */
export class BoundedEventStore implements EventStore {
  private readonly events: StoredEvent[] = [];
  private readonly byId = new Map<EventId, StoredEvent>();
  private sequence = 0;
  private bytes = 0;

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    this.sequence += 1;
    const id = `${streamId}_${this.sequence}`;
    const bytes = JSON.stringify(message).length;
    const event = { id, streamId, message, bytes };
    this.events.push(event);
    this.byId.set(id, event);
    this.bytes += bytes;
    while (this.events.length > 1 && (this.events.length > MAX_EVENTS || this.bytes > MAX_BYTES)) {
      const old = this.events.shift()!;
      this.byId.delete(old.id);
      this.bytes -= old.bytes;
    }
    return id;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.byId.get(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const last = this.byId.get(lastEventId);
    if (!last) return '';
    const start = this.events.indexOf(last);
    for (const event of this.events.slice(start + 1)) {
      // Priming events (empty messages) mark a stream's start; they carry nothing to replay.
      if (event.streamId === last.streamId && Object.keys(event.message).length > 0)
        await send(event.id, event.message);
    }
    return last.streamId;
  }

  /** Events held now (for tests and diagnostics). */
  get size(): number {
    return this.events.length;
  }
}

type Writer = (controller: object, encoder: unknown, a: unknown, b: unknown) => unknown;

/**
 * The SDK writes a "priming" event (an id, no data) as soon as a request's event stream opens, so
 * that a client cut off before anything else arrived can still resume. Measured, that extra write
 * costs about 1 ms on every relayed call (1.9 → 3.2 ms p50; docs/decisions/gateway-resumable-streams.md). The first real event
 * carries an id just as well, so the priming event is held back for `delayMs` and written only if
 * nothing was written by then: a quick call gets no extra write, a long silent one is still resumable.
 * Relies on the SDK's internal method names; if they change, priming simply stays immediate.
 */
export function deferPriming(http: object, delayMs = 50): void {
  const web = (http as { _webStandardTransport?: Record<string, unknown> })._webStandardTransport;
  if (!web || typeof web.writePrimingEvent !== 'function' || typeof web.writeSSEEvent !== 'function') return;
  const prime = (web.writePrimingEvent as Writer).bind(web) as (
    c: object,
    e: unknown,
    s: unknown,
    v: unknown,
  ) => Promise<void>;
  const write = (web.writeSSEEvent as Writer).bind(web);
  const carried = new WeakSet<object>();
  web.writeSSEEvent = (controller: object, encoder: unknown, message: unknown, eventId: unknown) => {
    carried.add(controller);
    return write(controller, encoder, message, eventId);
  };
  web.writePrimingEvent = async (controller: object, encoder: unknown, streamId: unknown, version: unknown) => {
    setTimeout(() => {
      if (!carried.has(controller)) void prime(controller, encoder, streamId, version).catch(() => {});
    }, delayMs).unref();
  };
}
