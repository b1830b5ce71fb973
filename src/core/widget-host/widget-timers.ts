import type { WidgetTimersInterface } from '../shared/types.js';

/**
 * Timers owned by the host on behalf of one widget (MCP-WP-3.4.2 enforced): every timer is
 * tracked, and `dispose()` cancels whatever the widget left pending.
 */
export class WidgetTimers implements WidgetTimersInterface {
  private readonly timeouts = new Set<number>();
  private readonly intervals = new Set<number>();
  private disposed = false;

  /** Runs `callback` once after `ms`; returns an id for `clear`. */
  setTimeout(callback: () => void, ms = 0): number {
    if (this.disposed) return 0;
    const id = globalThis.setTimeout(() => {
      this.timeouts.delete(id);
      callback();
    }, ms) as unknown as number;
    this.timeouts.add(id);
    return id;
  }

  /** Runs `callback` every `ms` until cleared. */
  setInterval(callback: () => void, ms: number): number {
    if (this.disposed) return 0;
    const id = globalThis.setInterval(callback, ms) as unknown as number;
    this.intervals.add(id);
    return id;
  }

  /** Cancels one timer. */
  clear(id: number): void {
    if (this.timeouts.delete(id)) globalThis.clearTimeout(id);
    if (this.intervals.delete(id)) globalThis.clearInterval(id);
  }

  /** Cancels every pending timer. */
  clearAll(): void {
    for (const id of this.timeouts) globalThis.clearTimeout(id);
    for (const id of this.intervals) globalThis.clearInterval(id);
    this.timeouts.clear();
    this.intervals.clear();
  }

  /** Timers still pending. */
  get pending(): number {
    return this.timeouts.size + this.intervals.size;
  }

  /** Cancels everything and refuses new timers. */
  dispose(): void {
    this.clearAll();
    this.disposed = true;
  }
}
