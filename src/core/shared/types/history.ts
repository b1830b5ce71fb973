// The host's activity history: what happened on each server, kept by the host and handed
// to every widget as `deps.History`, the same for built-in and third-party widgets.

import type { Unsubscribe } from './common.js';

/** Who asked for what an entry records: the user (through the dashboard), a widget, an MCP App, an agent, or the server itself. */
export interface HistorySource {
  surface: 'user' | 'widget' | 'app' | 'agent' | 'server' | 'host';
  id: string;
}

/** One line of a server's activity: a call, read, prompt, app event, connection change or log message. */
export interface HistoryEntry {
  id: number;
  /** Epoch milliseconds. */
  time: number;
  serverName: string;
  /** The subject of the bus event (`tool`, `resource`, `prompt`, `app`, `server`, `log`, or any newer kind such as `task`). */
  kind: string;
  /** What it was about: a tool, URI, prompt, view id… */
  name: string;
  outcome: 'started' | 'ok' | 'error' | 'cancelled' | 'info';
  latency?: number;
  request?: unknown;
  response?: unknown;
  message?: string;
  /** The message as a kit catalog key and its variables, so a table can word it in the user's language. */
  messageKey?: string;
  messageVars?: Record<string, unknown>;
  /** Who asked, when known. */
  source?: HistorySource;
  /** The bus event the entry was made from. */
  event?: string;
}

/**
 * `deps.History`: the host's record of each server's activity. It outlives widgets, so a widget
 * created after a switch or a layout change sees what happened before it existed.
 */
export interface HistoryInterface {
  /** The server's entries, newest first (at most the host's limit per server). */
  list(serverName: string): HistoryEntry[];
  /** Calls `callback` for every new entry of `serverName`; the host releases it when the widget goes. */
  subscribe(serverName: string, callback: (entry: HistoryEntry) => void): Unsubscribe;
}
