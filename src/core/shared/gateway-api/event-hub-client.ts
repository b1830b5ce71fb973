import { EventSourceParserStream } from 'eventsource-parser/stream';

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

interface SessionStream {
  serverName: string;
  controller: ReadableStreamDefaultController<Uint8Array>;
}

/** The hub stream ended; attached sessions see it as a dropped SSE stream and reconnect. */
export class EventHubClosedError extends Error {
  constructor(reason: string) {
    super(`The gateway's event stream ended (${reason}).`);
    this.name = 'EventHubClosedError';
  }
}

/**
 * The browser half of the gateway's event hub (gateway/src/event-hub.ts). The MCP SDK keeps one
 * standalone `GET` SSE stream open per session; a browser allows six HTTP/1.1 connections per
 * origin, so a dashboard with six or more servers stalled. `wrap()` returns the fetch the SDK
 * transport uses: every standalone session stream is served from one shared `GET /api/events`
 * stream instead (attached with a POST), in the same SSE format, so the SDK's own stream handling,
 * errors and reconnection apply unchanged. Requests (`POST`) and everything else pass through.
 */
export class EventHubClient {
  private hub: Promise<string> | undefined;
  private hubAbort: AbortController | undefined;
  private readonly sessions = new Map<string, SessionStream>();
  private readonly encoder = new TextEncoder();
  private closed = false;

  constructor(private readonly options: { baseUrl: string; fetch: Fetch }) {}

  /** A fetch for MCP transports: standalone session streams go through the hub, the rest to `inner`. */
  wrap(inner: Fetch): Fetch {
    return async (input, init = {}) => {
      const target = this.standaloneStream(input, init);
      if (!target) return inner(input, init);
      const attached = await this.openSessionStream(target.serverName, target.sessionId, init.signal ?? undefined);
      if (attached.status !== 404) return attached;
      // Not attached: behind a balancer the hub and the session can be on different replicas (docs/scaling.md),
      // or the session ended. Its own stream then, to the server's endpoint, where the balancer's affinity on
      // Mcp-Session-Id finds the session's replica; a session that ended answers 404 there, the SDK's signal to
      // start a new one. Handing the SDK the hub's 404 instead made it drop a live session and the calls on it.
      await attached.body?.cancel();
      return inner(input, init);
    };
  }

  /**
   * Ends the hub stream and every session stream on it, for good: a session that finishes its
   * handshake later gets no stream (its dashboard is gone) rather than a new hub.
   */
  close(): void {
    this.closed = true;
    const abort = this.hubAbort;
    this.hub = undefined;
    this.hubAbort = undefined;
    abort?.abort();
  }

  /** Number of session streams currently served by the hub (diagnostics and tests). */
  get attachedSessions(): number {
    return this.sessions.size;
  }

  private standaloneStream(
    input: RequestInfo | URL,
    init: RequestInit,
  ): { serverName: string; sessionId: string } | undefined {
    if ((init.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== new URL(this.options.baseUrl).origin) return undefined;
    const match = /^\/mcp\/([^/]+)$/.exec(url.pathname);
    const headers = new Headers(init.headers);
    const sessionId = headers.get('mcp-session-id');
    // A resumption (Last-Event-ID) needs the SDK's own event replay; the hub has none, so let it through.
    if (
      !match ||
      !sessionId ||
      headers.has('last-event-id') ||
      !(headers.get('accept') ?? '').includes('text/event-stream')
    )
      return undefined;
    return { serverName: decodeURIComponent(match[1]!), sessionId };
  }

  private async openSessionStream(
    serverName: string,
    sessionId: string,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    signal?.throwIfAborted();
    const hubId = await this.ensureHub();
    let stream!: SessionStream;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        stream = { serverName, controller };
      },
      cancel: () => this.release(sessionId, stream),
    });
    // Registered before attaching, so nothing the gateway sends right after the attach is missed.
    this.sessions.get(sessionId)?.controller.error(new EventHubClosedError('a newer stream replaced it'));
    this.sessions.set(sessionId, stream);
    signal?.addEventListener(
      'abort',
      () => {
        this.release(sessionId, stream);
        try {
          stream.controller.error(signal.reason);
        } catch {
          // already closed
        }
      },
      { once: true },
    );
    const response = await this.options.fetch(`${this.base()}/api/events/${encodeURIComponent(hubId)}/sessions`, {
      method: 'POST',
      // The session's id, as on its MCP requests: a balancer with affinity on it sends the attach to the replica
      // that holds the session, which also holds the hub when the page's event stream landed there.
      headers: { 'Content-Type': 'application/json', 'Mcp-Session-Id': sessionId },
      body: JSON.stringify({ server: serverName, session: sessionId }),
      signal,
    });
    if (!response.ok) {
      this.sessions.delete(sessionId);
      return response;
    }
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  }

  private release(sessionId: string, stream: SessionStream): void {
    if (this.sessions.get(sessionId) !== stream) return;
    this.sessions.delete(sessionId);
    const hub = this.hub;
    if (!hub) return;
    void hub
      .then((id) =>
        this.options.fetch(
          `${this.base()}/api/events/${encodeURIComponent(id)}/sessions/${encodeURIComponent(sessionId)}`,
          { method: 'DELETE' },
        ),
      )
      .catch(() => {
        // the gateway or the hub is gone; nothing is attached any more
      });
  }

  private base(): string {
    return this.options.baseUrl.replace(/\/$/, '');
  }

  /** Opens the hub stream once; resolves with its id. */
  private ensureHub(): Promise<string> {
    if (this.closed) return Promise.reject(new EventHubClosedError('the dashboard was closed'));
    this.hub ??= this.openHub().catch((error: unknown) => {
      this.hub = undefined;
      throw error;
    });
    return this.hub;
  }

  private async openHub(): Promise<string> {
    const abort = new AbortController();
    this.hubAbort = abort;
    const response = await this.options.fetch(`${this.base()}/api/events`, {
      headers: { Accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (!response.ok || !response.body) {
      await response.text().catch(() => '');
      throw new Error(`The gateway refused its event stream (HTTP ${response.status}).`);
    }
    const events = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    const first = await events.read();
    const hello = first.done ? undefined : first.value;
    const id = hello?.event === 'hub' ? (JSON.parse(hello.data) as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') {
      abort.abort();
      throw new Error('The gateway\u2019s event stream did not start with its id.');
    }
    void this.pump(events, abort);
    return id;
  }

  /** Delivers hub events to the session streams until the hub ends, then ends them too. */
  private async pump(
    events: ReadableStreamDefaultReader<{ event?: string; data: string }>,
    abort: AbortController,
  ): Promise<void> {
    let reason = 'the gateway closed it';
    try {
      for (;;) {
        const { value, done } = await events.read();
        if (done) break;
        if (value.event !== 'message') continue;
        let parsed: { session?: unknown; message?: unknown };
        try {
          parsed = JSON.parse(value.data) as typeof parsed;
        } catch {
          continue;
        }
        const stream = typeof parsed.session === 'string' ? this.sessions.get(parsed.session) : undefined;
        if (!stream) continue;
        try {
          stream.controller.enqueue(this.encoder.encode(`event: message\ndata: ${JSON.stringify(parsed.message)}\n\n`));
        } catch {
          this.sessions.delete(parsed.session as string);
        }
      }
    } catch (error) {
      reason = (error as Error)?.message ?? String(error);
    }
    if (this.hubAbort === abort) {
      this.hub = undefined;
      this.hubAbort = undefined;
    }
    const ended = [...this.sessions.values()];
    this.sessions.clear();
    for (const stream of ended) {
      try {
        stream.controller.error(new EventHubClosedError(reason));
      } catch {
        // already closed
      }
    }
  }
}
