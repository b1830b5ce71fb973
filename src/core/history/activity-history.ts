import type { EventBus } from '../services/event-bus.js';
import type { HistoryEntry, HistoryInterface, HistorySource, Unsubscribe } from '../shared/types.js';
import { historyEntryFor, type HistoryDraft } from './history-entry.js';

/** Entries kept per server (the oldest go first). */
export const HISTORY_LIMIT = 500;
/** Request ids whose caller is remembered (the oldest go first). */
const REQUEST_SOURCES = 1000;

/**
 * The host's activity history: follows every `mcp:*` event on the bus from page start and
 * keeps each server's recent entries, so what happened survives a widget switch, a layout change or a
 * tile that is added later. Widgets read it through `deps.History` (a scoped view, see `scoped()`).
 */
export class ActivityHistory implements HistoryInterface {
  private readonly entries = new Map<string, HistoryEntry[]>();
  private readonly listeners = new Map<string, Set<(entry: HistoryEntry) => void>>();
  private readonly limit: number;
  private readonly requestSources = new Map<string, HistorySource>();
  private nextId = 0;
  private stop: Unsubscribe | undefined;

  constructor(
    private readonly bus: EventBus,
    options: { limit?: number } = {},
  ) {
    this.limit = options.limit ?? HISTORY_LIMIT;
  }

  /** Starts following the bus (idempotent). */
  start(): void {
    this.stop ??= this.bus.on('mcp:*', (data, meta) => {
      const draft = historyEntryFor(meta.event, data, meta.source);
      if (draft) this.add(this.withRequestSource(draft, (data as { requestId?: unknown }).requestId));
    });
  }

  /** Stops following the bus; what was recorded stays. */
  dispose(): void {
    this.stop?.();
    this.stop = undefined;
    this.listeners.clear();
  }

  /**
   * Events that follow a call (a task it became, a URL it asked for) carry the call's request id but not
   * who asked: the host that emits them is not the caller. Who asked is remembered per request id from the
   * first event that names it, and given to the later ones, whatever their kind.
   */
  private withRequestSource(draft: HistoryDraft, requestId: unknown): HistoryDraft {
    if (typeof requestId !== 'string' || !requestId) return draft;
    if (draft.source) {
      if (!this.requestSources.has(requestId)) {
        this.requestSources.set(requestId, draft.source);
        if (this.requestSources.size > REQUEST_SOURCES)
          this.requestSources.delete(this.requestSources.keys().next().value!);
      }
      return draft;
    }
    const source = this.requestSources.get(requestId);
    return source ? { ...draft, source } : draft;
  }

  private add(draft: Omit<HistoryEntry, 'id' | 'time'>): void {
    const entry: HistoryEntry = { ...draft, id: ++this.nextId, time: Date.now() };
    const list = this.entries.get(entry.serverName) ?? [];
    list.unshift(entry);
    if (list.length > this.limit) list.length = this.limit;
    this.entries.set(entry.serverName, list);
    for (const key of [entry.serverName, '*']) {
      for (const listener of [...(this.listeners.get(key) ?? [])]) {
        try {
          listener(entry);
        } catch (error) {
          console.error('[mcp-dashboard] a history listener threw', error);
        }
      }
    }
  }

  /** The server's entries, newest first (a copy). */
  list(serverName: string): HistoryEntry[] {
    return [...(this.entries.get(serverName) ?? [])];
  }

  /** Follows new entries of one server (or every server with `*`). */
  subscribe(serverName: string, callback: (entry: HistoryEntry) => void): Unsubscribe {
    const set = this.listeners.get(serverName) ?? new Set();
    set.add(callback);
    this.listeners.set(serverName, set);
    return () => set.delete(callback);
  }

  /**
   * A widget's view: the same entries, and subscriptions the host drops when the widget is destroyed
   * (MCP-WP-3.4.2), so a forgotten subscription cannot outlive it.
   */
  scoped(): { api: HistoryInterface; size(): number; dispose(): void } {
    const own = new Set<Unsubscribe>();
    const api: HistoryInterface = Object.freeze({
      list: (serverName: string) => this.list(String(serverName)),
      subscribe: (serverName: string, callback: (entry: HistoryEntry) => void) => {
        if (typeof callback !== 'function') throw new TypeError('History.subscribe needs a callback');
        const off = this.subscribe(String(serverName), callback);
        const unsubscribe = () => {
          off();
          own.delete(unsubscribe);
        };
        own.add(unsubscribe);
        return unsubscribe;
      },
    });
    return { api, size: () => own.size, dispose: () => [...own].forEach((u) => u()) };
  }
}
