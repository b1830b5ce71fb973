import { readFile } from 'node:fs/promises';
import { exitProblem, spawnProblem } from '../doctor/diagnoses.js';
import type { SessionHost } from './session-host.js';
import { REFILL_DELAY_MS, SpawnQueue } from './spawn-queue.js';
import { describeExit, type Upstream } from './upstream.js';

/**
 * Warm servers. The gateway starts every enabled stdio server when it starts and keeps one
 * started, not-yet-initialized child per server — the spare — so the next page session gets a
 * running process at once; a new spare is made in the background afterwards. Nothing at all is sent
 * to a spare: the page's own opening (`server/discover` or `initialize`) is the first message the
 * server sees, so a session on a spare is the same session as on a fresh child — even a `ping` would
 * pin the SDK's dual-era stdio servers to 2025. A spare counts as warm once its process has gone
 * idle after loading (its CPU time, from /proc, stops growing) — that is also how long it holds its
 * slot in the start-up queue, so at most a few servers load at once.
 */

/** A spare that is still busy after this long counts as warm anyway. */
const WARM_TIMEOUT_MS = 10_000;
/** How often a loading spare's CPU time is read. */
const IDLE_SAMPLE_MS = 40;
/** A spare that keeps crashing is retried with the supervisor's backoff this many times; after that only a page's session starts it. */
const MAX_SPARE_FAILURES = 5;

/** The child processes of one server that have started and not exited (sessions', the spare, the 2026 channel's). */
export class ChildRegistry {
  private readonly live = new Set<Upstream>();

  constructor(private readonly onExit: () => void) {}

  /** Counts `upstream` (a stdio child) until its process exits. */
  track(upstream: Upstream): Upstream {
    if (!upstream.exited) return upstream;
    this.live.add(upstream);
    void upstream.exited.then(() => {
      this.live.delete(upstream);
      this.onExit();
    });
    return upstream;
  }

  /** Started children still running. */
  count(): number {
    return [...this.live].filter((u) => u.started && !u.exit()).length;
  }
}

/** What a spare reports to: its server's facts, log, problems and process records. */
export type SpareHost = Pick<SessionHost, 'server' | 'log' | 'problems' | 'processes'>;

/** What a spare asks of its server's process supervisor. */
export interface SpareHooks {
  /** Creates (does not start) a child for this server. */
  create(): Upstream;
  /** True when a new child may be started now (a single-instance server with a live child, or a failing one, says no). */
  mayStart(): boolean;
  /** A spare stayed up `stableMs`. */
  stable(): void;
  /** A spare is started again after a failure (the card's restart counter). */
  retrying(): void;
  /** True for a server that runs one child at most (shared or single): once taken, no next spare is made. */
  oneChild?(): boolean;
}

/** What the card and `/api/servers` learn about the spare. */
export type SpareState = 'none' | 'queued' | 'starting' | 'warm';

/** The warm spare of one stdio server. */
export class WarmSpare {
  private spare: { upstream: Upstream; warm: boolean } | undefined;
  private spawning: Promise<void> | undefined;
  private refillTimer: NodeJS.Timeout | undefined;
  private stableTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;
  private readonly settledListeners: Array<(warm: boolean) => void> = [];

  constructor(
    private readonly host: SpareHost,
    private readonly queue: SpawnQueue,
    private readonly hooks: SpareHooks,
  ) {}

  /** Where the spare is. */
  get state(): SpareState {
    if (this.spare) return this.spare.warm ? 'warm' : 'starting';
    if (this.spawning) return 'starting';
    return this.queue.queued(this) ? 'queued' : 'none';
  }

  /** Calls `listener` each time a spare has loaded (true) or failed to start (false): the catalog (catalog.ts) starts then. */
  onSettled(listener: (warm: boolean) => void): void {
    this.settledListeners.push(listener);
  }

  /** The spare's process id, if one is running. */
  pid(): number | null {
    return this.spare?.upstream.pid() ?? null;
  }

  /** Makes a spare unless there is one, one is on its way, or this server may not start another child now. */
  fill(): void {
    if (
      this.closed ||
      this.spare ||
      this.spawning ||
      this.refillTimer ||
      this.failures >= MAX_SPARE_FAILURES ||
      !this.hooks.mayStart()
    )
      return;
    this.queue.add(this, () => this.spawn());
  }

  /** The person pressed Restart on a failing server: start a spare again, with a fresh count of failures. */
  resume(): void {
    this.failures = 0;
    clearTimeout(this.refillTimer);
    this.refillTimer = undefined;
    this.fill();
  }

  /** Fills again after `delay` (debounced: pages take spares in bursts). */
  refillLater(delay = REFILL_DELAY_MS): void {
    if (this.closed) return;
    clearTimeout(this.refillTimer);
    this.refillTimer = setTimeout(() => {
      this.refillTimer = undefined;
      this.fill();
    }, delay);
    this.refillTimer.unref();
  }

  /**
   * Hands the spare to a session (started, perhaps still loading); undefined when there is none. A
   * spare still waiting in the queue is dropped: the caller starts its own child now. A spare whose
   * process is being spawned is waited for (milliseconds), so no second child starts beside it.
   */
  async take(): Promise<Upstream | undefined> {
    if (this.spawning) await this.spawning.catch(() => {});
    const spare = this.spare;
    this.spare = undefined;
    clearTimeout(this.stableTimer);
    const dropped = this.queue.cancel(this);
    // The next spare is queued now; the queue waits until sessions have stopped arriving for a while. A server that
    // runs one child (shared or single) makes no next spare and holds nothing: a shared server's child is taken for
    // the catalog's listing too, and with 21 shared servers those holds put 1.5 s between every two starts at the
    // gateway's start-up.
    if (!this.hooks.oneChild?.()) this.queue.hold(REFILL_DELAY_MS);
    if (spare && !spare.upstream.exit()) {
      spare.upstream.transport.onmessage = undefined;
      spare.upstream.transport.onclose = undefined;
      spare.upstream.transport.onerror = undefined;
      setImmediate(() => this.fill());
      return spare.upstream;
    }
    if (spare || dropped) setImmediate(() => this.fill());
    return undefined;
  }

  /** Takes back a started child nobody initialized (the 2026 probe's, see modern-relay.ts); one at most. */
  offer(upstream: Upstream): void {
    if (this.closed || upstream.exit()) {
      void upstream.transport.close().catch(() => {});
      return;
    }
    const old = this.spare;
    this.queue.cancel(this);
    this.watch(upstream, true);
    if (old) void old.upstream.transport.close().catch(() => {});
  }

  /** Stops the spare and makes no more. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.refillTimer);
    clearTimeout(this.stableTimer);
    this.queue.cancel(this);
    const spare = this.spare;
    this.spare = undefined;
    if (spare) await spare.upstream.transport.close().catch(() => {});
  }

  private async spawn(): Promise<void> {
    if (this.closed || this.spare || !this.hooks.mayStart()) return;
    const upstream = this.hooks.create();
    this.spawning = upstream.transport.start();
    try {
      await this.spawning;
      upstream.started = true;
    } catch (error) {
      this.spawning = undefined;
      const stdio = this.host.server.stdio!;
      this.host.problems.report(
        spawnProblem(this.host.server.site, stdio.command, stdio.cwd, error as NodeJS.ErrnoException),
      );
      this.failed();
      return;
    }
    this.spawning = undefined;
    if (this.closed) {
      await upstream.transport.close().catch(() => {});
      return;
    }
    this.host.processes.started(upstream);
    // The queue slot is held until the child answers (or dies): that is what bounds the start-up load.
    await this.watch(upstream, false);
  }

  /** Keeps `upstream` as the spare; resolves once its process has gone idle (loaded), exited, or been taken. */
  private watch(upstream: Upstream, warm: boolean): Promise<void> {
    const entry = { upstream, warm };
    this.spare = entry;
    upstream.transport.onmessage = undefined;
    upstream.transport.onerror = (error) => this.host.log.note(`spare: ${error.message}`);
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    upstream.transport.onclose = () => {
      settle();
      if (this.spare !== entry) return;
      this.spare = undefined;
      clearTimeout(this.stableTimer);
      const exit = upstream.exit();
      this.host.processes.exited(exit, `${describeExit(exit)} while waiting for a page`, upstream.tail?.(30));
      const stdio = this.host.server.stdio!;
      this.host.problems.report(
        exitProblem(
          this.host.server.site,
          stdio.command,
          exit,
          upstream.tail?.(30) ?? this.host.log.tail(30),
          'before it answered "initialize"',
        ),
      );
      this.failed();
    };
    clearTimeout(this.stableTimer);
    this.stableTimer = setTimeout(() => {
      if (this.spare !== entry) return;
      this.failures = 0;
      this.hooks.stable();
    }, this.host.processes.stableMs);
    this.stableTimer.unref();
    if (warm) return Promise.resolve();
    const pid = upstream.pid();
    void (pid ? untilIdle(pid, () => this.spare !== entry) : Promise.resolve()).then(() => {
      entry.warm = true;
      settle();
      for (const listener of this.settledListeners) listener(true);
    });
    return settled;
  }

  /** A spare that did not start or died: try again after the supervisor's backoff, a few times. */
  private failed(): void {
    this.failures += 1;
    for (const listener of this.settledListeners) listener(false);
    if (this.closed || this.failures >= MAX_SPARE_FAILURES) return;
    const delay = this.host.processes.restartDelay();
    if (delay === null) return; // the server is failing (a crash loop): only the person's Restart starts it again
    this.hooks.retrying();
    this.host.log.note(`starting a spare again in ${delay} ms`);
    this.refillLater(delay);
  }
}

/** CPU time (user + system, in clock ticks) of a process, from /proc; undefined where there is none. */
async function cpuTicks(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Resolves once the process has loaded: its CPU time grew and then stood still for two samples in a
 * row (or it is gone, or `stop()` says so, or WARM_TIMEOUT_MS passed). Without /proc (not Linux) it
 * waits a fixed half second.
 */
async function untilIdle(pid: number, stop: () => boolean): Promise<void> {
  const deadline = Date.now() + WARM_TIMEOUT_MS;
  let last = await cpuTicks(pid);
  if (last === undefined) {
    await new Promise((r) => setTimeout(r, 500).unref());
    return;
  }
  let still = 0;
  while (Date.now() < deadline && !stop()) {
    await new Promise((r) => setTimeout(r, IDLE_SAMPLE_MS).unref());
    const now = await cpuTicks(pid);
    if (now === undefined) return;
    still = now === last && now > 0 ? still + 1 : 0;
    last = now;
    if (still >= 2) return;
  }
}

/**
 * Starts keeping a warm spare for every server that can have one, through one spawn queue. Closing the
 * servers stops their spares and anything still queued (a closed spare starts nothing).
 */
export function warmServers(servers: Iterable<{ startWarm(queue: SpawnQueue): void }>): SpawnQueue {
  const queue = new SpawnQueue();
  for (const server of servers) server.startWarm(queue);
  return queue;
}
