// The MCP client features a widget reaches through MCPBridge: tasks, completions, roots and server logs.

import type { ToolResult } from './results.js';

/** The states of an MCP task (MCP 2025-11-25, SEP-1686). */
export type TaskState = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/**
 * One task as the host keeps it (host state: it survives widget switches).
 * `side: 'server'` — the server runs it for one of our tool calls; `side: 'client'` — the dashboard runs it
 * for the server (a sampling or elicitation request the server asked us to run as a task).
 */
export interface TaskRecord {
  serverName: string;
  taskId: string;
  side: 'server' | 'client';
  /** What runs: a tool name, or `sampling/createMessage` / `elicitation/create` for client-side tasks. */
  operation: string;
  /** The host's request id of the tool call that created it (absent for tasks found through tasks/list). */
  requestId?: string;
  state: TaskState;
  /** The latest status message (untrusted server text: render as text). */
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  /** Milliseconds the server keeps it after creation; null for unlimited. */
  ttl?: number | null;
  pollInterval?: number;
  /** The result once fetched (`tasks/result`), for tool tasks a CallToolResult. */
  result?: ToolResult | Record<string, unknown>;
  /** Why it failed, or why its result could not be fetched. */
  error?: { message: string; code?: number };
  /** Status changes seen, oldest first (at most 50). */
  history: Array<{ state: TaskState; message?: string; at: string }>;
}

/** A level of `logging/setLevel` and `notifications/message` (RFC 5424 syslog severities). */
export type LogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** One `notifications/message` from a server. `data` is untrusted: render it as text. */
export interface LogEntry {
  /** Increases by one per entry of this server (so a view can tell which entries are new). */
  seq: number;
  serverName: string;
  /** `Date.now()` when it arrived. */
  time: number;
  level: LogLevel;
  logger?: string;
  data: unknown;
}

/** A root the dashboard gives a server (`roots/list`): a `file://` URI and an optional name. */
export interface RootEntry {
  uri: string;
  name?: string;
}

/** A root as a widget sees it: where it comes from ('server' = this server's list, 'all' = given to every server). */
export interface RootView extends RootEntry {
  scope: 'server' | 'all';
}

/** What a completion is for: a prompt argument or a resource-template variable. */
export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** A server's suggestions (`completion/complete`): at most 100 values. Values are untrusted: render as text. */
export interface CompletionResult {
  values: string[];
  total?: number;
  hasMore?: boolean;
}
