import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import type { Id, JsonRpc } from './request-tracker.js';
import type { ProcessLease, ServerFacts, ServerLog } from './session-host.js';
import { SharedRoutes, type Seat } from './shared-routes.js';
import type { ExitInfo, Upstream } from './upstream.js';

/** How long the gateway waits for the shared child to answer a request of its own (initialize, subscribe). */
const GATEWAY_REQUEST_MS = 60_000;

/** The JSON-RPC error code of a server→client request the gateway cannot route to one session. */
export const UNROUTABLE = -32603;

/** What a shared process needs of its server: facts, log, and the supervisor's children and backoff. */
export interface SharedProcessHost {
  readonly server: ServerFacts;
  readonly log: ServerLog;
  /** The server's process supervisor (its warm spare is the first shared child). */
  readonly processes: Omit<ProcessLease, 'lease'> & { lease(): Promise<Upstream> };
}

/** One session's side of the shared child: a transport the relay session drives as if it were a child's. */
class SeatTransport implements Transport, Seat {
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  /** The child this seat was started on (a seat never moves: after a crash its session takes a new one). */
  child: Upstream | undefined;
  closed = false;

  constructor(
    private readonly owner: SharedProcess,
    /** False for the catalog's seat: a server→client request is never routed to it. */
    readonly askable: boolean,
  ) {}

  async start(): Promise<void> {
    this.child = await this.owner.join(this);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.owner.fromSeat(this, message as JsonRpc);
  }

  async close(): Promise<void> {
    this.owner.leave(this);
  }

  deliver(message: JsonRpc): void {
    if (!this.closed) this.onmessage?.(message as JSONRPCMessage);
  }
}

/**
 * One stdio child serving every 2025-era session of a server marked `"shared": true`. The gateway
 * initializes the child once (with the first session's `initialize`) and answers each later session's
 * `initialize` from that result; `ping` is answered here; request ids and progress tokens are made
 * unique per session on the way in and restored on the way out (shared-routes.ts); list changes go to
 * every session, resource updates to the sessions subscribed, log lines to the sessions whose level
 * admits them; a server→client request goes to the session whose call caused it, or is refused. When the
 * child exits, every session on it is told as if its own child had exited, and the restart backoff is
 * counted once for all of them (`lease`).
 */
export class SharedProcess {
  private child: Upstream | undefined;
  private starting: Promise<Upstream> | undefined;
  private init: Promise<JsonRpc> | undefined;
  private initParams: JsonRpc['params'];
  private readonly seats = new Set<SeatTransport>();
  private readonly routes = new SharedRoutes<SeatTransport>();
  private readonly waiters = new Map<string, { resolve(m: JsonRpc): void; reject(e: Error): void }>();
  private count = 0;
  /** Counts child exits and failed starts: the sessions of one loss share one restart delay. */
  private generation = 0;
  private noted = { exit: -1, delay: -1, restart: -1 };
  private delay: number | null = 0;

  /** The process lease the sessions of this server use: seats on the shared child, one backoff per loss. */
  readonly lease: ProcessLease;

  constructor(private readonly host: SharedProcessHost) {
    const processes = host.processes;
    this.lease = {
      lease: async () => this.seat(true),
      started: () => {},
      stableMs: processes.stableMs,
      stable: () => processes.stable(),
      exited: (exit: ExitInfo | undefined, how: string, tail?: string[]) => {
        if (this.noted.exit === this.generation) return;
        this.noted.exit = this.generation;
        processes.exited(exit, how, tail);
      },
      restartDelay: () => {
        if (this.noted.delay !== this.generation) {
          this.noted.delay = this.generation;
          this.delay = processes.restartDelay();
        }
        return this.delay;
      },
      restarting: () => {
        if (this.noted.restart === this.generation) return;
        this.noted.restart = this.generation;
        processes.restarting();
      },
    };
  }

  /** Sessions seated on the child now. */
  get sessions(): number {
    return this.seats.size;
  }

  /** The shared child's pid while it runs. */
  pid(): number | null {
    return this.child && !this.child.exit() ? this.child.pid() : null;
  }

  /** A new seat, as the upstream of one session (not started: its `start()` joins the child); `askable: false` for the catalog's. */
  seat(askable = true): Upstream {
    const seat = new SeatTransport(this, askable);
    return {
      transport: seat,
      exit: () => seat.child?.exit(),
      pid: () => seat.child?.pid() ?? null,
      kind: () => 'stdio',
      started: false,
    };
  }

  /** Seats `seat` on the running child, starting one if there is none. */
  async join(seat: SeatTransport): Promise<Upstream> {
    const child = await this.ensureChild();
    this.seats.add(seat);
    return child;
  }

  private ensureChild(): Promise<Upstream> {
    if (this.child && !this.child.exit()) return Promise.resolve(this.child);
    this.starting ??= this.startChild().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async startChild(): Promise<Upstream> {
    try {
      const child = await this.host.processes.lease();
      child.transport.onmessage = (message) => this.fromChild(child, message as JsonRpc);
      child.transport.onclose = () => this.childClosed(child);
      child.transport.onerror = (error) => this.host.log.note(`shared process: ${error.message}`);
      if (!child.started) {
        await child.transport.start();
        child.started = true;
        this.host.processes.started(child);
      }
      this.child = child;
      this.init = undefined;
      return child;
    } catch (error) {
      this.generation += 1;
      throw error;
    }
  }

  /** A message from one session. */
  fromSeat(seat: SeatTransport, message: JsonRpc): void {
    const child = seat.child;
    if (seat.closed || !child || child !== this.child) return;
    const isRequest = message.id !== undefined && typeof message.method === 'string';
    if (message.id !== undefined && !isRequest) {
      // The answer to a server→client request: only the session it was routed to may give it.
      if (this.routes.takeAnswer(seat, message.id)) this.send(child, message);
      return;
    }
    if (!isRequest) {
      if (message.method === 'notifications/initialized') return; // the child was told once
      if (message.method === 'notifications/cancelled') {
        const out = this.routes.cancelled(seat, message);
        if (out) this.send(child, out);
        return;
      }
      this.send(child, message);
      return;
    }
    const params = (message.params ?? {}) as Record<string, unknown>;
    switch (message.method) {
      case 'initialize':
        void this.initialize(seat, child, message);
        return;
      case 'ping':
        this.reply(seat, message.id!, {});
        return;
      case 'resources/subscribe':
        if (this.routes.subscribe(seat, String(params.uri))) void this.ask(seat, child, message, true);
        else this.reply(seat, message.id!, {});
        return;
      case 'resources/unsubscribe':
        if (this.routes.unsubscribe(seat, String(params.uri))) void this.ask(seat, child, message);
        else this.reply(seat, message.id!, {});
        return;
      case 'logging/setLevel': {
        const before = this.routes.childLevel();
        const level = this.routes.setLevel(seat, String(params.level));
        if (level !== before) void this.ask(seat, child, { ...message, params: { ...params, level } });
        else this.reply(seat, message.id!, {});
        return;
      }
    }
    this.send(child, this.routes.outgoing(seat, message));
  }

  /** Answers a session's `initialize` from the child's one initialize (sent now if it has not been). */
  private async initialize(seat: SeatTransport, child: Upstream, message: JsonRpc): Promise<void> {
    this.initParams ??= message.params;
    if (!this.init) {
      const init = this.request(child, { jsonrpc: '2.0', method: 'initialize', params: this.initParams });
      this.init = init;
      void init.then(
        (answer) => {
          if (answer.error) {
            if (this.init === init) this.init = undefined; // the next session's initialize tries again
          } else this.send(child, { jsonrpc: '2.0', method: 'notifications/initialized' });
        },
        () => {},
      );
    }
    let answer: JsonRpc;
    try {
      answer = await this.init;
    } catch {
      return; // the child exited: the session is told through its seat's close
    }
    if (answer.error) {
      seat.deliver({ jsonrpc: '2.0', id: message.id!, error: answer.error });
      return;
    }
    const result = answer.result as { protocolVersion?: string };
    const asked = (message.params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    // A server answers `initialize` with the version it speaks; the client decides whether it can use it.
    if (asked !== result.protocolVersion)
      this.host.log.note(
        `a session asked for protocol ${String(asked)}; the shared process speaks ${String(result.protocolVersion)}, which that session was told`,
      );
    seat.deliver({ jsonrpc: '2.0', id: message.id!, result });
  }

  /** Sends a session's request as the gateway's own and answers the session with the child's answer. */
  private async ask(seat: SeatTransport, child: Upstream, message: JsonRpc, subscribe = false): Promise<void> {
    let answer: JsonRpc;
    try {
      answer = await this.request(child, { jsonrpc: '2.0', method: message.method, params: message.params });
    } catch {
      return;
    }
    if (subscribe && answer.error) this.routes.unsubscribe(seat, String(message.params?.uri));
    seat.deliver({ ...answer, id: message.id! });
  }

  /** A request of the gateway's own on the child, with an id no session uses. */
  private request(child: Upstream, message: JsonRpc): Promise<JsonRpc> {
    this.count += 1;
    const id = `g${this.count}`;
    return new Promise<JsonRpc>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        reject(new Error(`"${message.method}" was not answered within ${GATEWAY_REQUEST_MS / 1000} s`));
      }, GATEWAY_REQUEST_MS);
      timer.unref();
      const done =
        <T>(f: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          this.waiters.delete(id);
          f(value);
        };
      this.waiters.set(id, { resolve: done(resolve), reject: done(reject) });
      this.send(child, { ...message, id });
    });
  }

  private reply(seat: SeatTransport, id: Id, result: unknown): void {
    setImmediate(() => seat.deliver({ jsonrpc: '2.0', id, result }));
  }

  private send(child: Upstream, message: JsonRpc): void {
    child.transport
      .send(message as JSONRPCMessage)
      .catch((error: Error) => this.host.log.note(`shared process: could not send: ${error.message}`));
  }

  private fromChild(child: Upstream, message: JsonRpc): void {
    if (child !== this.child) return;
    if (message.id !== undefined && message.method === undefined) {
      const waiter = this.waiters.get(String(message.id));
      if (waiter) return waiter.resolve(message);
      const answered = this.routes.answered(message);
      answered?.seat.deliver(answered.message);
      return;
    }
    if (message.id !== undefined) {
      this.serverRequest(child, message);
      return;
    }
    const method = message.method ?? '';
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (method === 'notifications/progress') {
      const routed = this.routes.progress(message);
      routed?.seat.deliver(routed.message);
    } else if (method.endsWith('/list_changed')) {
      for (const seat of this.seats) seat.deliver(message);
    } else if (method === 'notifications/resources/updated') {
      for (const seat of this.routes.subscribersOf(String(params.uri))) seat.deliver(message);
    } else if (method === 'notifications/message') {
      for (const seat of this.seats) if (this.routes.wantsLog(seat, params.level)) seat.deliver(message);
    } else if (method === 'notifications/cancelled') {
      this.routes.askedSeat(params.requestId as Id)?.deliver(message);
    } else {
      const busy = this.routes.busySeats();
      if (busy.size === 1) [...busy][0]!.deliver(message);
      else this.host.log.note(`shared process: "${method}" names no session; it was not passed on`);
    }
  }

  /** Sampling, elicitation, roots: to the session whose call caused it, or refused with a reason. */
  private serverRequest(child: Upstream, message: JsonRpc): void {
    const route = this.routes.route(message);
    if ('seat' in route) {
      this.routes.ask(message.id!, route.seat);
      route.seat.deliver(message);
      return;
    }
    const text = `The gateway serves server "${this.host.server.name}" to several sessions from one process and cannot tell which session "${message.method}" is for (${route.refuse}), so it was refused.`;
    this.host.log.note(text);
    this.send(child, { jsonrpc: '2.0', id: message.id!, error: { code: UNROUTABLE, message: text } });
  }

  /** A session ended: its requests are cancelled, questions to it refused, its subscriptions and level dropped. */
  leave(seat: SeatTransport): void {
    if (seat.closed) return;
    seat.closed = true;
    this.seats.delete(seat);
    const child = seat.child;
    if (!child || child !== this.child) return;
    const before = this.routes.childLevel();
    const gone = this.routes.leave(seat);
    for (const requestId of gone.running)
      this.send(child, {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId, reason: 'the session ended' },
      });
    for (const id of gone.asked)
      this.send(child, {
        jsonrpc: '2.0',
        id,
        error: { code: UNROUTABLE, message: 'The session this was sent to ended.' },
      });
    for (const uri of gone.lastOf)
      void this.request(child, { jsonrpc: '2.0', method: 'resources/unsubscribe', params: { uri } }).catch(() => {});
    const level = this.routes.childLevel();
    if (level !== undefined && level !== before)
      void this.request(child, { jsonrpc: '2.0', method: 'logging/setLevel', params: { level } }).catch(() => {});
  }

  private childClosed(child: Upstream): void {
    if (child !== this.child) return;
    this.child = undefined;
    this.init = undefined;
    this.generation += 1;
    for (const waiter of [...this.waiters.values()]) waiter.reject(new Error('the shared process exited'));
    this.routes.reset();
    const seats = [...this.seats];
    this.seats.clear();
    // Each session on it restarts it (the first one starts the child, the rest join it), as after its own child's exit.
    for (const seat of seats) {
      seat.closed = true;
      seat.onclose?.();
    }
  }

  /** Stops the shared child (the gateway is shutting down or the server was removed). */
  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child) await child.transport.close().catch(() => {});
  }
}
