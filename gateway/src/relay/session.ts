import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { exitProblem, httpProblem, sessionLostProblem } from '../doctor/diagnoses.js';
import type { SessionEventSink } from './event-hub.js';
import { BoundedEventStore, deferPriming } from './event-store.js';
import { httpStatusOf, isSessionLost } from './http-transport.js';
import {
  checkInitializeAnswer,
  GatewayRequests,
  isStreamRefusal,
  lostSessionError,
  problemError,
  restartFailure,
  SERVER_GONE,
  startFailure,
  streamRefusalMeansLost,
  UpstreamStartError,
  type RpcError,
} from './handshake.js';
import { requestScope, RequestTracker, type Id, type JsonRpc } from './request-tracker.js';
import { describeExit, type Upstream } from './upstream.js';
import type { ServerSupervisor } from './supervisor.js';
import { authError } from '../oauth/auth-problem.js';

/**
 * One browser session relayed to one upstream (a child process per session for stdio servers, an
 * upstream MCP session for HTTP servers). Messages are forwarded both ways unchanged; the relay only
 * tracks what it must: which request a server message belongs to (so it travels on that request's
 * stream), and what to answer for a server that died or lost the session — pending requests get a
 * specific error, a crashed stdio server is restarted and an HTTP server that lost the session is
 * re-initialized (both with the client's `initialize` replayed, so the browser session survives).
 * Every SSE event gets an id from an event store, so a dropped stream resumes with `Last-Event-ID`.
 */
export class RelaySession {
  readonly http: NodeStreamableHTTPServerTransport;
  sessionId: string | undefined;
  state: 'starting' | 'ready' | 'restarting' | 'closed' = 'starting';
  activeRequests = 0;
  lastActivity = Date.now();

  private upstream: Upstream | undefined;
  private startError: RpcError | undefined;
  private initRequest: JsonRpc | undefined;
  private handshakeDone = false;
  private closingUpstream = false;
  private lastTransportError: string | undefined;
  private readonly tracker = new RequestTracker();
  private readonly gatewayRequests = new GatewayRequests();
  /** Requests held while an HTTP upstream's session is being re-opened; sent (or answered) after. */
  private readonly waiting: JsonRpc[] = [];
  /** Requests whose upstream send has not completed (an HTTP POST not yet accepted). */
  private readonly sending = new Set<Id>();
  private lostProblem: ConnectionProblem | undefined;
  private lostReason = '';
  private readonly outgoing = new Set<Promise<void>>();
  private restartTimer: NodeJS.Timeout | undefined;
  private stableTimer: NodeJS.Timeout | undefined;
  private sink: SessionEventSink | undefined;

  constructor(private readonly supervisor: ServerSupervisor) {
    this.http = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: new BoundedEventStore(),
      onsessioninitialized: (id) => {
        this.sessionId = id;
        supervisor.registerSession(this);
      },
      onsessionclosed: () => {
        void this.close('the browser ended the session');
      },
    });
    deferPriming(this.http);
    this.http.onmessage = (message) => this.fromClient(message as JsonRpc);
    this.http.onclose = () => {
      void this.close('the HTTP session closed');
    };
  }

  /** Starts the HTTP side and the upstream; a failed upstream start is answered on `initialize`. */
  async open(): Promise<void> {
    await this.http.start();
    try {
      await this.startUpstream();
    } catch (error) {
      this.startError = (error as UpstreamStartError).answer;
    }
  }

  /** Hands one HTTP request to the SDK transport, tracking activity for the idle sweeper. */
  async handle(req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void> {
    this.activeRequests += 1;
    this.lastActivity = Date.now();
    res.once('close', () => {
      this.activeRequests -= 1;
      this.lastActivity = Date.now();
    });
    await this.http.handleRequest(req, res, body);
  }

  private isHttp(upstream = this.upstream): boolean {
    return this.supervisor.transport === 'http' && upstream !== undefined;
  }

  /** Starts a fresh upstream; rejects with an UpstreamStartError (the doctor's diagnosis, or the server's call to sign in). */
  private async startUpstream(): Promise<void> {
    const upstream = await this.supervisor.newUpstream();
    this.upstream = upstream;
    this.closingUpstream = false;
    this.lastTransportError = undefined;
    upstream.transport.onmessage = (message) => this.fromUpstream(upstream, message as JsonRpc);
    upstream.transport.onerror = (error) => this.upstreamError(upstream, error);
    upstream.transport.onclose = () => this.upstreamClosed(upstream);
    const fresh = !upstream.started; // a warm spare (warm-pool.ts) or the probe's child was started, and noted, before
    try {
      if (fresh) await upstream.transport.start();
      upstream.started = true;
    } catch (error) {
      this.upstream = undefined;
      throw new UpstreamStartError(startFailure(this.supervisor, upstream, error));
    }
    if (fresh) this.supervisor.noteStarted(upstream);
    clearTimeout(this.stableTimer);
    this.stableTimer = setTimeout(() => this.supervisor.markStable(), this.supervisor.stableMs);
    this.stableTimer.unref();
  }

  /** Routes this session's server-initiated messages to a page's event hub instead of a `GET` stream. */
  attachSink(sink: SessionEventSink): void {
    this.sink = sink;
  }

  /** Stops routing to `sink` (when it is the one attached). */
  detachSink(sink: SessionEventSink): void {
    if (this.sink === sink) this.sink = undefined;
  }

  /** A message the server sent about the session: to the page's event hub when attached, else the SDK's standalone stream. */
  private sendUnsolicited(message: JSONRPCMessage): void {
    if (this.sink && this.sessionId && this.sink.has(this.sessionId)) {
      this.sink.send(this.sessionId, message);
      return;
    }
    void this.http.send(message).catch(() => {});
  }

  private reply(id: Id, error: RpcError): void {
    this.tracker.settle(id);
    // Sending waits for the event store, so `close()` waits for these before it closes the streams (the browser's may be gone).
    const sent = this.http
      .send({ jsonrpc: '2.0', id, error } as JSONRPCMessage, { relatedRequestId: id })
      .catch(() => {});
    this.outgoing.add(sent);
    void sent.finally(() => this.outgoing.delete(sent));
  }

  /** A warning to the client (it reaches the card's activity and makes the dashboard re-read the server's state). */
  private warn(text: string): void {
    this.sendUnsolicited({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'warning', logger: 'mcp-dashboard-gateway', data: text },
    } as JSONRPCMessage);
  }

  private fromClient(message: JsonRpc): void {
    this.lastActivity = Date.now();
    const isRequest = message.id !== undefined && typeof message.method === 'string';
    if (isRequest) {
      if (message.method === 'initialize') this.initRequest = message;
      if (this.startError) {
        this.reply(message.id!, this.startError);
        if (message.method === 'initialize') setImmediate(() => void this.close('the server could not be started'));
        return;
      }
      if (this.state === 'restarting' || !this.upstream) {
        if (this.supervisor.transport === 'http' && this.state === 'restarting') {
          this.tracker.track(message);
          this.waiting.push(message);
          return;
        }
        this.reply(message.id!, {
          code: SERVER_GONE,
          message: `Server "${this.supervisor.name}" is restarting after it exited; try again in a moment.`,
        });
        return;
      }
      this.tracker.track(message);
    } else if (message.method === 'notifications/initialized') {
      this.handshakeDone = true;
      this.state = 'ready';
    }
    if (!this.upstream || this.state === 'restarting') return;
    this.forward(this.upstream, message);
  }

  private forward(upstream: Upstream, message: JsonRpc): void {
    const isRequest = message.id !== undefined && typeof message.method === 'string';
    const id = isRequest ? message.id : undefined;
    const exact = upstream.kind() === 'streamable-http';
    const options = isRequest && exact ? { onRequestStreamEnd: () => this.streamEnded(upstream, id!) } : undefined;
    if (id !== undefined) this.sending.add(id);
    requestScope
      .run(id, () => upstream.transport.send(message as JSONRPCMessage, options))
      .then(
        () => {
          if (id === undefined) return;
          this.sending.delete(id);
          // Accepted by a session that was lost meanwhile: its answer can no longer come.
          if (upstream !== this.upstream && this.tracker.pending.has(id) && !this.waiting.includes(message))
            this.reply(id, lostSessionError(this.supervisor, message.method!, this.lostReason, this.lostProblem));
        },
        (error: unknown) => {
          if (id !== undefined) this.sending.delete(id);
          this.sendFailed(upstream, message, error);
        },
      );
  }

  private sendFailed(upstream: Upstream, message: JsonRpc, error: unknown): void {
    const isRequest = message.id !== undefined && typeof message.method === 'string';
    if (upstream !== this.upstream || this.state === 'closed') {
      if (
        isRequest &&
        this.state === 'restarting' &&
        this.supervisor.transport === 'http' &&
        !this.waiting.includes(message)
      )
        this.waiting.push(message);
      return;
    }
    if (!this.isHttp(upstream)) {
      if (isRequest)
        this.reply(message.id!, {
          code: SERVER_GONE,
          message: `Could not send to server "${this.supervisor.name}": ${(error as Error).message}`,
        });
      return;
    }
    // The server wants (more) authorization: say so, with what the card needs to offer Sign in.
    const auth = authError(this.supervisor, error);
    if (auth && isRequest) this.reply(message.id!, auth);
    if (auth && message.method === 'initialize') setImmediate(() => void this.close('the server needs authorization'));
    if (auth) return;
    const status = httpStatusOf(error);
    if (!this.handshakeDone) {
      const problem = this.supervisor.noteProblem(
        httpProblem(this.supervisor.site(), this.supervisor.url()!, error, upstream.observer?.last, upstream.kind()),
      );
      if (isRequest) this.reply(message.id!, problemError(problem));
      if (message.method === 'initialize') setImmediate(() => void this.close('the server could not be reached'));
      return;
    }
    if (isSessionLost(error) || status === undefined) {
      // The upstream no longer knows the session, or cannot be reached: re-open it and send this again.
      if (isRequest) this.waiting.push(message);
      this.lose(
        status !== undefined
          ? `it answered HTTP ${status} for the session`
          : `it could not be reached: ${(error as Error).message}`,
      );
      return;
    }
    if (isRequest)
      this.reply(
        message.id!,
        problemError(
          httpProblem(this.supervisor.site(), this.supervisor.url()!, error, upstream.observer?.last, upstream.kind()),
        ),
      );
  }

  /** A Streamable HTTP request stream ended (and could not be resumed) without an answer. */
  private streamEnded(upstream: Upstream, id: Id): void {
    if (upstream !== this.upstream || !this.tracker.pending.has(id) || this.state !== 'ready') return;
    this.lose('the connection dropped while a request was running');
  }

  private upstreamError(upstream: Upstream, error: Error): void {
    this.lastTransportError = error.message;
    this.supervisor.stderr.note(`transport error: ${error.message}`);
    if (upstream !== this.upstream || !this.isHttp(upstream) || !this.handshakeDone || this.state !== 'ready') return;
    const status = httpStatusOf(error);
    if (isStreamRefusal(error))
      void streamRefusalMeansLost(this.gatewayRequests, upstream, (l) => this.supervisor.stderr.note(l)).then(
        (lost) => lost && upstream === this.upstream && this.lose(`it answered HTTP ${status} for the session`),
      );
    else if (isSessionLost(error) || status === 404) this.lose(`it answered HTTP ${status} for the session`);
    else if (upstream.kind() === 'sse') this.lose(`its event stream failed (${error.message})`);
    else if (/Maximum reconnection attempts/.test(error.message))
      this.lose('its event stream dropped and could not be reopened');
  }

  private fromUpstream(upstream: Upstream, message: JsonRpc): void {
    if (upstream !== this.upstream) return;
    const isResponse = message.id !== undefined && message.method === undefined;
    if (isResponse) {
      if (this.gatewayRequests.resolve(message)) return;
      if (!this.tracker.settle(message.id!)) return;
      if (this.initRequest && message.id === this.initRequest.id && !this.handshakeDone) {
        const verdict = checkInitializeAnswer(this.supervisor, message, upstream.kind());
        if (verdict) {
          this.reply(message.id!, verdict);
          setImmediate(() => void this.close('initialize failed'));
          return;
        }
        // Later requests carry MCP-Protocol-Version upstream, as the client's own would.
        upstream.transport.setProtocolVersion?.(
          String((message.result as { protocolVersion: string }).protocolVersion),
        );
      }
      void this.http.send(message as JSONRPCMessage).catch(() => {});
      return;
    }
    if (message.method) this.supervisor.onRelayed?.(message.method);
    const related = this.tracker.relatedRequest(
      message,
      upstream.kind() === 'streamable-http',
      requestScope.getStore(),
    );
    if (related === undefined) this.sendUnsolicited(message as JSONRPCMessage);
    else
      void this.http
        .send(message as JSONRPCMessage, { relatedRequestId: related })
        .catch(() => this.sendUnsolicited(message as JSONRPCMessage));
  }

  /** Answers every pending request with `error(method)` and forgets them (not those held to be sent again). */
  private failPending(error: (method: string) => RpcError, keepUnsent = false): void {
    for (const [id, method] of [...this.tracker.pending]) {
      if (this.waiting.some((m) => m.id === id) || (keepUnsent && this.sending.has(id))) continue;
      this.reply(id, error(method));
    }
  }

  /** An HTTP upstream lost the session: answer the requests it was running, then re-open it. */
  private lose(reason: string): void {
    if (this.state !== 'ready' || !this.upstream) return;
    const upstream = this.upstream;
    const url = this.supervisor.url()!;
    this.lostProblem = this.supervisor.noteProblem(sessionLostProblem(this.supervisor.site(), url, reason));
    this.lostReason = reason;
    // Requests whose POST was not accepted yet are sent again on the new session; the rest were running.
    this.failPending((method) => lostSessionError(this.supervisor, method, this.lostReason, this.lostProblem), true);
    this.upstream = undefined;
    this.closingUpstream = true;
    void upstream.transport.close().catch(() => {});
    this.warn(
      `Server "${this.supervisor.name}" lost its session (${reason}); the gateway is opening a new one. Subscriptions are reset.`,
    );
    this.scheduleRestart(0);
  }

  private upstreamClosed(upstream: Upstream): void {
    if (upstream !== this.upstream || this.closingUpstream || this.state === 'closed') return;
    this.upstream = undefined;
    clearTimeout(this.stableTimer);
    const exit = upstream.exit();
    const how = this.lastTransportError ? `after a protocol error (${this.lastTransportError})` : describeExit(exit);
    this.supervisor.noteExit(exit, how);
    const tail = this.supervisor.stderr.tail(5);
    const stdio = this.supervisor.stdioCommand();
    const early = this.handshakeDone
      ? undefined
      : stdio
        ? this.supervisor.noteProblem(
            exitProblem(this.supervisor.site(), stdio.command, exit, tail, 'before it answered "initialize"'),
          )
        : undefined;
    this.failPending((method) => {
      if (early)
        return problemError(early, { exitCode: exit?.code ?? null, signal: exit?.signal ?? null, stderrTail: tail });
      const when = method === 'initialize' ? 'before it answered initialize' : `while handling "${method}"`;
      return {
        code: SERVER_GONE,
        message: `Server "${this.supervisor.name}" exited ${how} ${when}.${this.handshakeDone ? ' The gateway is restarting it.' : ''}`,
        data: { exitCode: exit?.code ?? null, signal: exit?.signal ?? null, stderrTail: tail },
      };
    });
    this.tracker.clear();
    if (early && !this.initRequest) {
      // It died before the client's `initialize` reached it: that request gets the diagnosis when it comes.
      this.startError = problemError(early, {
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        stderrTail: tail,
      });
      return;
    }
    if (!this.handshakeDone || !this.supervisor.canRestart()) {
      void this.close('the server exited');
      return;
    }
    this.warn(`Server "${this.supervisor.name}" exited ${how}; the gateway is restarting it.`);
    this.scheduleRestart();
  }

  private scheduleRestart(delay = this.supervisor.nextDelay()): void {
    this.state = 'restarting';
    this.supervisor.stderr.note(
      `${this.supervisor.transport === 'http' ? 'reconnecting' : 'restarting'} in ${delay} ms`,
    );
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => void this.restart(), delay);
  }

  private async restart(): Promise<void> {
    if (this.state === 'closed') return;
    this.supervisor.countRestart();
    try {
      await this.startUpstream();
      await this.gatewayRequests.replayHandshake(this.upstream!, this.initRequest);
      this.state = 'ready';
      this.supervisor.noteRecovered();
      this.supervisor.stderr.note('restarted; the browser session continues');
      const http = this.supervisor.transport === 'http';
      this.warn(
        http
          ? `Server "${this.supervisor.name}" is connected again (new session); subscriptions were reset.`
          : `Server "${this.supervisor.name}" exited and was restarted; subscriptions were reset.`,
      );
      for (const message of this.waiting.splice(0)) this.forward(this.upstream!, message);
    } catch (error) {
      const answer =
        error instanceof UpstreamStartError ? error.answer : restartFailure(this.supervisor, this.upstream, error);
      this.supervisor.stderr.note(`restart failed: ${answer.message}`);
      for (const message of this.waiting.splice(0)) this.reply(message.id!, answer);
      if (this.upstream) {
        this.closingUpstream = true;
        await this.upstream.transport.close().catch(() => {});
        this.upstream = undefined;
      }
      if (!this.isClosed()) this.scheduleRestart();
    }
  }

  private isClosed(): boolean {
    return this.state === 'closed';
  }

  /** True while a page holds this session: a request in flight or its event stream attached. */
  inUse(): boolean {
    return this.activeRequests > 0 || Boolean(this.sink && this.sessionId && this.sink.has(this.sessionId));
  }

  /** Child pid, for tests and diagnostics. */
  pid(): number | null {
    return this.upstream?.pid() ?? null;
  }

  /** Ends the session and stops its upstream (the child process is terminated). */
  async close(reason: string): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.restartTimer);
    clearTimeout(this.stableTimer);
    this.supervisor.unregisterSession(this);
    if (this.sink && this.sessionId) this.sink.detach(this.sessionId);
    this.sink = undefined;
    this.waiting.length = 0;
    this.failPending(() => ({
      code: SERVER_GONE,
      message: `The session with server "${this.supervisor.name}" ended: ${reason}.`,
    }));
    this.tracker.clear();
    await Promise.allSettled([...this.outgoing]);
    const upstream = this.upstream;
    this.upstream = undefined;
    this.closingUpstream = true;
    if (upstream) await upstream.transport.close().catch(() => {});
    await this.http.close().catch(() => {});
  }
}
