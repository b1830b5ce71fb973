import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStdioServer, type ServerConfig } from '../../../src/core/shared/config/config-schema.js';
import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import type { GatewayServerSummary } from '../../../src/core/shared/gateway-api/gateway-client.js';
import { backoffDelay } from './backoff.js';
import { checkInitialize } from './initialize-check.js';
import { problemLine, type ProblemSite } from '../doctor/diagnoses.js';
import { classify, ModernRelay } from './modern-relay.js';
import { RelaySession } from './session.js';
import { StderrBuffer } from './stderr-buffer.js';
import { ChildRegistry, WarmSpare, type SpawnQueue } from './warm-pool.js';
export { warmServers } from './warm-pool.js';
import { createUpstream, httpKindOf, stdioCwd, type ExitInfo, type Upstream, type UpstreamKind } from './upstream.js';
import type { ServerAuth } from '../oauth/server-auth.js';

/** Tunables, mostly for tests. */
export interface SupervisorTiming {
  backoffBase: number;
  backoffMax: number;
  /** A child that stays up this long resets the backoff. */
  stableMs: number;
  /** Sessions with no open request for this long are closed. */
  idleMs: number;
  /** Open sessions (children, for stdio) per server; one more is refused with a clear error. */
  maxSessions: number;
}

export const DEFAULT_TIMING: SupervisorTiming = {
  backoffBase: 500,
  backoffMax: 30_000,
  stableMs: 10_000,
  idleMs: 5 * 60_000,
  maxSessions: 16,
};

/**
 * Everything the gateway runs for one configured server: its relay sessions, restart backoff,
 * bounded stderr, and the summary shown by `GET /api/servers` (never env values or headers).
 */
export class ServerSupervisor {
  readonly stderr = new StderrBuffer(64 * 1024, (line) => this.redact(line));
  readonly transport: 'stdio' | 'http';
  readonly stableMs: number;
  private readonly sessions = new Set<RelaySession>();
  private readonly byId = new Map<string, RelaySession>();
  private restarts = 0;
  private consecutiveFailures = 0;
  private lastExit: { code: number | null; signal: string | null; at: string } | null = null;
  private lastError: string | null = null;
  private everStarted = false;
  /** The gateway's OAuth client for this server (remote servers only; see oauth/server-auth.ts). */
  auth: ServerAuth | undefined;
  private problem: ConnectionProblem | null = null;
  private reported = '';
  private upstreamKind: UpstreamKind | undefined;
  private blockedBy: ConnectionProblem | undefined;
  /** A started child handed on by the 2026 probe, for the next 2025 session (see modern-relay.ts). */
  private spare: { upstream: Upstream; at: number } | undefined;
  /** The warm spare of a stdio server (warm-pool.ts), once the gateway listens; the catalog (catalog.ts) follows it. */
  warm: WarmSpare | undefined;
  /** Called with the method of every notification the relays pass from this server to a page, and 'restarted' (catalog.ts). */
  onRelayed: ((method: string) => void) | undefined;
  /** A single-instance server gets its warm process back once the one before it has gone. */
  private readonly children = new ChildRegistry(() => this.single && this.warm?.fill());
  private readonly modern = new ModernRelay(this);

  constructor(
    readonly name: string,
    private readonly config: ServerConfig,
    private readonly configDir: string,
    private readonly configFile: string,
    private readonly timing: SupervisorTiming = DEFAULT_TIMING,
    /** Variables the gateway adds to a stdio child's environment (e.g. the passkey verifier's URL and token). */
    private readonly extraEnv: () => Record<string, string> = () => ({}),
    /** Where problems are reported for the user at the terminal (one line each). */
    private readonly report: (line: string) => void = (line) => process.stderr.write(line),
  ) {
    this.transport = isStdioServer(config) ? 'stdio' : 'http';
    this.stableMs = timing.stableMs;
  }

  /** True when the config marks this server disabled. */
  get disabled(): boolean {
    return this.config.disabled === true;
  }

  /** Summary for the UI. */
  summary(): GatewayServerSummary {
    const states = [...this.sessions].map((s) => s.state);
    let state: GatewayServerSummary['state'];
    if (this.disabled) state = 'disabled';
    else if (states.includes('restarting')) state = 'restarting';
    else if (states.includes('ready')) state = 'running';
    else if (
      states.includes('starting') ||
      (this.sessions.size === 0 && this.warm && this.warm.state !== 'warm' && this.warm.state !== 'none')
    )
      state = 'starting';
    else if (this.lastError && this.sessions.size === 0) state = this.everStarted ? 'crashed' : 'failed';
    else state = this.warm?.state === 'warm' ? 'running' : 'idle';
    return {
      name: this.name,
      transport: this.transport,
      state,
      restarts: this.restarts,
      sessions: this.sessions.size,
      lastError: this.lastError,
      lastExit: this.lastExit,
      disabled: this.disabled,
      ...(this.auth ? { auth: this.auth.summary() } : {}),
      problem: this.problem,
      ...(this.upstreamKind && this.upstreamKind !== 'stdio' ? { upstreamTransport: this.upstreamKind } : {}),
    };
  }

  /** Keeps the server from starting until the config is fixed (the problem says how). */
  block(problem: ConnectionProblem): void {
    this.blockedBy = this.noteProblem(problem);
  }

  /** Routes one `/mcp/<name>` request: to its session, or opens a new one on `initialize`. */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (this.blockedBy && req.method === 'POST' && isInitialize(body)) {
      const id =
        (Array.isArray(body) ? body : [body]).find((m) => (m as { method?: unknown })?.method === 'initialize')?.id ??
        null;
      const problem = this.blockedBy;
      const answer = JSON.stringify({
        jsonrpc: '2.0',
        id,
        error: { code: -32000, message: `${problem.message} ${problem.action}`, data: { problem } },
      });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(answer) });
      res.end(answer);
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = this.byId.get(sessionId);
      if (!session) {
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
        const answer = JSON.stringify({
          jsonrpc: '2.0',
          id: (body as { id?: unknown })?.id ?? null,
          error: route.error,
        });
        res.writeHead(route.status, {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(answer),
        });
        res.end(answer);
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
      const spare = [...this.sessions].filter((s) => !s.inUse()).sort((a, b) => a.lastActivity - b.lastActivity)[0];
      if (!spare) {
        if (this.single) {
          sendJsonRpcError(
            res,
            503,
            -32000,
            `Server "${this.name}" is marked "single" in the config: it runs as one process, and a dashboard tab is using it. Close the other tab (or wait until it has been idle) and try again.`,
          );
          return;
        }
        sendJsonRpcError(
          res,
          503,
          -32000,
          `Server "${this.name}" already has ${this.timing.maxSessions} sessions in use, the most the gateway runs at once for one server (each open dashboard tab uses one). Close dashboard tabs you no longer use and try again.`,
        );
        return;
      }
      await spare.close('a newer session needed its place');
    }
    const session = new RelaySession(this);
    this.sessions.add(session);
    await session.open();
    await session.handle(req, res, body);
    // The transport refused it after all (it never got an id): nothing can reach this child, so stop it.
    if (!session.sessionId) void session.close('the initialize request was refused');
  }

  /** A live session by its MCP session id. */
  session(sessionId: string): RelaySession | undefined {
    return this.byId.get(sessionId);
  }

  /** Called by a session once its id exists. */
  registerSession(session: RelaySession): void {
    if (session.sessionId) this.byId.set(session.sessionId, session);
  }

  /** Called by a session when it closes. */
  unregisterSession(session: RelaySession): void {
    this.sessions.delete(session);
    if (session.sessionId) this.byId.delete(session.sessionId);
  }

  /** True when the config marks this stdio server `"single": true`: never more than one process. */
  get single(): boolean {
    return isStdioServer(this.config) && this.config.single === true;
  }

  private maxSessions(): number {
    return this.single ? 1 : this.timing.maxSessions;
  }

  /**
   * Starts keeping a warm spare (stdio servers that are enabled and not blocked); called once the
   * gateway listens, so the child's environment is complete.
   */
  startWarm(queue: SpawnQueue): void {
    if (!isStdioServer(this.config) || this.disabled || this.blockedBy || this.warm) return;
    this.warm = new WarmSpare(
      this,
      queue,
      () => this.spawnChild(),
      () => !this.single || this.children.count() === 0,
    );
    this.warm.fill();
  }

  /** An upstream for a session: the warm spare or the probe's child if one is waiting (unless `fresh`), else a new one. */
  async newUpstream(options: { fresh?: boolean } = {}): Promise<Upstream> {
    const spare = this.spare;
    this.spare = undefined;
    if (spare && !options.fresh && Date.now() - spare.at < 60_000 && !spare.upstream.exit()) return spare.upstream;
    if (spare) void spare.upstream.transport.close().catch(() => {});
    const warm = options.fresh ? undefined : await this.warm?.take();
    return warm ?? this.spawnChild();
  }

  /** A new (not started) upstream; stdio children are counted until their process has exited. */
  spawnChild(): Upstream {
    return this.children.track(createUpstream(this.config, this.configDir, this.stderr, this.extraEnv(), this.auth));
  }

  /** Keeps a started child for the next session (one at most; an older one is stopped). */
  offerSpare(upstream: Upstream): void {
    if (this.warm) {
      this.warm.offer(upstream);
      return;
    }
    if (this.spare) void this.spare.upstream.transport.close().catch(() => {});
    this.spare = { upstream, at: Date.now() };
  }

  /** For HTTP servers: the wire the config asks for. */
  httpKind(): 'streamable-http' | 'sse' | 'auto' | undefined {
    return isStdioServer(this.config) ? undefined : httpKindOf(this.config);
  }

  /** For HTTP servers: the headers from the config (they never leave the gateway). */
  httpHeaders(): Record<string, string> {
    return isStdioServer(this.config) ? {} : { ...(this.config.headers ?? {}) };
  }

  /** The server's name and config file, for the doctor's messages. */
  site(): ProblemSite {
    return { name: this.name, configFile: this.configFile };
  }

  /** The command and working directory of a stdio server; undefined for HTTP servers. */
  stdioCommand(): { command: string; cwd: string } | undefined {
    return isStdioServer(this.config)
      ? { command: this.config.command, cwd: stdioCwd(this.config, this.configDir) }
      : undefined;
  }

  /** The URL of an HTTP server; undefined for stdio servers. */
  url(): string | undefined {
    return isStdioServer(this.config) ? undefined : this.config.url;
  }

  /** Records a diagnosed problem (shown on the card and, once per distinct problem, at the terminal). */
  noteProblem(full: ConnectionProblem): ConnectionProblem {
    // The page sees the command by its base name, no arguments and an HTTP server by its origin
    // (docs/security.md); the terminal line below keeps everything.
    const problem = this.pageSafe(full);
    this.problem = problem;
    this.lastError = problem.message;
    // A lost session or a sign-in to do is not the server failing (no backoff for it).
    this.consecutiveFailures += problem.step === 'session' || problem.kind.startsWith('oauth-') ? 0 : 1;
    this.stderr.note(`${problem.step}: ${problem.message}`);
    const key = `${problem.step}\n${problem.kind}\n${problem.message}`;
    if (key !== this.reported) {
      this.reported = key;
      this.report(problemLine(this.name, full));
    }
    return problem;
  }

  /** A session completed `initialize`: whatever was wrong is fixed. */
  noteReady(kind?: UpstreamKind): void {
    if (kind) this.upstreamKind = kind;
    this.noteRecovered();
  }

  /** A lost session or crashed process is back. */
  noteRecovered(): void {
    this.problem = null;
    this.lastError = null;
    this.reported = '';
  }

  /**
   * Replaces what the config says about reaching the server in a line the page may read: the command
   * by its base name (never its path), each argument by "<argument>", an HTTP server's URL by its
   * origin (a path or query may carry a key).
   */
  redact(line: string): string {
    let secrets: Array<readonly [string, string]>;
    if (isStdioServer(this.config)) {
      const base = this.config.command.split(/[\\/]/).pop() || '<command>';
      secrets = [
        ...(this.config.args ?? []).map((a) => [a, '<argument>'] as const),
        [this.config.command, base] as const,
      ];
    } else {
      let origin = '<url>';
      try {
        origin = new URL(this.config.url).origin;
      } catch {
        // keep the label
      }
      secrets = [[this.config.url, origin] as const];
    }
    let out = line;
    for (const [secret, label] of secrets
      .filter(([v, l]: readonly [string, string]) => v.length >= 3 && v !== l)
      .sort((a, b) => b[0].length - a[0].length))
      out = out.split(secret).join(label);
    return out;
  }

  /** A copy of `problem` with every text and detail passed through `redact`. */
  private pageSafe(problem: ConnectionProblem): ConnectionProblem {
    const details: ConnectionProblem['details'] = {};
    for (const [key, value] of Object.entries(problem.details)) {
      details[key] =
        typeof value === 'string'
          ? this.redact(value)
          : Array.isArray(value)
            ? value.map((v) => this.redact(v))
            : value;
    }
    return { ...problem, message: this.redact(problem.message), action: this.redact(problem.action), details };
  }

  /** Records a successful start. */
  noteStarted(upstream: Upstream): void {
    this.everStarted = true;
    this.lastError = null;
    const pid = upstream.pid();
    this.stderr.note(pid ? `started (pid ${pid})` : 'connected');
  }

  /** Records an exit. */
  noteExit(exit: ExitInfo | undefined, how: string): void {
    this.lastExit = { code: exit?.code ?? null, signal: exit?.signal ?? null, at: new Date().toISOString() };
    this.lastError = this.redact(`exited ${how}`);
    this.stderr.note(`exited ${how}`);
  }

  /** Resets the backoff once a child has stayed up long enough. */
  markStable(): void {
    this.consecutiveFailures = 0;
  }

  /** A crashed stdio child is restarted; an HTTP server that lost the session is re-initialized. */
  canRestart(): boolean {
    return true;
  }

  /** The next restart delay (capped exponential) and the failure count it implies. */
  nextDelay(): number {
    const delay = backoffDelay(this.consecutiveFailures, this.timing.backoffBase, this.timing.backoffMax);
    this.consecutiveFailures += 1;
    return delay;
  }

  /** Counts one restart. */
  countRestart(): void {
    this.restarts += 1;
    this.onRelayed?.('restarted');
  }

  /** Child pids of live sessions. */
  pids(): number[] {
    return [...this.sessions].map((s) => s.pid()).filter((p): p is number => typeof p === 'number');
  }

  /** Closes sessions nobody has used for `idleMs`. */
  sweepIdle(now = Date.now()): void {
    for (const session of [...this.sessions]) {
      if (session.activeRequests <= 0 && now - session.lastActivity > this.timing.idleMs)
        void session.close('idle for too long');
    }
  }

  /** Stops every session and child. */
  async closeAll(): Promise<void> {
    const spare = this.spare;
    this.spare = undefined;
    await Promise.all([this.warm?.close(), ...[...this.sessions].map((s) => s.close('the gateway is shutting down'))]);
    await this.modern.close();
    if (spare) await spare.upstream.transport.close().catch(() => {});
  }
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (m) => m !== null && typeof m === 'object' && (m as { method?: unknown }).method === 'initialize',
  );
}

/** Writes a JSON-RPC error as a plain HTTP response. */
export function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
