import type { Id, JsonRpc } from './request-tracker.js';

/** One session's seat on a shared child, as the routing tables know it. */
export interface Seat {
  /** Delivers a message from the child to the seat's session. */
  deliver(message: JsonRpc): void;
  /** False for the gateway's own listing seat (the catalog): its requests never cause a server→client request. */
  readonly askable: boolean;
}

/** A client request running on the shared child under the child-side id. */
interface InFlight<S extends Seat> {
  seat: S;
  clientId: Id;
  clientToken?: Id;
  childToken?: string;
}

/** MCP log levels, least severe first (RFC 5424 order, as the spec lists them). */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

/** Where a server→client request goes: a seat, or why none can take it. */
export type RequestRoute<S> = { seat: S } | { refuse: string };

/** The key the MCP spec reserves for naming the request a server message is about. */
const RELATED_META = 'io.modelcontextprotocol/related-request-id';

/**
 * The bookkeeping of one shared child: every client request gets a child-side id (and progress token)
 * no other session uses, so answers and progress go back to the seat that asked; server→client requests
 * remember the seat they were routed to; resource subscriptions and log levels are kept per seat.
 */
export class SharedRoutes<S extends Seat> {
  private readonly running = new Map<string, InFlight<S>>();
  private readonly tokens = new Map<string, string>();
  private readonly asked = new Map<Id, S>();
  private readonly subscribers = new Map<string, Set<S>>();
  private readonly levels = new Map<S, number>();
  private count = 0;

  /** Gives a client request its child-side id and progress token; returns the message to send to the child. */
  outgoing(seat: S, message: JsonRpc): JsonRpc {
    this.count += 1;
    const id = `s${this.count}`;
    const entry: InFlight<S> = { seat, clientId: message.id! };
    const out: JsonRpc = { ...message, id };
    const token = message.params?._meta?.progressToken;
    if (token !== undefined) {
      entry.clientToken = token;
      entry.childToken = `t${this.count}`;
      this.tokens.set(entry.childToken, id);
      out.params = { ...message.params, _meta: { ...message.params!._meta, progressToken: entry.childToken } };
    }
    this.running.set(id, entry);
    return out;
  }

  /** The child answered request `id`: the seat that asked, with the answer under the client's own id. */
  answered(message: JsonRpc): { seat: S; message: JsonRpc } | undefined {
    const entry = this.running.get(String(message.id));
    if (!entry) return undefined;
    this.forget(String(message.id), entry);
    return { seat: entry.seat, message: { ...message, id: entry.clientId } };
  }

  /** A progress notification from the child: the seat whose request carried the token, with its own token. */
  progress(message: JsonRpc): { seat: S; message: JsonRpc } | undefined {
    const token = (message.params as { progressToken?: Id } | undefined)?.progressToken;
    const id = token === undefined ? undefined : this.tokens.get(String(token));
    const entry = id === undefined ? undefined : this.running.get(id);
    if (!entry) return undefined;
    return {
      seat: entry.seat,
      message: { ...message, params: { ...message.params, progressToken: entry.clientToken } },
    };
  }

  /** A client's `notifications/cancelled`, with the child-side id of the request it cancels (undefined: not running). */
  cancelled(seat: S, message: JsonRpc): JsonRpc | undefined {
    const requestId = (message.params as { requestId?: Id } | undefined)?.requestId;
    for (const [id, entry] of this.running)
      if (entry.seat === seat && entry.clientId === requestId)
        return { ...message, params: { ...message.params, requestId: id } };
    return undefined;
  }

  /**
   * The seat a server→client request (sampling, elicitation, roots) goes to: the one whose request the
   * message names (its `_meta` related-request id or progress token), else the only seat with a request
   * running; with several and no link, none (the caller refuses it).
   */
  route(message: JsonRpc): RequestRoute<S> {
    const meta = (message.params?._meta ?? {}) as Record<string, unknown>;
    const related = meta[RELATED_META];
    const linked =
      (related !== undefined ? this.running.get(String(related)) : undefined) ??
      (meta.progressToken !== undefined
        ? this.running.get(this.tokens.get(String(meta.progressToken)) ?? '')
        : undefined);
    if (linked) return { seat: linked.seat };
    const seats = this.busySeats();
    if (seats.size === 1) return { seat: [...seats][0]! };
    if (seats.size === 0) return { refuse: 'no session has a request running on this server' };
    return {
      refuse: `${seats.size} sessions have requests running on this shared server and the request names none of them`,
    };
  }

  /** Remembers that the server→client request `id` went to `seat` (only its answer is passed back). */
  ask(id: Id, seat: S): void {
    this.asked.set(id, seat);
  }

  /** True (and forgotten) when `seat` answers a server→client request that was routed to it. */
  takeAnswer(seat: S, id: Id): boolean {
    if (this.asked.get(id) !== seat) return false;
    this.asked.delete(id);
    return true;
  }

  /** The seat a server→client request went to (for the server's `notifications/cancelled` about it). */
  askedSeat(id: Id): S | undefined {
    return this.asked.get(id);
  }

  /** Seats with at least one request running on the child. */
  busySeats(): Set<S> {
    return new Set([...this.running.values()].map((e) => e.seat).filter((seat) => seat.askable));
  }

  /** Adds `seat` to the subscribers of `uri`; true when it is the first (the child must be told). */
  subscribe(seat: S, uri: string): boolean {
    const set = this.subscribers.get(uri) ?? new Set<S>();
    const first = set.size === 0;
    set.add(seat);
    this.subscribers.set(uri, set);
    return first;
  }

  /** Removes `seat` from the subscribers of `uri`; true when it was the last (the child must be told). */
  unsubscribe(seat: S, uri: string): boolean {
    const set = this.subscribers.get(uri);
    if (!set?.delete(seat)) return false;
    if (set.size > 0) return false;
    this.subscribers.delete(uri);
    return true;
  }

  /** The seats subscribed to `uri`. */
  subscribersOf(uri: string): S[] {
    return [...(this.subscribers.get(uri) ?? [])];
  }

  /** Records a seat's `logging/setLevel`; returns the most verbose level any seat asked for. */
  setLevel(seat: S, level: string): string {
    const index = LOG_LEVELS.indexOf(level as (typeof LOG_LEVELS)[number]);
    this.levels.set(seat, index < 0 ? 0 : index);
    return this.childLevel()!;
  }

  /** The most verbose level any seat asked for (undefined: none asked). */
  childLevel(): string | undefined {
    if (this.levels.size === 0) return undefined;
    return LOG_LEVELS[Math.min(...this.levels.values())];
  }

  /** True when `seat` wants a `notifications/message` at `level` (a seat that set no level gets every one). */
  wantsLog(seat: S, level: unknown): boolean {
    const own = this.levels.get(seat);
    if (own === undefined) return true;
    const index = LOG_LEVELS.indexOf(level as (typeof LOG_LEVELS)[number]);
    return index < 0 || index >= own;
  }

  /**
   * Forgets `seat` (its session ended): returns the child-side ids of its running requests (to cancel),
   * the server→client requests it was asked (to refuse), and the URIs it was the last subscriber of.
   */
  leave(seat: S): { running: string[]; asked: Id[]; lastOf: string[] } {
    const running = [...this.running].filter(([, e]) => e.seat === seat).map(([id]) => id);
    for (const id of running) this.forget(id, this.running.get(id)!);
    const asked = [...this.asked].filter(([, s]) => s === seat).map(([id]) => id);
    for (const id of asked) this.asked.delete(id);
    const lastOf = [...this.subscribers.keys()].filter((uri) => this.unsubscribe(seat, uri));
    this.levels.delete(seat);
    return { running, asked, lastOf };
  }

  /** Forgets everything (the child exited: its requests, subscriptions and level are gone with it). */
  reset(): void {
    this.running.clear();
    this.tokens.clear();
    this.asked.clear();
    this.subscribers.clear();
    this.levels.clear();
  }

  private forget(id: string, entry: InFlight<S>): void {
    this.running.delete(id);
    if (entry.childToken) this.tokens.delete(entry.childToken);
  }
}
