import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { JSONRPCMessage, TransportSendOptions } from '@modelcontextprotocol/server';
import { BoundedEventStore, deferPriming } from './event-store.js';

/** The page's side of a relay session: what the session reads from and writes to the browser. */
export interface ClientSide {
  /** A message from the client. */
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;
  /** The client side closed. */
  onclose?: (() => void) | undefined;
  /** Starts accepting requests. */
  start(): Promise<void>;
  /** Hands one HTTP request to the transport. */
  handleRequest(req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void>;
  /** Sends a message to the client (on a request's stream with `relatedRequestId`). */
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void>;
  /** Ends the session's streams. */
  close(): Promise<void>;
}

/** What the client side tells its session about the MCP session's life. */
export interface ClientSideEvents {
  /** The client's `initialize` was accepted under `sessionId`. */
  initialized(sessionId: string): void;
  /** The client ended the session (DELETE). */
  ended(): void;
}

/** Makes a session's client side from the events it reports. */
export type ClientSideFactory = (events: ClientSideEvents) => ClientSide;

/**
 * The SDK's Streamable HTTP server transport, as every page's session uses it: every SSE event gets
 * an id from a bounded event store, so a dropped stream resumes with `Last-Event-ID`.
 */
export const streamableClientSide: ClientSideFactory = (events) => {
  const http = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: new BoundedEventStore(),
    onsessioninitialized: (id) => events.initialized(id),
    onsessionclosed: () => events.ended(),
  });
  deferPriming(http);
  return http;
};

/** What a session's owner lets reach the page: each message to the page passes `outgoing` (team mode's guard). */
export interface OutgoingFilter {
  outgoing(message: JSONRPCMessage): JSONRPCMessage | Promise<JSONRPCMessage>;
}

/**
 * A client side whose messages to the page pass `filter` first, in order: a message the filter holds (an answer
 * waiting for its audit record) holds the ones after it, so the page sees them as the server sent them.
 */
export function filteredClientSide(base: ClientSideFactory, filter: OutgoingFilter): ClientSideFactory {
  return (events) => {
    const side = base(events);
    const send = side.send.bind(side);
    let queue: Promise<unknown> = Promise.resolve();
    side.send = (message, options) => {
      const sent = queue.then(async () => send(await filter.outgoing(message), options));
      queue = sent.catch(() => {});
      return sent;
    };
    return side;
  };
}
