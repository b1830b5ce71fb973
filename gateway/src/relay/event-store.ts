import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

/** Bounds of one session's event store: enough to resume a dropped stream, never unbounded memory. */
const MAX_EVENTS = 2_000;
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * The events of one relay session's SSE streams, so a client whose stream dropped can resume it with
 * `Last-Event-ID` and miss nothing (MCP Streamable HTTP, "Resumability and Redelivery"). The SDK's
 * server transport stores every event it writes here and replays from it. Event ids are
 * `<stream>_<sequence>`; the oldest events are dropped beyond 2,000 events or 8 MB per session, and
 * a resume from a dropped event is refused by the SDK (400) rather than silently skipping events.
 *
 * Each event is kept as its id and its serialized message: two flat strings, in one insertion-ordered
 * map. Keeping the message objects themselves held every relayed result's object tree until 2,000
 * later events pushed it out, so with 100 busy sessions the old generation filled with ~200,000 event
 * graphs and the collector's major pauses showed in the relay's p99 (docs/scaling.md).
 */
export class BoundedEventStore implements EventStore {
  private readonly events = new Map<EventId, string>();
  private sequence = 0;
  private bytes = 0;

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    this.sequence += 1;
    const id = `${streamId}_${this.sequence}`;
    const json = JSON.stringify(message);
    this.events.set(id, json);
    this.bytes += json.length;
    while (this.events.size > 1 && (this.events.size > MAX_EVENTS || this.bytes > MAX_BYTES)) {
      const [oldId, oldJson] = this.events.entries().next().value as [EventId, string];
      this.events.delete(oldId);
      this.bytes -= oldJson.length;
    }
    return id;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.events.has(eventId) ? streamOf(eventId) : undefined;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    if (!this.events.has(lastEventId)) return '';
    const stream = streamOf(lastEventId);
    let after = false;
    for (const [id, json] of [...this.events]) {
      if (after && streamOf(id) === stream && json !== '{}') await send(id, JSON.parse(json) as JSONRPCMessage);
      // Priming events (empty messages) mark a stream's start; they carry nothing to replay.
      if (id === lastEventId) after = true;
    }
    return stream;
  }

  /** Events held now (for tests and diagnostics). */
  get size(): number {
    return this.events.size;
  }
}

/** The stream an event id belongs to: ids are `<stream>_<sequence>`. */
function streamOf(eventId: EventId): StreamId {
  return eventId.slice(0, eventId.lastIndexOf('_'));
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
