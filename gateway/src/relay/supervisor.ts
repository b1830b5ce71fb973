import { isStdioServer, type ServerConfig } from '../../../src/core/shared/config/config-schema.js';
import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { crashLoopProblem } from '../doctor/diagnoses.js';
import { explainingLines, lastRunLines } from '../doctor/stderr-explain.js';
import type { ServerAuth } from '../oauth/server-auth.js';
import { backoffDelay } from './backoff.js';
import { createHttpTransport } from './http-transport.js';
import { HttpObserver } from './http-observer.js';
import type { ProblemReporter } from './problem-reporter.js';
import type { HttpExchange, ServerFacts } from './session-host.js';
import type { SpawnQueue } from './spawn-queue.js';
import type { StderrBuffer } from './stderr-buffer.js';
import { createUpstream, describeExit, type ExitInfo, type Upstream } from './upstream.js';
import { ChildRegistry, WarmSpare, type SpareHost } from './warm-pool.js';

/** Tunables, mostly for tests. */
export interface SupervisorTiming {
  backoffBase: number;
  backoffMax: number;
  /** A child that stays up this long resets the backoff. */
  stableMs: number;
  /** Sessions with no open request for this long are closed. */
  idleMs: number;
  /** Open sessions (children, for stdio) per server; one more is refused with a clear error (a server's `maxChildren` overrides it). */
  maxSessions: number;
  /** Open sessions of a `shared` server (they share one child, so this bounds only the gateway's own bookkeeping). */
  maxSharedSessions: number;
  /** A stdio server that fails this many times in a row soon after starting is not restarted any more (a crash loop). */
  crashLoopLimit: number;
}

/** What users get. */
export const DEFAULT_TIMING: SupervisorTiming = {
  backoffBase: 500,
  backoffMax: 30_000,
  stableMs: 10_000,
  idleMs: 5 * 60_000,
  maxSessions: 16,
  maxSharedSessions: 1024,
  crashLoopLimit: 5,
};

/** What a process supervisor is built from. */
export interface SupervisorOptions {
  config: ServerConfig;
  /** The config file's folder: a stdio server's working directory is relative to it. */
  configDir: string;
  timing: SupervisorTiming;
  /** The server's name, wire and place. */
  facts: ServerFacts;
  /** The server's stderr buffer: children write to it, the gateway notes what it does. */
  log: StderrBuffer;
  /** Where problems and the last error are recorded. */
  problems: ProblemReporter;
  /** Variables the gateway adds to a stdio child's environment (e.g. the passkey verifier's URL and token). */
  extraEnv: () => Record<string, string>;
  /** The server's OAuth client, if it has one. */
  auth: () => ServerAuth | undefined;
  /** A session restarted its upstream. */
  onRestart: () => void;
}

/**
 * The processes of one configured server: it creates children (and HTTP upstreams), keeps the warm
 * spare and the child a 2026 probe handed back, counts live children, restarts and the backoff, and
 * remembers how the last one exited. It knows nothing of HTTP requests or sessions.
 */
export class ProcessSupervisor {
  /** How long an upstream must stay up before the backoff starts over. */
  readonly stableMs: number;
  /** Restarts so far (every session's). */
  restarts = 0;
  /** True once any child has started. */
  everStarted = false;
  /** How the last child exited. */
  lastExit: { code: number | null; signal: string | null; at: string } | null = null;
  /** The warm spare of a stdio server (warm-pool.ts), once the gateway listens; the catalog follows it. */
  warm: WarmSpare | undefined;
  private consecutiveFailures = 0;
  /** Restarts asked for in a row with no child staying up `stableMs` in between (a warm spare's quiet wait does not count). */
  private quickFailures = 0;
  /**
   * Set once `crashLoopLimit` restarts came in a row without a stable child: nothing starts this server again until
   * `resume()` (the person's Restart). A config change makes a new supervisor, so it starts afresh too.
   */
  failing: ConnectionProblem | undefined;
  /** What the last process that exited wrote about it (taken at its exit: other children may write after it). */
  private lastWords: string[] = [];
  /** A started child handed on by the 2026 probe, for the next 2025 session (see modern-relay.ts). */
  private spare: { upstream: Upstream; at: number } | undefined;
  /** A single-instance server gets its warm process back once the one before it has gone. */
  private readonly children = new ChildRegistry(() => this.single && this.warm?.fill());

  constructor(private readonly options: SupervisorOptions) {
    this.stableMs = options.timing.stableMs;
  }

  /** True when the config marks this stdio server `"single": true`: never more than one process. */
  get single(): boolean {
    return isStdioServer(this.options.config) && this.options.config.single === true;
  }

  /** True when the config marks this stdio server `"shared": true`: one child serves every session (shared-process.ts). */
  get shared(): boolean {
    return isStdioServer(this.options.config) && this.options.config.shared === true;
  }

  /** Stdio children of this server that are running (metrics). */
  get childCount(): number {
    return this.children.count();
  }

  /** Starts keeping a warm spare (stdio servers only); `host` is what the spare reports to. */
  startWarm(queue: SpawnQueue, host: SpareHost): void {
    if (!isStdioServer(this.options.config) || this.warm) return;
    this.warm = new WarmSpare(host, queue, {
      create: () => this.spawnChild(),
      mayStart: () => !this.failing && (!(this.single || this.shared) || this.children.count() === 0),
      // A spare nobody spoke to says nothing about a session's child: it resets the backoff, not the crash-loop count.
      stable: () => void (this.consecutiveFailures = 0),
      retrying: () => void (this.restarts += 1),
      oneChild: () => this.single || this.shared,
    });
    this.warm.fill();
  }

  /** An upstream for a session: the warm spare or the probe's child if one is waiting, else a new one. */
  async lease(): Promise<Upstream> {
    if (this.failing) throw new Error(`${this.failing.message} ${this.failing.action}`);
    const spare = this.spare;
    this.spare = undefined;
    if (spare && Date.now() - spare.at < 60_000 && !spare.upstream.exit()) return spare.upstream;
    if (spare) void spare.upstream.transport.close().catch(() => {});
    const warm = await this.warm?.take();
    return warm ?? this.spawnChild();
  }

  /**
   * A new (not started) upstream; stdio children are counted until their process has exited. `auth`: the OAuth
   * client to use instead of the server's (a person's own, in team mode).
   */
  spawnChild(auth: ServerAuth | undefined = this.options.auth()): Upstream {
    // A restart or discovery timed before the server was stopped starts nothing: it fails with the diagnosis.
    if (this.failing) throw new Error(`${this.failing.message} ${this.failing.action}`);
    const { config, configDir, log, extraEnv } = this.options;
    return this.children.track(createUpstream(config, configDir, log, extraEnv(), auth));
  }

  /** A `shared` server's seat on its one child (set by its router): the catalog lists through it. */
  sharedSeat: (() => Upstream) | undefined;

  /** The upstream the catalog lists with: a seat on a shared server's one child, else a child of its own. */
  discoveryUpstream(): Upstream {
    return this.sharedSeat?.() ?? this.spawnChild();
  }

  /** Keeps a started child for the next session (one at most; an older one is stopped). */
  offer(upstream: Upstream): void {
    // A shared server whose one child already runs needs no second one waiting.
    if (this.shared && this.children.count() > 1) {
      void upstream.transport.close().catch(() => {});
      return;
    }
    if (this.warm) {
      this.warm.offer(upstream);
      return;
    }
    if (this.spare) void this.spare.upstream.transport.close().catch(() => {});
    this.spare = { upstream, at: Date.now() };
  }

  /** A one-off Streamable HTTP connection (a 2026 exchange) with the config's headers and the OAuth client. */
  httpExchange(): HttpExchange {
    const config = this.options.config;
    if (isStdioServer(config)) throw new Error(`Server "${this.options.facts.name}" is not an HTTP server.`);
    const auth = this.options.auth();
    const observer = new HttpObserver(auth?.fetch);
    const headers = { ...(config.headers ?? {}) };
    const transport = createHttpTransport(
      'streamable-http',
      new URL(config.url),
      headers,
      observer.fetch,
      auth?.provider,
    );
    return { transport, observer };
  }

  /** Records a successful start. */
  started(upstream: Upstream): void {
    this.everStarted = true;
    this.options.problems.clearError();
    const pid = upstream.pid();
    this.options.log.note(pid ? `started (pid ${pid})` : 'connected');
  }

  /** Records an exit. */
  exited(exit: ExitInfo | undefined, how: string, tail?: string[]): void {
    this.lastExit = { code: exit?.code ?? null, signal: exit?.signal ?? null, at: new Date().toISOString() };
    this.options.problems.noteError(`exited ${how}`);
    // The exiting process's own lines when it has them: another process of the server may have written since.
    const words = explainingLines(lastRunLines(tail ?? this.options.log.tail(30)));
    if (words.length > 0) this.lastWords = words;
    this.options.log.note(`exited ${how}`);
  }

  /** A problem that counts as the server failing: the next restart waits longer. */
  failed(): void {
    this.consecutiveFailures += 1;
  }

  /** Resets the backoff and the crash-loop count once a child has stayed up long enough. */
  stable(): void {
    this.consecutiveFailures = 0;
    this.quickFailures = 0;
  }

  /**
   * The next restart delay (capped exponential); each call counts as one more failure. Null once the server is
   * failing: a stdio server asked to restart `crashLoopLimit` times in a row without a stable child is stopped
   * (reported once, with what it last wrote) instead of being started again for ever.
   */
  restartDelay(): number | null {
    if (this.failing) return null;
    const { backoffBase, backoffMax, crashLoopLimit } = this.options.timing;
    this.quickFailures += 1;
    if (isStdioServer(this.options.config) && this.quickFailures >= crashLoopLimit) {
      this.stopRestarting();
      return null;
    }
    const delay = backoffDelay(this.consecutiveFailures, backoffBase, backoffMax);
    this.consecutiveFailures += 1;
    return delay;
  }

  private stopRestarting(): void {
    const { facts, log, problems } = this.options;
    const last = this.lastExit
      ? `exited ${describeExit({ code: this.lastExit.code, signal: this.lastExit.signal as NodeJS.Signals | null })}`
      : (problems.lastError ?? 'it did not start');
    const command = facts.stdio?.command ?? facts.name;
    // A process that cannot be started at all (command not found, no such cwd…) keeps that diagnosis: it says more.
    const current = problems.problem;
    this.failing =
      current?.step === 'spawn' && current.kind !== 'exited' && current.kind !== 'crash-loop'
        ? current
        : problems.report(crashLoopProblem(facts.site, command, this.quickFailures, last, this.lastWords));
    log.note(`stopped restarting after ${this.quickFailures} failures in a row; press Restart in its card`);
  }

  /** The person pressed Restart: a failing server may start again, with a fresh backoff. True when it was failing. */
  resume(): boolean {
    const was = this.failing !== undefined;
    this.failing = undefined;
    this.quickFailures = 0;
    this.consecutiveFailures = 0;
    if (was) {
      this.options.problems.recovered();
      this.options.log.note('Restart pressed: starting it again');
      this.warm?.resume();
    }
    return was;
  }

  /** Counts one restart. */
  restarting(): void {
    this.restarts += 1;
    this.options.onRestart();
  }

  /** Stops the warm spare and the probe's child. */
  async close(): Promise<void> {
    const spare = this.spare;
    this.spare = undefined;
    await this.warm?.close();
    if (spare) await spare.upstream.transport.close().catch(() => {});
  }
}
