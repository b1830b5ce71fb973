import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStdioServer, type ServerConfig } from '../../src/core/config-schema.js';
import type { GatewayServerSummary } from '../../src/core/gateway-client.js';
import { backoffDelay } from './backoff.js';
import { RelaySession } from './relay-session.js';
import { StderrBuffer } from './stderr-buffer.js';
import { createUpstream, type ExitInfo, type Upstream } from './upstream.js';
import type { ServerAuth } from './oauth/server-auth.js';

/** Tunables, mostly for tests. */
export interface SupervisorTiming {
  backoffBase: number;
  backoffMax: number;
  /** A child that stays up this long resets the backoff. */
  stableMs: number;
  /** Sessions with no open request for this long are closed. */
  idleMs: number;
}

export const DEFAULT_TIMING: SupervisorTiming = { backoffBase: 500, backoffMax: 30_000, stableMs: 10_000, idleMs: 5 * 60_000 };

/**
 * Everything the gateway runs for one configured server: its relay sessions, restart backoff,
 * bounded stderr, and the summary shown by `GET /api/servers` (never env values or headers).
 */
export class ServerSupervisor {
  readonly stderr = new StderrBuffer();
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

  constructor(
    readonly name: string,
    private readonly config: ServerConfig,
    private readonly configDir: string,
    private readonly configFile: string,
    private readonly timing: SupervisorTiming = DEFAULT_TIMING,
    /** Variables the gateway adds to a stdio child's environment (e.g. the passkey verifier's URL and token). */
    private readonly extraEnv: () => Record<string, string> = () => ({}),
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
    else if (states.includes('starting')) state = 'starting';
    else if (this.lastError && this.sessions.size === 0) state = this.everStarted ? 'crashed' : 'failed';
    else state = 'idle';
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
    };
  }

  /** Routes one `/mcp/<name>` request: to its session, or opens a new one on `initialize`. */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = this.byId.get(sessionId);
      if (!session) {
        sendJsonRpcError(res, 404, -32001, `Session not found for server "${this.name}" (the gateway may have been restarted). Reconnect to start a new session.`);
        return;
      }
      await session.handle(req, res, body);
      return;
    }
    if (req.method !== 'POST' || !isInitialize(body)) {
      sendJsonRpcError(res, 400, -32600, 'Bad request: send "initialize" first to open a session (no mcp-session-id header was given).');
      return;
    }
    const session = new RelaySession(this);
    this.sessions.add(session);
    await session.open();
    await session.handle(req, res, body);
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

  /** A fresh upstream for a session. */
  newUpstream(): Upstream {
    return createUpstream(this.config, this.configDir, this.stderr, this.extraEnv(), this.auth);
  }

  /** A readable reason for a failed spawn. */
  describeStartFailure(error: NodeJS.ErrnoException): Error {
    const command = isStdioServer(this.config) ? this.config.command : this.config.url;
    const reason =
      error.code === 'ENOENT'
        ? `the command "${command}" was not found (nor its working directory)`
        : error.code === 'EACCES'
          ? `the command "${command}" is not executable`
          : error.message;
    const message = `Could not start server "${this.name}": ${reason}. Check "mcpServers.${this.name}" in ${this.configFile}.`;
    this.lastError = message;
    this.consecutiveFailures += 1;
    this.stderr.note(message);
    return new Error(message);
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
    this.lastError = `exited ${how}`;
    this.stderr.note(`exited ${how}`);
  }

  /** Resets the backoff once a child has stayed up long enough. */
  markStable(): void {
    this.consecutiveFailures = 0;
  }

  /** Only stdio children are restarted; an HTTP server's session ends with its connection. */
  canRestart(): boolean {
    return this.transport === 'stdio';
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
  }

  /** Child pids of live sessions. */
  pids(): number[] {
    return [...this.sessions].map((s) => s.pid()).filter((p): p is number => typeof p === 'number');
  }

  /** Closes sessions nobody has used for `idleMs`. */
  sweepIdle(now = Date.now()): void {
    for (const session of [...this.sessions]) {
      if (session.activeRequests <= 0 && now - session.lastActivity > this.timing.idleMs) void session.close('idle for too long');
    }
  }

  /** Stops every session and child. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions].map((s) => s.close('the gateway is shutting down')));
  }
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => m !== null && typeof m === 'object' && (m as { method?: unknown }).method === 'initialize');
}

/** Writes a JSON-RPC error as a plain HTTP response. */
export function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
