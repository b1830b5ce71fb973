import type { DependenciesObject, WidgetTimersInterface } from '../../../src/core/shared/types.js';

/** Fallback timers for hosts that do not lend theirs; same contract, cleared by `clearAll()`. */
class LocalTimers implements WidgetTimersInterface {
  private readonly ids = new Map<number, 'timeout' | 'interval'>();

  setTimeout(callback: () => void, ms = 0): number {
    const id = window.setTimeout(() => {
      this.ids.delete(id);
      callback();
    }, ms);
    this.ids.set(id, 'timeout');
    return id;
  }

  setInterval(callback: () => void, ms: number): number {
    const id = window.setInterval(callback, ms);
    this.ids.set(id, 'interval');
    return id;
  }

  clear(id: number): void {
    const kind = this.ids.get(id);
    if (kind === 'timeout') window.clearTimeout(id);
    if (kind === 'interval') window.clearInterval(id);
    this.ids.delete(id);
  }

  clearAll(): void {
    for (const id of [...this.ids.keys()]) this.clear(id);
  }

  get pending(): number {
    return this.ids.size;
  }
}

/**
 * The widget's timers: the host's `Timers` dependency when given (the host cancels them on
 * destroy), else local ones. Either way, call `clearAll()` in `destroy()` (MCP-WP-3.4.2).
 */
export function widgetTimers(deps: DependenciesObject | undefined): WidgetTimersInterface {
  const lent = deps?.Timers;
  if (lent && typeof lent.setTimeout === 'function' && typeof lent.clearAll === 'function') return lent;
  return new LocalTimers();
}
