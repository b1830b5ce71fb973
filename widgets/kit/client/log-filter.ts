import type { LogEntry, LogLevel } from '../../../src/core/shared/types.js';

/** The MCP log levels, least severe first (RFC 5424). */
export const LOG_LEVEL_ORDER: readonly LogLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** A log message's data as text (never as HTML): strings as they are, anything else as JSON. */
export function logDataText(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data, null, 2) ?? String(data);
  } catch {
    return String(data);
  }
}

/**
 * Each entry's searchable text, lower-cased, made once: entries are frozen, and a log view filters every
 * kept entry each frame while messages arrive (JSON data would be stringified a thousand times a frame).
 */
const searchTexts = new WeakMap<LogEntry, string>();

function searchText(e: LogEntry): string {
  let text = searchTexts.get(e);
  if (text === undefined) {
    text = `${e.level} ${e.logger ?? ''} ${logDataText(e.data)}`.toLowerCase();
    if (Object.isFrozen(e)) searchTexts.set(e, text);
  }
  return text;
}

/** Entries at `minimum` or more severe whose text, logger or level contains `query` (case-insensitive). */
export function filterLog(entries: readonly LogEntry[], minimum: LogLevel, query: string): LogEntry[] {
  const floor = LOG_LEVEL_ORDER.indexOf(minimum);
  const needle = query.trim().toLowerCase();
  if (floor <= 0 && !needle) return entries.slice();
  return entries.filter((e) => {
    if (LOG_LEVEL_ORDER.indexOf(e.level) < floor) return false;
    return !needle || searchText(e).includes(needle);
  });
}
