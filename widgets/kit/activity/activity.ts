import type { EventBusInterface, HistoryEntry, Unsubscribe } from '../../../src/core/shared/types.js';
import { historyEntryFor } from '../../../src/core/history/history-entry.js';

/** One line of a server's activity (the host's history entry: kind, name, outcome, who asked). */
export type ActivityEntry = HistoryEntry;

let nextId = 0;

/**
 * Follows the bus for one server and reports its activity (calls, reads, prompts, connection changes,
 * server log messages, what its MCP App views did, and newer `mcp:<kind>:<action>` events) as entries.
 * Returns an unsubscribe. Widgets on a host that offers `deps.History` read that instead: it keeps
 * what happened before the widget existed (see `McpServerWidgetElement`).
 */
export function trackActivity(
  bus: EventBusInterface,
  serverName: string,
  onEntry: (entry: ActivityEntry) => void,
): Unsubscribe {
  return bus.on('mcp:*', (data: unknown, meta) => {
    const draft = historyEntryFor(meta.event, data, meta.source);
    if (draft && draft.serverName === serverName) onEntry({ ...draft, id: ++nextId, time: Date.now() });
  });
}
