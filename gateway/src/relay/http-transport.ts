import {
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import type { HttpObserver } from './http-observer.js';

/** The two HTTP wires of MCP: Streamable HTTP (2025-03-26 and later) and the older HTTP+SSE (2024-11-05). */
export type HttpTransportKind = 'streamable-http' | 'sse';

/** Reconnection of dropped SSE streams (the SDK's defaults allow two retries; a restarting server needs a little longer). */
const RECONNECTION = {
  initialReconnectionDelay: 500,
  maxReconnectionDelay: 5_000,
  reconnectionDelayGrowFactor: 2,
  maxRetries: 4,
};

/**
 * The one place an HTTP upstream transport is built, so whatever every HTTP upstream needs (the
 * config's headers, the doctor's observing fetch, the gateway's OAuth client) is added once.
 */
export function createHttpTransport(
  kind: HttpTransportKind,
  url: URL,
  headers: Record<string, string>,
  fetch: typeof globalThis.fetch,
  authProvider?: OAuthClientProvider,
): Transport {
  const requestInit = { headers };
  const auth = authProvider ? { authProvider } : {};
  if (kind === 'sse') return new SSEClientTransport(url, { requestInit, fetch, ...auth }) as unknown as Transport;
  return new StreamableHTTPClientTransport(url, {
    requestInit,
    fetch,
    reconnectionOptions: RECONNECTION,
    ...auth,
  }) as unknown as Transport;
}

/** The HTTP status inside an SDK transport error, if any. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { data?: { status?: unknown } } | undefined)?.data?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * True when an error says the server no longer knows the session: HTTP 404 (what the MCP spec
 * prescribes), or HTTP 400 whose body talks about the session ("No valid session ID provided" —
 * what servers built on the SDK's examples, server-everything among them, answer after a restart).
 */
export function isSessionLost(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status === 404) return true;
  const text = (error as { data?: { text?: unknown } } | undefined)?.data?.text;
  return status === 400 && typeof text === 'string' && /session/i.test(text);
}

function isInitialize(message: JSONRPCMessage): boolean {
  return (message as { method?: unknown }).method === 'initialize';
}

/**
 * A plain `url` with no `type`: Streamable HTTP first; if the `initialize` POST is answered with a
 * 4xx status (other than 401/403, which mean authorization), the older HTTP+SSE transport — the
 * backwards-compatibility procedure of the MCP specification (2025-03-26, "Backwards
 * Compatibility": a GET to the same URL that must open an event stream with an `endpoint` event).
 */
export class FallbackHttpTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  kind: HttpTransportKind = 'streamable-http';
  private inner: Transport;
  private decided = false;

  constructor(
    private readonly url: URL,
    private readonly headers: Record<string, string>,
    private readonly observer: HttpObserver,
    private readonly note: (line: string) => void,
    private readonly authProvider?: OAuthClientProvider,
  ) {
    this.inner = this.wire(createHttpTransport('streamable-http', url, headers, observer.fetch, authProvider));
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  private wire(transport: Transport): Transport {
    transport.onmessage = (message, extra) => this.onmessage?.(message, extra);
    // Until the wire is decided, a failed attempt is reported by the rejected send (and may lead to the fallback).
    transport.onerror = (error) => {
      if (this.decided && transport === this.inner) this.onerror?.(error);
    };
    transport.onclose = () => {
      if (transport === this.inner) this.onclose?.();
    };
    return transport;
  }

  async start(): Promise<void> {
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.decided || !isInitialize(message)) return this.inner.send(message, options);
    try {
      await this.inner.send(message, options);
      this.decided = true;
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 403) throw error;
      this.note(`Streamable HTTP POST answered ${status}; trying the older HTTP+SSE transport (GET ${this.url.href})`);
      const old = this.inner;
      this.inner = this.wire(
        createHttpTransport('sse', this.url, this.headers, this.observer.fetch, this.authProvider),
      );
      old.onclose = undefined;
      await old.close().catch(() => {});
      this.kind = 'sse';
      this.decided = true;
      await this.inner.start();
      await this.inner.send(message, options);
    }
  }

  async close(): Promise<void> {
    await this.inner.close();
  }
}
