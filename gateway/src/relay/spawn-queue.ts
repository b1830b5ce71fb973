import { availableParallelism } from 'node:os';

/** After a session takes a spare, how long the pool starts no process (any server's): start-up work of pages comes first. */
export const REFILL_DELAY_MS = 1_500;

/** Runs process starts with bounded concurrency (a slot is held until the child answers or fails). */
export class SpawnQueue {
  private running = 0;
  private readonly waiting: Array<{ owner: unknown; run: () => Promise<void>; first: boolean }> = [];
  private closed = false;
  private heldUntil = 0;
  private holdTimer: NodeJS.Timeout | undefined;

  constructor(readonly concurrency = Math.max(2, availableParallelism())) {}

  /** Starts nothing new for `ms` (extended by each call): pages loading now need the CPU more than new spares. */
  hold(ms: number): void {
    this.heldUntil = Math.max(this.heldUntil, Date.now() + ms);
    this.next();
  }

  /**
   * Queues `run` for `owner` (one queued job per owner; a second is ignored). `first`: ahead of the jobs waiting
   * without it (a catalog discovery, which every page's tiles wait for, goes before the warm spares).
   */
  add(owner: unknown, run: () => Promise<void>, first = false): void {
    if (this.closed || this.waiting.some((j) => j.owner === owner)) return;
    const at = first ? this.waiting.findIndex((j) => !j.first) : -1;
    if (at >= 0) this.waiting.splice(at, 0, { owner, run, first });
    else this.waiting.push({ owner, run, first });
    this.next();
  }

  /** Drops `owner`'s queued job, if it has not started; true when one was dropped. */
  cancel(owner: unknown): boolean {
    const index = this.waiting.findIndex((j) => j.owner === owner);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  /** True while `owner` has a job waiting for a slot. */
  queued(owner: unknown): boolean {
    return this.waiting.some((j) => j.owner === owner);
  }

  /** Starts nothing more. */
  close(): void {
    this.closed = true;
    clearTimeout(this.holdTimer);
    this.waiting.length = 0;
  }

  private next(): void {
    const wait = this.heldUntil - Date.now();
    if (wait > 0) {
      // Timers may fire a little early: the check repeats until the hold has passed.
      clearTimeout(this.holdTimer);
      this.holdTimer = setTimeout(() => this.next(), wait + 5);
      this.holdTimer.unref();
      return;
    }
    while (!this.closed && this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running += 1;
      void job
        .run()
        .catch(() => {})
        .finally(() => {
          this.running -= 1;
          this.next();
        });
    }
  }
}
