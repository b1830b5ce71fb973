import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStdioServer, type ServerConfig } from '../../../src/core/shared/config/config-schema.js';
import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import type { GatewayServerSummary } from '../../../src/core/shared/gateway-api/gateway-client.js';
import { redactorFor, type Redact } from '../doctor/redact.js';
import type { ServerAuth } from '../oauth/server-auth.js';
import { checkInitialize } from './initialize-check.js';
import { ModernRelay } from './modern-relay.js';
import { classify } from './modern-route.js';
import { PersonHosts } from './person-host.js';
import { ProblemReporter } from './problem-reporter.js';
import { isInitialize, sendBlocked, sendJsonRpcAnswer, sendJsonRpcError, sessionCapMessage } from './route-answers.js';
import { RelaySession } from './session.js';
import type { ModernHost, ServerFacts, SessionHost } from './session-host.js';
import { SharedProcess } from './shared-process.js';
import type { SpawnQueue } from './spawn-queue.js';
import { StderrBuffer } from './stderr-buffer.js';
import { streamableClientSide, type OutgoingFilter } from './client-side.js';
import { countRelayError } from './call-meter.js';
import { DEFAULT_TIMING, ProcessSupervisor, type SupervisorTiming } from './supervisor.js';
import { httpKindOf, stdioCwd, type UpstreamKind } from './upstream.js';
import { printError } from '../terminal/terminal-text.js';

/** Where a server is defined and what the gateway adds to it. */
export interface ServerRouterOptions {
  /** The config file's folder: a stdio server's working directory is relative to it. */
  configDir: string;
  /** The config file, named in the doctor's messages. */
  configFile: string;
  timing?: SupervisorTiming;
  /** Variables the gateway adds to a stdio child's environment (e.g. the passkey verifier's URL and token). */
  extraEnv?: () => Record<string, string>;
  /** Where problems are reported for the user at the terminal (one line each). */
  print?: (line: string) => void;
  /** Team mode: only 2025 sessions, each bound to the person who opened it (2026 stateless requests get the fall-back answer). */
  sessionsOnly?: boolean;
}

/**
 * Everything behind `/mcp/<name>` for one configured server: it routes each request to its session
 * (or opens one on `initialize`, or hands a 2026 request to the modern relay), keeps the sessions,
 * and is the host they report to — composed of a process supervisor, a problem reporter and the
 * server's bounded stderr. Its summary is what `GET /api/servers` shows (never env values or headers).
 */
export class ServerRouter implements ModernHost {
  readonly server: ServerFacts;
  readonly log: StderrBuffer;
  readonly problems: ProblemReporter;
  readonly processes: ProcessSupervisor;
  /** Replaces what the config says about reaching the server in a line the page may read. */
  readonly redact: Redact;
  /** The gateway's OAuth client for this server (remote servers only; see oauth/server-auth.ts). */
  auth: ServerAuth | undefined;
  /** Called with the method of every notification the relays pass from this server to a page, and 'restarted' (catalog.ts). */
  onRelayed: ((method: string) => void) | undefined;
  /** Team mode, a server each person signs in to: each person's session host (person-host.ts). */
  private personal: PersonHosts | undefined;
  /** Team mode: whose each session is (the person's subject). */
  private readonly owners = new WeakMap<RelaySession, string>();
  private readonly print: (line: string) => void;
  private readonly sessions = new Set<RelaySession>();
  private readonly byId = new Map<string, RelaySession>();
  private readonly timing: SupervisorTiming;
  private readonly modern: ModernRelay;
  private upstreamKind: UpstreamKind | undefined;
  private blockedBy: ConnectionProblem | undefined;
  /** A `shared` stdio server: the one child every session uses, and the host its sessions report to. */
  private readonly sharing: { process: SharedProcess; host: SessionHost } | undefined;

  constructor(
    name: string,
    private readonly config: ServerConfig,
    options: ServerRouterOptions,
  ) {
    this.timing = options.timing ?? DEFAULT_TIMING;
    const stdio = isStdioServer(config);
    this.server = {
      name,
      transport: stdio ? 'stdio' : 'http',
      httpKind: stdio ? undefined : httpKindOf(config),
      site: { name, configFile: options.configFile },
      url: stdio ? undefined : config.url,
      stdio: stdio ? { command: config.command, cwd: stdioCwd(config, options.configDir) } : undefined,
    };
    this.redact = redactorFor(config);
    this.print = options.print ?? printError;
    this.log = new StderrBuffer(64 * 1024, this.redact);
    this.problems = new ProblemReporter({
      site: this.server.site,
      url: this.server.url,
      auth: () => this.auth,
      redact: this.redact,
      note: (line) => this.log.note(line),
      print: this.print,
      failed: () => this.processes.failed(),
    });
    this.processes = new ProcessSupervisor({
      config,
      configDir: options.configDir,
      timing: this.timing,
      facts: this.server,
      log: this.log,
      problems: this.problems,
      extraEnv: options.extraEnv ?? (() => ({})),
      auth: () => this.auth,
      onRestart: () => this.relayed('restarted'),
    });
    this.modern = new ModernRelay(this, config.protocol);
    if (options.sessionsOnly) this.modern.verdict = 'legacy';
    if (stdio && config.shared === true) {
      const process = new SharedProcess({ server: this.server, log: this.log, processes: this.processes });
      const host: SessionHost = {
        server: this.server,
        log: this.log,
        problems: this.problems,
        processes: process.lease,
        ready: (kind) => this.ready(kind),
        opened: (session) => this.opened(session as RelaySession),
        closed: (session) => this.closed(session as RelaySession),
        relayed: (method) => this.relayed(method),
      };
      this.sharing = { process, host };
      this.processes.sharedSeat = () => process.seat(false);
    }
  }

  /** True when the config marks this stdio server `"shared": true`: one process serves every session. */
  get shared(): boolean {
    return this.sharing !== undefined;
  }

  /** The server's name in the config. */
  get name(): string {
    return this.server.name;
  }

  /** True when the config marks this server disabled. */
  get disabled(): boolean {
    return this.config.disabled === true;
  }

  /** True when the config marks this stdio server `"single": true`: never more than one process. */
  get single(): boolean {
    return this.processes.single;
  }

  /**
   * Team mode: each person signs in to this server with their own account; `authOf` gives a person's OAuth
   * client. Their sessions use only it, and their summary shows their own sign-in (`summaryFor`).
   */
  signInPerPerson(authOf: (sub: string) => ServerAuth): void {
    this.personal = new PersonHosts(this, authOf, this.print);
  }

  /** Whether each person signs in to this server themself. */
  get perPerson(): boolean {
    return this.personal !== undefined;
  }

  /** The summary `sub` sees: with their own sign-in state when the server is signed in per person. */
  summaryFor(sub: string, shared = this.summary()): GatewayServerSummary {
    return this.personal ? this.personal.summary(sub, shared) : shared;
  }

  /** Ends the sessions of one person (after they signed out, so none keeps using a forgotten token). */
  async closeSessionsOf(sub: string, reason: string): Promise<void> {
    await Promise.all([...this.sessions].filter((s) => this.owners.get(s) === sub).map((s) => s.close(reason)));
  }

  /** Summary for the UI. */
  summary(): GatewayServerSummary {
    const states = [...this.sessions].map((s) => s.state);
    const warm = this.processes.warm;
    const lastError = this.problems.lastError;
    let state: GatewayServerSummary['state'];
    if (this.disabled) state = 'disabled';
    else if (this.processes.failing && !states.includes('ready')) state = 'failing';
    else if (states.includes('restarting')) state = 'restarting';
    else if (states.includes('ready')) state = 'running';
    else if (
      states.includes('starting') ||
      (this.sessions.size === 0 && warm && warm.state !== 'warm' && warm.state !== 'none')
    )
      state = 'starting';
    else if (lastError && this.sessions.size === 0) state = this.processes.everStarted ? 'crashed' : 'failed';
    else state = warm?.state === 'warm' ? 'running' : 'idle';
    return {
      name: this.name,
      transport: this.server.transport,
      state,
      restarts: this.processes.restarts,
      sessions: this.sessions.size,
      lastError,
      lastExit: this.processes.lastExit,
      disabled: this.disabled,
      ...(this.auth ? { auth: this.auth.summary() } : {}),
      problem: this.problems.problem,
      ...(this.upstreamKind && this.upstreamKind !== 'stdio' ? { upstreamTransport: this.upstreamKind } : {}),
    };
  }

  /** Keeps the server from starting until the config is fixed (the problem says how). */
  block(problem: ConnectionProblem): void {
    this.blockedBy = this.problems.report(problem);
  }

  /**
   * Routes one `/mcp/<name>` request: to its session, or opens a new one on `initialize`. In team mode a new
   * session gets `guard` (its owner's), and a request is routed only to a session whose guard `mayUse` accepts.
   */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    team?: { guard: OutgoingFilter; mayUse(session: RelaySession): boolean; sub?: string },
  ): Promise<void> {
    // A blocked config, or a crash loop the person has not restarted yet: no new session starts a process.
    const stopped = this.blockedBy ?? this.processes.failing;
    if (stopped && req.method === 'POST' && (isInitialize(body) || classify(req, body).kind === 'modern')) {
      countRelayError(this.name, 'blocked');
      sendBlocked(res, body, stopped);
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = this.byId.get(sessionId);
      // Another person's session is answered as if it did not exist.
      if (!session || (team && !team.mayUse(session))) {
        countRelayError(this.name, 'session-not-found');
        sendJsonRpcError(
          res,
          404,
          -32001,
          `Session not found for server "${this.name}" (the gateway may have been restarted). Reconnect to start a new session.`,
        );
        return;
      }
      await session.handle(req, res, body);
      return;
    }
    if (req.method === 'POST' && !isInitialize(body)) {
      const route = classify(req, body);
      if (route.kind === 'modern') {
        await this.modern.handle(req, res, route);
        return;
      }
      if (route.kind === 'reject') {
        sendJsonRpcAnswer(res, route.status, {
          jsonrpc: '2.0',
          id: (body as { id?: unknown })?.id ?? null,
          error: route.error,
        });
        return;
      }
    }
    if (req.method !== 'POST' || !isInitialize(body)) {
      sendJsonRpcError(
        res,
        400,
        -32600,
        'Bad request: send "initialize" first to open a session (no mcp-session-id header was given).',
      );
      return;
    }
    // Checked before anything is spawned: a request the transport would refuse must not leave a child behind.
    const refused = checkInitialize(req, body);
    if (refused) {
      sendJsonRpcError(res, refused.status, refused.code, refused.message);
      return;
    }
    if (this.sessions.size >= this.maxSessions()) {
      // A session whose page has gone (no event stream, nothing in flight) makes room first, the oldest.
      const idle = [...this.sessions].filter((s) => !s.inUse()).sort((a, b) => a.lastActivity - b.lastActivity)[0];
      if (!idle) {
        countRelayError(this.name, 'session-cap');
        sendJsonRpcError(res, 503, -32000, sessionCapMessage(this.name, this.capKind(), this.maxSessions()));
        return;
      }
      await idle.close('a newer session needed its place');
    }
    const sub = team?.sub;
    // A person's session on a server they sign in to themself reaches it with their own tokens only.
    const host = this.personal && sub !== undefined ? this.personal.host(sub) : (this.sharing?.host ?? this);
    if (this.personal && sub === undefined) {
      sendJsonRpcError(res, 403, -32000, `Server "${this.name}" is signed in to per person: sign in to the dashboard.`);
      return;
    }
    const session = new RelaySession(host, streamableClientSide, team?.guard);
    this.sessions.add(session);
    if (sub !== undefined) this.owners.set(session, sub);
    await session.open();
    await session.handle(req, res, body);
    // The transport refused it after all (it never got an id): nothing can reach this child, so stop it.
    if (!session.sessionId) void session.close('the initialize request was refused');
  }

  /** A live session by its MCP session id. */
  session(sessionId: string): RelaySession | undefined {
    return this.byId.get(sessionId);
  }

  /** A session has its id: requests that carry it reach it. */
  opened(session: RelaySession): void {
    if (session.sessionId) this.byId.set(session.sessionId, session);
  }

  /** A session ended. */
  closed(session: RelaySession): void {
    this.sessions.delete(session);
    if (session.sessionId) this.byId.delete(session.sessionId);
  }

  /** A session completed `initialize` over `kind`: whatever was wrong is fixed. */
  ready(kind: UpstreamKind): void {
    this.upstreamKind = kind;
    this.problems.recovered();
  }

  /** A server message passed on to a page, by method. */
  relayed(method: string): void {
    this.onRelayed?.(method);
  }

  private maxSessions(): number {
    if (this.single) return 1;
    return this.sharing ? this.timing.maxSharedSessions : this.timing.maxSessions;
  }

  private capKind(): 'single' | 'shared' | 'children' | 'sessions' {
    if (this.single) return 'single';
    if (this.sharing) return 'shared';
    return this.server.transport === 'stdio' ? 'children' : 'sessions';
  }

  /**
   * Starts keeping a warm spare (stdio servers that are enabled and not blocked); called once the
   * gateway listens, so the child's environment is complete.
   */
  startWarm(queue: SpawnQueue): void {
    if (this.disabled || this.blockedBy) return;
    this.processes.startWarm(queue, this);
  }

  /**
   * The person pressed Restart on a failing server (`POST /api/servers/<name>/restart`): it may start again — a
   * warm spare now, the catalog lists it again, and the next page session starts it. False when it was not failing.
   */
  restartFailing(): boolean {
    if (!this.processes.resume()) return false;
    this.relayed('restarted');
    return true;
  }

  /** Child pids of live sessions. */
  pids(): number[] {
    const pids = [...this.sessions].map((s) => s.pid()).filter((p): p is number => typeof p === 'number');
    return [...new Set(pids)];
  }

  /** Closes sessions nobody has used for `idleMs`. */
  sweepIdle(now = Date.now()): void {
    for (const session of [...this.sessions]) {
      if (session.activeRequests <= 0 && now - session.lastActivity > this.timing.idleMs)
        void session.close('idle for too long');
    }
  }

  /** Stops every session and child; each session's pending requests are told `reason`. */
  async closeAll(reason = 'the gateway is shutting down'): Promise<void> {
    await Promise.all([this.processes.close(), ...[...this.sessions].map((s) => s.close(reason))]);
    await this.sharing?.process.close();
    await this.modern.close();
  }
}
