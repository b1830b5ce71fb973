/**
 * Runs at most `limit` async tasks at once; the others wait their turn in order. The bridge uses it
 * for connection handshakes: a browser sends at most six HTTP/1.1 requests at a time to one origin,
 * so starting 100 servers at once only queued requests inside the browser, where their timeouts
 * ran out before they were even sent.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`ConcurrencyLimit needs a whole number ≥ 1, not ${limit}`);
  }

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` when a slot is free; resolves or rejects with it. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, or give it back.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
