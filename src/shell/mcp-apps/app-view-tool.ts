// How the tool call that opened an MCP App view ended: what the app is sent and what the frame says.

import { LOCAL_CODES, type MCPError } from '../../core/bridge/mcp-error.js';
import type { ToolResult } from '../../core/shared/types.js';

/** Where the tool call that opened the view stands. */
export type ToolStatus = 'preview' | 'waiting' | 'result' | 'error' | 'cancelled';

/** What the app is sent once it is initialized: `tool-result` or `tool-cancelled`. */
export type ToolOutcome = { kind: 'result'; result: ToolResult } | { kind: 'cancelled'; reason: string };

/** The outcome of the call with the frame's status and note. */
export interface SettledTool {
  outcome: ToolOutcome;
  status: Exclude<ToolStatus, 'waiting' | 'preview'>;
  note: string;
  /** The tool's own error text (a result with isError), shown in the tile as the tool said it. */
  errorText?: string;
}

const MAX_ERROR_TEXT = 400;

/** The text parts of an error result, one line, cut to a readable length. */
function errorTextOf(result: ToolResult): string {
  const text = (result.content ?? [])
    .map((c) => (c && c.type === 'text' && typeof c.text === 'string' ? c.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT - 1)}\u2026` : text;
}

/** The call returned: the result goes to the app, a tool error included. */
export function toolReturned(result: ToolResult): SettledTool {
  return {
    outcome: { kind: 'result', result },
    status: result.isError ? 'error' : 'result',
    note: result.isError ? 'The tool reported an error; the app has it.' : 'The tool result was delivered to the app.',
    ...(result.isError ? { errorText: errorTextOf(result) } : {}),
  };
}

/**
 * The call threw: refused before it ran (cancelled, invalid arguments, denied) becomes `tool-cancelled`;
 * any other failure goes to the app as an error result.
 */
export function toolThrew(error: unknown): SettledTool {
  const e = error as MCPError;
  if (
    e?.jsonrpcCode === LOCAL_CODES.cancelled ||
    e?.jsonrpcCode === LOCAL_CODES.invalidArguments ||
    e?.jsonrpcCode === LOCAL_CODES.denied
  ) {
    return { outcome: { kind: 'cancelled', reason: e.message }, status: 'cancelled', note: e.message };
  }
  const message = (e as Error)?.message ?? String(error);
  return {
    outcome: { kind: 'result', result: { content: [{ type: 'text', text: message }], isError: true } },
    status: 'error',
    note: `The tool failed: ${message}`,
    errorText: message,
  };
}
