// Host state for servers' log messages (`notifications/message`) and the level each server was set to.

import type { EventBus } from '../services/event-bus.js';
import type { LogEntry, LogLevel } from '../shared/types.js';

/** The syslog levels, least severe first (RFC 5424, as MCP's `LoggingLevel`). */
export const LOG_LEVELS: readonly LogLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** Entries kept per server; older ones are dropped. */
export const MAX_LOG_ENTRIES = 1000;
/** A log message's data is cut to this many characters of JSON (a server can send anything). */
const MAX_DATA_CHARS = 20_000;

/** True for a value that is one of the MCP log levels. */
export function isLogLevel(value: unknown): value is LogLevel {
  return LOG_LEVELS.includes(value as LogLevel);
}

function boundedData(data: unknown): unknown {
  if (typeof data === 'string') return data.length > MAX_DATA_CHARS ? `${data.slice(0, MAX_DATA_CHARS)}…` : data;
  let json: string | undefined;
  try {
    json = JSON.stringify(data);
  } catch {
    return '[data that cannot be shown as JSON]';
  }
  if (json === undefined) return null;
  return json.length > MAX_DATA_CHARS ? `${json.slice(0, MAX_DATA_CHARS)}…` : data;
}

/**
 * Keeps each server's recent log messages (host state, so a Log view finds them after a widget switch)
 * and announces each on the bus as `mcp:server:log` `{ serverName, level, logger, data, seq, time }`.
 */
export class LogStore {
  private readonly entries = new Map<string, LogEntry[]>();
  private readonly seqs = new Map<string, number>();
  private readonly levels = new Map<string, LogLevel>();

  constructor(private readonly bus: EventBus) {}

  /** Records one `notifications/message`; an unknown level is kept as "info" and said so in `logger`. */
  add(serverName: string, params: { level?: unknown; logger?: unknown; data?: unknown } | undefined): LogEntry {
    const seq = (this.seqs.get(serverName) ?? 0) + 1;
    this.seqs.set(serverName, seq);
    const level = isLogLevel(params?.level) ? params.level : 'info';
    const logger = typeof params?.logger === 'string' ? params.logger.slice(0, 200) : undefined;
    const entry: LogEntry = Object.freeze({
      seq,
      serverName,
      time: Date.now(),
      level,
      ...(logger !== undefined ? { logger } : {}),
      data: boundedData(params?.data),
    });
    let list = this.entries.get(serverName);
    if (!list) this.entries.set(serverName, (list = []));
    list.push(entry);
    if (list.length > MAX_LOG_ENTRIES) list.splice(0, list.length - MAX_LOG_ENTRIES);
    this.bus.emit('mcp:server:log', { serverName, level, logger, data: entry.data, seq, time: entry.time });
    return entry;
  }

  /** The server's kept entries, oldest first. */
  list(serverName: string): LogEntry[] {
    return [...(this.entries.get(serverName) ?? [])];
  }

  /** The level last set for the server. */
  level(serverName: string): LogLevel | undefined {
    return this.levels.get(serverName);
  }

  /** Remembers the level set for the server (re-sent when it reconnects) and announces it. */
  setLevel(serverName: string, level: LogLevel): void {
    this.levels.set(serverName, level);
    this.bus.emit('mcp:server:log-level', { serverName, level });
  }
}
