import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/** Keep-alive comment interval: keeps idle proxies and the browser from dropping the stream. */
const KEEPALIVE_MS = 15_000;

/** Where a relay session sends what its server says unprompted (notifications, server requests). */
export interface SessionEventSink {
  /** True while this sink delivers `sessionId`'s messages. */
  has(sessionId: string): boolean;
  send(sessionId: string, message: JSONRPCMessage): void;
  /** Forgets `sessionId` (its session ended). */
  detach(sessionId: string): void;
}

/**
 * One browser page's event stream (`GET /api/events`): the server-initiated messages of every MCP
 * session the page attached, on a single SSE response.
 *
 * Why: a browser opens at most six HTTP/1.1 connections per origin. The MCP SDK keeps one
 * standalone `GET` SSE stream open per session, so a dashboard with six or more servers used up
 * every connection and its remaining requests waited forever. With the hub, a page holds one
 * long-lived connection whatever the number of servers (docs/decisions/gateway-event-hub.md).
 */
export class EventHub implements SessionEventSink {
  readonly id = randomUUID();
  private readonly sessions = new Set<string>();
  private readonly keepalive: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly onClose: (hub: EventHub) => void,
    headers: Record<string, string>,
  ) {
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(`event: hub\ndata: ${JSON.stringify({ id: this.id })}\n\n`);
    this.keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    this.keepalive.unref();
    res.on('close', () => this.close());
  }

  /** Starts delivering `sessionId`'s server-initiated messages here. */
  attach(sessionId: string): void {
    this.sessions.add(sessionId);
  }

  /** Stops delivering `sessionId`'s messages here. */
  detach(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  /** True while `sessionId` is attached and the stream is open. */
  has(sessionId: string): boolean {
    return !this.closed && this.sessions.has(sessionId);
  }

  /** Writes one message of `sessionId` as an SSE event. */
  send(sessionId: string, message: JSONRPCMessage): void {
    if (!this.has(sessionId)) return;
    this.res.write(`event: message\ndata: ${JSON.stringify({ session: sessionId, message })}\n\n`);
  }

  /** Ends the stream (the browser went away, or the gateway is stopping). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepalive);
    this.sessions.clear();
    if (!this.res.writableEnded) this.res.end();
    this.onClose(this);
  }
}

/** The open event hubs of a gateway, by id. */
export class EventHubs {
  private readonly hubs = new Map<string, EventHub>();

  /** Opens a hub on `res` (an SSE response). */
  open(res: ServerResponse, headers: Record<string, string>): EventHub {
    const hub = new EventHub(res, (h) => this.hubs.delete(h.id), headers);
    this.hubs.set(hub.id, hub);
    return hub;
  }

  /** A hub by id. */
  get(id: string): EventHub | undefined {
    return this.hubs.get(id);
  }

  /** Closes every hub. */
  closeAll(): void {
    for (const hub of [...this.hubs.values()]) hub.close();
  }
}
