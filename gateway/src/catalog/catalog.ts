import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { learnTools } from '../metrics/instruments.js';
import type { SpawnQueue } from '../relay/spawn-queue.js';
import type { Upstream } from '../relay/upstream.js';
import { listErrorLine } from '../doctor/diagnoses.js';
import { discoverServer, DiscoveryFailure, type DiscoveryTarget } from './discover.js';

/**
 * The discovery catalog: every enabled stdio server's tools, resources, resource templates
 * and prompts, listed by the gateway itself once the server's warm spare has loaded, so a page can
 * render every card from one `GET /api/catalog` and open its own sessions afterwards. Each discovery
 * is a dedicated short-lived child (discover.ts) run through the warm pool's spawn queue
 * (bounded concurrency, held while pages take spares); the spare itself is never spoken to. A relayed
 * `list_changed` marks the entry stale and discovers it again; the old entry is served meanwhile.
 */

/** An entry larger than this (serialized) is not kept: the page lists that server itself. */
export const MAX_ENTRY_BYTES = 32 * 1024 * 1024;
/** A discovery that takes longer is stopped (the child is killed). */
const DISCOVERY_TIMEOUT_MS = 30_000;
/** list_changed notifications come in bursts: discover once they have stopped for this long. */
const CHANGE_DEBOUNCE_MS = 300;
/** A discovery that keeps failing is retried with the supervisor's backoff this many times. */
const MAX_FAILURES = 5;
const LIST_CHANGED = new Set([
  'notifications/tools/list_changed',
  'notifications/resources/list_changed',
  'notifications/prompts/list_changed',
  'restarted',
]);

/** Where a server's catalog entry is. */
export type CatalogState = 'pending' | 'ready' | 'unavailable';

/** What the catalog needs of a configured server (the per-server router provides it). */
export interface CatalogServer extends DiscoveryTarget {
  readonly name: string;
  readonly disabled: boolean;
  /** A single-instance server is never given a second process. */
  readonly single: boolean;
  /** Its diagnosed problem, said when it cannot be discovered; `tell` prints a line at the terminal (once). */
  readonly problems: { readonly problem: ConnectionProblem | null; tell(line: string): void };
  /** Its warm spare (the first discovery follows it), backoff and spawn path. */
  readonly processes: {
    readonly warm: { onSettled(listener: (warm: boolean) => void): void } | undefined;
    /** Null once the server is failing (a crash loop): nothing starts it until the person's Restart. */
    restartDelay(): number | null;
    discoveryUpstream(): Upstream;
  };
  /** Told the method of every notification relayed to a page (a `list_changed` makes the entry stale). */
  onRelayed: ((method: string) => void) | undefined;
}

/** One server's place in the catalog. */
class CatalogSlot {
  state: CatalogState = 'pending';
  private reason = '';
  private discoveredAt = '';
  /** The serialized `info`, made once per discovery (the catalog is read by every page load). */
  private infoJson = '';
  private stale = false;
  private triggered = false;
  private failures = 0;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly abort = new AbortController();

  private queue: SpawnQueue | undefined;
  /** Discovery children still being stopped (after their lists were read). */
  private readonly closing = new Set<Promise<void>>();

  constructor(private readonly server: CatalogServer) {}

  /** Follows the server's warm spare (a blocked server, which has none, is unavailable with its problem). */
  start(queue: SpawnQueue): void {
    if (this.state !== 'pending') return;
    const server = this.server;
    const warm = server.processes.warm;
    if (!warm) {
      this.unavailable(
        server.problems.problem?.message ?? 'The server cannot start until its configuration is fixed; see its card.',
      );
      return;
    }
    this.queue = queue;
    // The first discovery goes ahead of the warm spares in the queue (the page's tiles wait for it); a spare that
    // settles first triggers it too.
    warm.onSettled(() => this.first());
    this.first();
    server.onRelayed = (method) => LIST_CHANGED.has(method) && this.changed();
  }

  /** This entry as JSON: `{ state: 'pending' }`, `{ state: 'unavailable', reason }` or `{ state: 'ready', discoveredAt, stale?, info }`. */
  json(): string {
    if (this.state === 'pending') return '{"state":"pending"}';
    if (this.state === 'unavailable') return JSON.stringify({ state: 'unavailable', reason: this.reason });
    return `{"state":"ready","discoveredAt":${JSON.stringify(this.discoveredAt)},${this.stale ? '"stale":true,' : ''}"info":${this.infoJson}}`;
  }

  unavailable(reason: string): void {
    this.state = 'unavailable';
    this.reason = reason;
    this.infoJson = '';
    this.stale = false;
  }

  /** The server's warm spare has loaded (or failed to): the first discovery is queued now. */
  first(): void {
    if (this.triggered) return;
    this.triggered = true;
    this.request();
  }

  /** The server's lists changed (or it was restarted): discover again soon; a ready entry is served as stale meanwhile. */
  changed(): void {
    if (this.closed || !this.triggered) return;
    if (this.state === 'ready') this.stale = true;
    this.failures = 0;
    this.request(CHANGE_DEBOUNCE_MS);
  }

  /** Queues a discovery after `delay` ms (debounced); one runs at a time, a request meanwhile runs another after it. */
  private request(delay = 0): void {
    if (this.closed || !this.queue) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (delay > 0) {
      this.timer = setTimeout(() => this.request(), delay);
      this.timer.unref();
      return;
    }
    if (this.running) this.again = true;
    else this.queue.add(this, () => this.run(), true);
  }

  private async run(): Promise<void> {
    if (this.closed) return;
    this.again = false;
    let done!: () => void;
    this.running = new Promise<void>((r) => (done = r));
    const started = Date.now();
    try {
      const info = await discoverServer(this.server, DISCOVERY_TIMEOUT_MS, this.abort.signal, (closed) => {
        const tracked: Promise<void> = closed.finally(() => this.closing.delete(tracked));
        this.closing.add(tracked);
      });
      if (this.closed) return;
      const json = JSON.stringify(info);
      const bytes = Buffer.byteLength(json);
      if (bytes > MAX_ENTRY_BYTES) {
        this.unavailable(
          `Its lists are ${(bytes / 1024 / 1024).toFixed(1)} MB as JSON, more than the ${MAX_ENTRY_BYTES / 1024 / 1024} MB the gateway keeps per server in its catalog; the page lists this server itself.`,
        );
        this.server.log.note('catalog: the lists are too large to keep; the page lists them itself');
        return;
      }
      this.state = 'ready';
      learnTools(
        this.server.name,
        info.tools.map((t) => t.name),
      );
      this.infoJson = json;
      this.discoveredAt = new Date().toISOString();
      this.stale = false;
      this.failures = 0;
      const counts = `${info.tools.length} tools, ${info.resources.length} resources, ${info.resourceTemplates.length} resource templates, ${info.prompts.length} prompts`;
      this.server.log.note(`catalog: listed ${counts} in ${Date.now() - started} ms`);
    } catch (error) {
      if (this.closed) return;
      const failure =
        error instanceof DiscoveryFailure
          ? error
          : new DiscoveryFailure(`Listing it failed: ${(error as Error)?.message ?? String(error)}`, true);
      this.unavailable(failure.reason);
      this.server.log.note(`catalog: ${failure.reason}`);
      // A running server that refuses to list (a wrong password, a missing grant) is said at the terminal too.
      const refusal = failure.refusal;
      if (refusal)
        this.server.problems.tell(listErrorLine(this.server.server.site, refusal.step, refusal.code, refusal.message));
      if (failure.retry) this.retryLater();
    } finally {
      this.running = undefined;
      done();
      if (this.again) this.request();
    }
  }

  /** A failed discovery is tried again with the supervisor's backoff, a few times (like a crashing spare). */
  private retryLater(): void {
    this.failures += 1;
    if (this.failures >= MAX_FAILURES) {
      this.server.log.note(
        `catalog: gave up after ${this.failures} failed discoveries; pages list this server themselves`,
      );
      return;
    }
    const delay = this.server.processes.restartDelay();
    if (delay === null) return; // failing: discovered again once the person presses Restart ('restarted')
    this.server.log.note(`catalog: discovering again in ${delay} ms`);
    this.request(delay);
  }

  /** Starts nothing more; a running discovery is stopped and its child is gone when this resolves. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.queue?.cancel(this);
    this.abort.abort();
    await this.running;
    await Promise.all(this.closing);
  }
}

/** The catalog of every enabled server, in config order. */
export class ServerCatalog {
  private readonly slots = new Map<string, CatalogSlot>();

  private queue: SpawnQueue | undefined;

  constructor(servers: Iterable<CatalogServer>) {
    for (const server of servers) this.place(server);
  }

  private place(server: CatalogServer): CatalogSlot | undefined {
    if (server.disabled) return undefined;
    const slot = new CatalogSlot(server);
    this.slots.set(server.name, slot);
    if (server.server.transport !== 'stdio')
      slot.unavailable('Remote servers are discovered by the page\u2019s own session.');
    else if (server.single)
      slot.unavailable(
        'A single-instance server ("single": true) is discovered by the page\u2019s own session: the gateway never starts a second process for it.',
      );
    return slot;
  }

  /** Starts discovering; call once the warm pool has started (warmServers): a server's first discovery follows its spare. */
  start(queue: SpawnQueue): void {
    this.queue = queue;
    for (const slot of this.slots.values()) slot.start(queue);
  }

  /** A server added to the config while the gateway runs (its warm spare was started on the same queue). */
  add(server: CatalogServer): void {
    const slot = this.place(server);
    if (slot && this.queue) slot.start(this.queue);
  }

  /** A server removed from the config: its entry goes, and a discovery of it is stopped. */
  async remove(name: string): Promise<void> {
    const slot = this.slots.get(name);
    this.slots.delete(name);
    await slot?.close();
  }

  /** A server's catalog state ('unavailable' for a disabled one, which is not in the catalog). */
  state(name: string): CatalogState {
    return this.slots.get(name)?.state ?? 'unavailable';
  }

  /** The body of `GET /api/catalog`: `{ "servers": { "<name>": <entry> } }`, built from each entry's serialised JSON. */
  body(): string {
    return `{"servers":{${[...this.slots].map(([name, slot]) => `${JSON.stringify(name)}:${slot.json()}`).join(',')}}}`;
  }

  /** Stops every discovery; their children are gone when this resolves. */
  async close(): Promise<void> {
    await Promise.all([...this.slots.values()].map((s) => s.close()));
  }
}
