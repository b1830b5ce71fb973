import { AsyncLocalStorage } from 'node:async_hooks';

/** A JSON-RPC id. */
export type Id = string | number;

/** The JSON-RPC shapes the relay reads (it forwards messages unchanged otherwise). */
export interface JsonRpc {
  jsonrpc: '2.0';
  id?: Id;
  method?: string;
  params?: Record<string, unknown> & { _meta?: { progressToken?: Id } };
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/**
 * The client request an upstream send was made for. The SDK's Streamable HTTP client reads a POST's
 * event stream in an async function started by `send()`, so a message read from that stream runs in
 * the async context of the send: that is how the relay knows, exactly, which request a server's log
 * line or sampling request belongs to when the upstream is Streamable HTTP.
 */
export const requestScope = new AsyncLocalStorage<Id | undefined>();

/** Server messages that are about a request (the rest — list changes, resource updates — are about the session). */
const REQUEST_SCOPED_NOTIFICATIONS = new Set([
  'notifications/message',
  'notifications/progress',
  'notifications/cancelled',
  'notifications/elicitation/complete',
]);

/**
 * The client's requests that are waiting for their answers, and the progress tokens they asked for,
 * so that every message a server sends about a request can travel on that request's stream.
 */
export class RequestTracker {
  /** Pending client requests in the order they were sent: id → method. */
  readonly pending = new Map<Id, string>();
  private readonly progress = new Map<Id, Id>();

  /** Records a client request. */
  track(message: JsonRpc): void {
    this.pending.set(message.id!, message.method!);
    const token = message.params?._meta?.progressToken;
    if (token !== undefined) this.progress.set(token, message.id!);
  }

  /** Forgets a request that was answered; returns true if it was pending. */
  settle(id: Id): boolean {
    for (const [token, requestId] of this.progress) if (requestId === id) this.progress.delete(token);
    return this.pending.delete(id);
  }

  /** Forgets every request (after they were all answered with an error). */
  clear(): void {
    this.pending.clear();
    this.progress.clear();
  }

  /**
   * The pending client request a server message belongs to, or undefined for a session-level message.
   * Progress goes by its token. With `scope` (the request whose upstream stream carried the message,
   * known exactly for Streamable HTTP upstreams) that request; otherwise (stdio and HTTP+SSE carry no
   * such link) the most recent pending request, because a server that logs or asks the client
   * something while a call runs is almost always talking about that call — and on that request's
   * stream the message reaches the client even when it has no standalone stream open.
   */
  relatedRequest(message: JsonRpc, exact: boolean, scope: Id | undefined): Id | undefined {
    const isServerRequest = message.id !== undefined;
    if (message.method === 'notifications/progress') {
      const token = (message.params as { progressToken?: Id } | undefined)?.progressToken;
      const byToken = token !== undefined ? this.progress.get(token) : undefined;
      if (byToken !== undefined) return byToken;
    }
    if (!isServerRequest && !REQUEST_SCOPED_NOTIFICATIONS.has(message.method ?? '')) return undefined;
    if (exact) return scope !== undefined && this.pending.has(scope) ? scope : undefined;
    let newest: Id | undefined;
    for (const [id, method] of this.pending) if (method !== 'initialize') newest = id;
    return newest;
  }
}
