import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { sessionLostProblem } from '../doctor/diagnoses.js';
import { SERVER_GONE, type RpcError } from '../doctor/problem-error.js';
import {
  filteredClientSide,
  streamableClientSide,
  type ClientSide,
  type ClientSideFactory,
  type OutgoingFilter,
} from './client-side.js';
import { checkInitializeAnswer, GatewayRequests, isStreamRefusal, streamRefusalMeansLost } from './handshake.js';
import { httpStatusOf, isSessionLost } from './http-transport.js';
import { PendingRequests } from './pending-requests.js';
import { requestScope, type Id, type JsonRpc } from './request-tracker.js';
import {
  exitVerdict,
  lostSessionError,
  restartFailure,
  sendFailure,
  startFailure,
  UpstreamStartError,
} from './session-failures.js';
import type { SessionHost } from './session-host.js';
import { SessionOutbox } from './session-outbox.js';
import type { Upstream } from './upstream.js';
import { CallMeter } from './call-meter.js';

/**
 * One browser session relayed to one upstream (a child process per session for stdio servers, an
 * upstream MCP session for HTTP servers). Messages are forwarded both ways unchanged; the relay only
 * tracks what it must: which request a server message belongs to (so it travels on that request's
 * stream), and what to answer for a server that died or lost the session — pending requests get a
 * specific error, a crashed stdio server is restarted and an HTTP server that lost the session is
 * re-initialized (both with the client's `initialize` replayed, so the browser session survives).
 */
export class RelaySession {
  /** The page's side: the SDK's Streamable HTTP server transport. */
  readonly http: ClientSide;
  /** The MCP session id, once the client's `initialize` has been accepted. */
  sessionId: string | undefined;
  /** Where the session is in its life; `restarting` holds or refuses requests until the upstream is back. */
  state: 'starting' | 'ready' | 'restarting' | 'closed' = 'starting';
  /** HTTP requests of this session in flight (its event stream counts while open). */
  activeRequests = 0;
  /** When the page last used the session (for the idle sweeper). */
  lastActivity = Date.now();
  /** Where messages to the page go (the page's event hub attaches here). */
  readonly outbox: SessionOutbox;

  private upstream: Upstream | undefined;
  private startError: RpcError | undefined;
  private initRequest: JsonRpc | undefined;
  private handshakeDone = false;
  private closingUpstream = false;
  private lastTransportError: string | undefined;
  private readonly requests: PendingRequests;
  private readonly gatewayRequests = new GatewayRequests();
  private lostProblem: ConnectionProblem | undefined;
  private lostReason = '';
  private restartTimer: NodeJS.Timeout | undefined;
  private stableTimer: NodeJS.Timeout | undefined;
  /** Times and counts the session's tool calls (metrics). */
  private readonly meter: CallMeter;

  constructor(
    private readonly host: SessionHost,
    clientSide: ClientSideFactory = streamableClientSide,
    /** Team mode: the guard of the person who opened the session; every message to the page passes it. */
    readonly guard?: OutgoingFilter,
  ) {
    this.http = (guard ? filteredClientSide(clientSide, guard) : clientSide)({
      initialized: (id) => {
        this.sessionId = id;
        host.opened(this);
      },
      ended: () => void this.close('the browser ended the session'),
    });
    this.meter = new CallMeter(host.server.name);
    this.meter.watch(this.http);
    this.requests = new PendingRequests((message, options) => {
      this.meter.gatewayError((message as JsonRpc).error!);
      return this.http.send(message, options);
    });
    this.outbox = new SessionOutbox(this.http, () => this.sessionId);
    this.http.onmessage = (message) => this.fromClient(message as JsonRpc);
    this.http.onclose = () => void this.close('the HTTP session closed');
  }

  /** Starts the HTTP side and the upstream; a failed upstream start is answered on `initialize`. */
  async open(): Promise<void> {
    await this.http.start();
    try {
      await this.startUpstream();
    } catch (error) {
      this.startError =
        error instanceof UpstreamStartError ? error.answer : { code: SERVER_GONE, message: (error as Error).message };
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
    return this.host.server.transport === 'http' && upstream !== undefined;
  }

  /** Starts a fresh upstream; rejects with an UpstreamStartError (the doctor's diagnosis, or the server's call to sign in). */
  private async startUpstream(): Promise<void> {
    const upstream = await this.host.processes.lease();
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
      throw new UpstreamStartError(startFailure(this.host, upstream, error));
    }
    if (fresh) this.host.processes.started(upstream);
    clearTimeout(this.stableTimer);
    this.stableTimer = setTimeout(() => this.host.processes.stable(), this.host.processes.stableMs);
    this.stableTimer.unref();
  }

  private fromClient(message: JsonRpc): void {
    this.lastActivity = Date.now();
    const isRequest = message.id !== undefined && typeof message.method === 'string';
    if (isRequest) {
      this.meter.request(message);
      if (message.method === 'initialize') this.initRequest = message;
      if (this.startError) {
        this.requests.reply(message.id!, this.startError);
        if (message.method === 'initialize') setImmediate(() => void this.close('the server could not be started'));
        return;
      }
      if (this.state === 'restarting' || !this.upstream) {
        if (this.host.server.transport === 'http' && this.state === 'restarting') {
          this.requests.track(message);
          this.requests.hold(message);
          return;
        }
        this.requests.reply(message.id!, {
          code: SERVER_GONE,
          message: `Server "${this.host.server.name}" is restarting after it exited; try again in a moment.`,
        });
        return;
      }
      this.requests.track(message);
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
    if (id !== undefined) this.requests.sendingStarted(id);
    requestScope
      .run(id, () => upstream.transport.send(message as JSONRPCMessage, options))
      .then(
        () => {
          if (id === undefined) return;
          this.requests.sendingEnded(id);
          // Accepted by a session that was lost meanwhile: its answer can no longer come.
          if (upstream !== this.upstream && this.requests.has(id) && !this.requests.isHeld(message))
            this.requests.reply(id, lostSessionError(this.host, message.method!, this.lostReason, this.lostProblem));
        },
        (error: unknown) => {
          if (id !== undefined) this.requests.sendingEnded(id);
          this.sendFailed(upstream, message, error);
        },
      );
  }

  private sendFailed(upstream: Upstream, message: JsonRpc, error: unknown): void {
    const isRequest = message.id !== undefined && typeof message.method === 'string';
    if (upstream !== this.upstream || this.state === 'closed') {
      if (isRequest && this.state === 'restarting' && this.host.server.transport === 'http')
        this.requests.hold(message);
      return;
    }
    const verdict = sendFailure(this.host, upstream, error, this.handshakeDone);
    if ('lose' in verdict) {
      if (isRequest) this.requests.hold(message);
      this.lose(verdict.lose);
      return;
    }
    if (isRequest) this.requests.reply(message.id!, verdict.answer);
    const ends = verdict.endsSession;
    if (ends && message.method === 'initialize') setImmediate(() => void this.close(ends));
  }

  /** A Streamable HTTP request stream ended (and could not be resumed) without an answer. */
  private streamEnded(upstream: Upstream, id: Id): void {
    if (upstream !== this.upstream || !this.requests.has(id) || this.state !== 'ready') return;
    this.lose('the connection dropped while a request was running');
  }

  private upstreamError(upstream: Upstream, error: Error): void {
    this.lastTransportError = error.message;
    this.host.log.note(`transport error: ${error.message}`);
    if (upstream !== this.upstream || !this.isHttp(upstream) || !this.handshakeDone || this.state !== 'ready') return;
    const status = httpStatusOf(error);
    if (isStreamRefusal(error))
      void streamRefusalMeansLost(this.gatewayRequests, upstream, (l) => this.host.log.note(l)).then(
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
      if (!this.requests.settle(message.id!)) return;
      if (this.initRequest && message.id === this.initRequest.id && !this.handshakeDone) {
        const verdict = checkInitializeAnswer(this.host, message, upstream.kind());
        if (verdict) {
          this.requests.reply(message.id!, verdict);
          setImmediate(() => void this.close('initialize failed'));
          return;
        }
        // Later requests carry MCP-Protocol-Version upstream, as the client's own would.
        upstream.transport.setProtocolVersion?.(
          String((message.result as { protocolVersion: string }).protocolVersion),
        );
      }
      this.outbox.answer(message as JSONRPCMessage);
      return;
    }
    if (message.method) this.host.relayed(message.method);
    const related = this.requests.tracker.relatedRequest(
      message,
      upstream.kind() === 'streamable-http',
      requestScope.getStore(),
    );
    this.outbox.relay(message as JSONRPCMessage, related);
  }

  /** An HTTP upstream lost the session: answer the requests it was running, then re-open it. */
  private lose(reason: string): void {
    if (this.state !== 'ready' || !this.upstream) return;
    const upstream = this.upstream;
    const url = this.host.server.url!;
    this.lostProblem = this.host.problems.report(sessionLostProblem(this.host.server.site, url, reason));
    this.lostReason = reason;
    // Requests whose POST was not accepted yet are sent again on the new session; the rest were running.
    this.requests.failAll((method) => lostSessionError(this.host, method, this.lostReason, this.lostProblem), true);
    this.upstream = undefined;
    this.closingUpstream = true;
    void upstream.transport.close().catch(() => {});
    this.outbox.warn(
      `Server "${this.host.server.name}" lost its session (${reason}); the gateway is opening a new one. Subscriptions are reset.`,
    );
    this.scheduleRestart(0);
  }

  private upstreamClosed(upstream: Upstream): void {
    if (upstream !== this.upstream || this.closingUpstream || this.state === 'closed') return;
    this.upstream = undefined;
    clearTimeout(this.stableTimer);
    const exit = exitVerdict(this.host, upstream, this.handshakeDone, this.lastTransportError);
    this.requests.failAll((method) => exit.answer(method));
    this.requests.clear();
    if (exit.early && !this.initRequest) {
      // It died before the client's `initialize` reached it: that request gets the diagnosis when it comes.
      this.startError = exit.answer('initialize');
      return;
    }
    if (!this.handshakeDone) {
      void this.close('the server exited');
      return;
    }
    this.outbox.warn(`Server "${this.host.server.name}" exited ${exit.how}; the gateway is restarting it.`);
    this.scheduleRestart();
  }

  private scheduleRestart(delay = this.host.processes.restartDelay()): void {
    if (delay === null) {
      // A crash loop: the server is failing and is not started again until the person presses Restart.
      void this.close(`the server kept failing soon after starting, so the gateway stopped restarting it`);
      return;
    }
    this.state = 'restarting';
    this.host.log.note(`${this.host.server.transport === 'http' ? 'reconnecting' : 'restarting'} in ${delay} ms`);
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => void this.restart(), delay);
  }

  private async restart(): Promise<void> {
    if (this.state === 'closed') return;
    this.host.processes.restarting();
    try {
      await this.startUpstream();
      await this.gatewayRequests.replayHandshake(this.upstream!, this.initRequest);
      this.state = 'ready';
      this.host.problems.recovered();
      this.host.log.note('restarted; the browser session continues');
      const name = this.host.server.name;
      this.outbox.warn(
        this.host.server.transport === 'http'
          ? `Server "${name}" is connected again (new session); subscriptions were reset.`
          : `Server "${name}" exited and was restarted; subscriptions were reset.`,
      );
      for (const message of this.requests.takeHeld()) this.forward(this.upstream!, message);
    } catch (error) {
      const answer =
        error instanceof UpstreamStartError ? error.answer : restartFailure(this.host, this.upstream, error);
      this.host.log.note(`restart failed: ${answer.message}`);
      for (const message of this.requests.takeHeld()) this.requests.reply(message.id!, answer);
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
    return this.activeRequests > 0 || this.outbox.attached();
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
    this.host.closed(this);
    this.outbox.close();
    this.requests.takeHeld();
    this.requests.failAll(() => ({
      code: SERVER_GONE,
      message: `The session with server "${this.host.server.name}" ended: ${reason}.`,
    }));
    this.requests.clear();
    await this.requests.flushed();
    const upstream = this.upstream;
    this.upstream = undefined;
    this.closingUpstream = true;
    if (upstream) await upstream.transport.close().catch(() => {});
    await this.http.close().catch(() => {});
  }
}
