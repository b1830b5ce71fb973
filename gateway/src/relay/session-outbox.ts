import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ClientSide } from './client-side.js';
import type { SessionEventSink } from './event-hub.js';
import type { Id } from './request-tracker.js';

/**
 * Where a session's messages to the page go: an answer and a message about a request on that
 * request's stream, everything else to the page's event hub when one is attached, else to the SDK's
 * standalone stream.
 */
export class SessionOutbox {
  private sink: SessionEventSink | undefined;

  constructor(
    private readonly http: ClientSide,
    /** The session's id, once it has one. */
    private readonly sessionId: () => string | undefined,
  ) {}

  /** Routes the session's server-initiated messages to a page's event hub instead of a `GET` stream. */
  attach(sink: SessionEventSink): void {
    this.sink = sink;
  }

  /** Stops routing to `sink` (when it is the one attached). */
  detach(sink: SessionEventSink): void {
    if (this.sink === sink) this.sink = undefined;
  }

  /** True while a page's event hub delivers this session's messages. */
  attached(): boolean {
    const id = this.sessionId();
    return Boolean(this.sink && id && this.sink.has(id));
  }

  /** The server's answer to a client request. */
  answer(message: JSONRPCMessage): void {
    void this.http.send(message).catch(() => {});
  }

  /** A server message about request `related` (on its stream), or about the session when undefined. */
  relay(message: JSONRPCMessage, related: Id | undefined): void {
    if (related === undefined) this.unsolicited(message);
    else void this.http.send(message, { relatedRequestId: related }).catch(() => this.unsolicited(message));
  }

  /** A warning to the client (it reaches the card's activity and makes the dashboard re-read the server's state). */
  warn(text: string): void {
    this.unsolicited({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'warning', logger: 'mcp-dashboard-gateway', data: text },
    } as JSONRPCMessage);
  }

  /** The session ended: its hub forgets it. */
  close(): void {
    const id = this.sessionId();
    if (this.sink && id) this.sink.detach(id);
    this.sink = undefined;
  }

  /** A message the server sent about the session: to the page's event hub when attached, else the SDK's standalone stream. */
  private unsolicited(message: JSONRPCMessage): void {
    const id = this.sessionId();
    if (this.sink && id && this.sink.has(id)) {
      this.sink.send(id, message);
      return;
    }
    void this.http.send(message).catch(() => {});
  }
}
