import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { SessionEventSink } from './event-hub.js';
import { describeExit, type Upstream } from './upstream.js';
import type { ServerSupervisor } from './supervisor.js';
import { AUTH_REQUIRED } from './oauth/errors.js';

type Id = string | number;

interface JsonRpc {
  jsonrpc: '2.0';
  id?: Id;
  method?: string;
  params?: Record<string, unknown> & { _meta?: { progressToken?: Id } };
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** JSON-RPC code for "server exited or is restarting" — in the implementation-defined server range. */
export const SERVER_GONE = -32000;

const REPLAY_PREFIX = '__mcp_dashboard_replay_';

/**
 * One browser session relayed to one upstream (a child process per session for stdio servers).
 * Messages are forwarded both ways unchanged; the relay only tracks what it must to answer for a
 * server that died: pending requests get a specific error, and a crashed stdio server is restarted
 * with capped exponential backoff, with the client's `initialize` replayed so the browser session
 * survives.
 */
export class RelaySession {
  readonly http: NodeStreamableHTTPServerTransport;
  sessionId: string | undefined;
  state: 'starting' | 'ready' | 'restarting' | 'closed' = 'starting';
  activeRequests = 0;
  lastActivity = Date.now();

  private upstream: Upstream | undefined;
  private startError: Error | undefined;
  private initRequest: JsonRpc | undefined;
  private handshakeDone = false;
  private closingUpstream = false;
  private lastTransportError: string | undefined;
  private readonly pending = new Map<Id, string>();
  private readonly progress = new Map<Id, Id>();
  private readonly replayWaiters = new Map<Id, (message: JsonRpc) => void>();
  private restartTimer: NodeJS.Timeout | undefined;
  private stableTimer: NodeJS.Timeout | undefined;
  private replayCount = 0;
  private sink: SessionEventSink | undefined;

  constructor(private readonly supervisor: ServerSupervisor) {
    this.http = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessionId = id;
        supervisor.registerSession(this);
      },
      onsessionclosed: () => {
        void this.close('the browser ended the session');
      },
    });
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
      this.startError = error as Error;
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

  private async startUpstream(): Promise<void> {
    const upstream = this.supervisor.newUpstream();
    this.upstream = upstream;
    this.closingUpstream = false;
    this.lastTransportError = undefined;
    upstream.transport.onmessage = (message) => this.fromUpstream(upstream, message as JsonRpc);
    upstream.transport.onerror = (error) => {
      this.lastTransportError = error.message;
      this.supervisor.stderr.note(`transport error: ${error.message}`);
    };
    upstream.transport.onclose = () => this.upstreamClosed(upstream);
    try {
      await upstream.transport.start();
    } catch (error) {
      this.upstream = undefined;
      throw this.supervisor.describeStartFailure(error as NodeJS.ErrnoException);
    }
    this.supervisor.noteStarted(upstream);
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

  /** A message the server sent unprompted: to the page's event hub when attached, else the SDK's standalone stream. */
  private sendUnsolicited(message: JSONRPCMessage): void {
    if (this.sink && this.sessionId && this.sink.has(this.sessionId)) {
      this.sink.send(this.sessionId, message);
      return;
    }
    void this.http.send(message).catch(() => {});
  }

  private reply(id: Id, error: { code: number; message: string; data?: unknown }): void {
    this.http.send({ jsonrpc: '2.0', id, error } as JSONRPCMessage, { relatedRequestId: id }).catch(() => {
      // the browser's stream may already be gone
    });
  }

  private fromClient(message: JsonRpc): void {
    this.lastActivity = Date.now();
    const isRequest = message.id !== undefined && typeof message.method === 'string';
    if (isRequest) {
      if (message.method === 'initialize') this.initRequest = message;
      if (this.startError) {
        this.reply(message.id!, { code: SERVER_GONE, message: this.startError.message });
        if (message.method === 'initialize') setImmediate(() => void this.close('the server could not be started'));
        return;
      }
      if (this.state === 'restarting' || !this.upstream) {
        this.reply(message.id!, {
          code: SERVER_GONE,
          message: `Server "${this.supervisor.name}" is restarting after it exited; try again in a moment.`,
        });
        return;
      }
      this.pending.set(message.id!, message.method!);
      const token = message.params?._meta?.progressToken;
      if (token !== undefined) this.progress.set(token, message.id!);
    } else if (message.method === 'notifications/initialized') {
      this.handshakeDone = true;
      this.state = 'ready';
    }
    if (!this.upstream || this.state === 'restarting') return;
    this.upstream.transport.send(message as JSONRPCMessage).catch((error: Error) => {
      if (isRequest) {
        this.pending.delete(message.id!);
        // The server wants (more) authorization: say so, with what the card needs to offer Sign in.
        const authFailure = this.supervisor.auth?.describe(error);
        if (authFailure) {
          this.reply(message.id!, { code: AUTH_REQUIRED, message: authFailure.message, data: authFailure.problem });
          if (message.method === 'initialize') setImmediate(() => void this.close('the server needs authorization'));
          return;
        }
        this.reply(message.id!, { code: SERVER_GONE, message: `Could not send to server "${this.supervisor.name}": ${error.message}` });
      }
    });
  }

  private fromUpstream(upstream: Upstream, message: JsonRpc): void {
    if (upstream !== this.upstream) return;
    const isResponse = message.id !== undefined && message.method === undefined;
    if (isResponse) {
      const waiter = this.replayWaiters.get(message.id!);
      if (waiter) {
        this.replayWaiters.delete(message.id!);
        waiter(message);
        return;
      }
      this.pending.delete(message.id!);
      for (const [token, requestId] of this.progress) if (requestId === message.id) this.progress.delete(token);
      void this.http.send(message as JSONRPCMessage).catch(() => {});
      return;
    }
    let relatedRequestId: Id | undefined;
    if (message.method === 'notifications/progress') {
      const token = (message.params as { progressToken?: Id } | undefined)?.progressToken;
      if (token !== undefined) relatedRequestId = this.progress.get(token);
    }
    if (relatedRequestId === undefined) this.sendUnsolicited(message as JSONRPCMessage);
    else void this.http.send(message as JSONRPCMessage, { relatedRequestId }).catch(() => {});
  }

  private upstreamClosed(upstream: Upstream): void {
    if (upstream !== this.upstream || this.closingUpstream || this.state === 'closed') return;
    this.upstream = undefined;
    clearTimeout(this.stableTimer);
    const exit = upstream.exit();
    const how = this.lastTransportError
      ? `after a protocol error (${this.lastTransportError})`
      : describeExit(exit);
    this.supervisor.noteExit(exit, how);
    const tail = this.supervisor.stderr.tail(5);
    for (const [id, method] of this.pending) {
      const when = method === 'initialize' ? 'before it answered initialize' : `while handling "${method}"`;
      this.reply(id, {
        code: SERVER_GONE,
        message: `Server "${this.supervisor.name}" exited ${how} ${when}.${this.handshakeDone ? ' The gateway is restarting it.' : ''}`,
        data: { exitCode: exit?.code ?? null, signal: exit?.signal ?? null, stderrTail: tail },
      });
    }
    this.pending.clear();
    this.progress.clear();
    if (!this.handshakeDone || !this.supervisor.canRestart()) {
      void this.close('the server exited');
      return;
    }
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    this.state = 'restarting';
    const delay = this.supervisor.nextDelay();
    this.supervisor.stderr.note(`restarting in ${delay} ms`);
    this.restartTimer = setTimeout(() => void this.restart(), delay);
  }

  private async restart(): Promise<void> {
    if (this.state === 'closed') return;
    this.supervisor.countRestart();
    try {
      await this.startUpstream();
      await this.replayHandshake();
      this.state = 'ready';
      this.supervisor.stderr.note('restarted; the browser session continues');
      this.sendUnsolicited({
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'warning', logger: 'mcp-dashboard-gateway', data: `Server "${this.supervisor.name}" exited and was restarted; subscriptions were reset.` },
      } as JSONRPCMessage);
    } catch (error) {
      this.supervisor.stderr.note(`restart failed: ${(error as Error).message}`);
      if (this.upstream) {
        this.closingUpstream = true;
        await this.upstream.transport.close().catch(() => {});
        this.upstream = undefined;
      }
      if (!this.isClosed()) this.scheduleRestart();
    }
  }

  private replayHandshake(): Promise<void> {
    const upstream = this.upstream;
    if (!this.initRequest || !upstream) return Promise.resolve();
    this.replayCount += 1;
    const id = `${REPLAY_PREFIX}${this.replayCount}`;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.replayWaiters.delete(id);
        reject(new Error('the restarted server did not answer initialize within 30 s'));
      }, 30_000);
      this.replayWaiters.set(id, (message) => {
        clearTimeout(timer);
        if (message.error) {
          reject(new Error(`the restarted server refused initialize: ${message.error.message}`));
          return;
        }
        upstream.transport
          .send({ jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage)
          .then(resolve, reject);
      });
      upstream.transport.send({ ...this.initRequest, id } as JSONRPCMessage).catch((error: Error) => {
        clearTimeout(timer);
        this.replayWaiters.delete(id);
        reject(error);
      });
    });
  }

  private isClosed(): boolean {
    return this.state === 'closed';
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
    for (const [id] of this.pending) {
      this.reply(id, { code: SERVER_GONE, message: `The session with server "${this.supervisor.name}" ended: ${reason}.` });
    }
    this.pending.clear();
    const upstream = this.upstream;
    this.upstream = undefined;
    this.closingUpstream = true;
    if (upstream) await upstream.transport.close().catch(() => {});
    await this.http.close().catch(() => {});
  }
}
