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
 * The last `MAX_LOG_ENTRIES` entries of one server in a ring: a flood past the limit replaces the oldest in
 * place (dropping it from the front of an array moved every other entry, for each message).
 */
class EntryRing {
  private readonly items: LogEntry[] = [];
  /** Where the oldest entry is once the ring is full. */
  private start = 0;

  push(entry: LogEntry): void {
    if (this.items.length < MAX_LOG_ENTRIES) {
      this.items.push(entry);
      return;
    }
    this.items[this.start] = entry;
    this.start = (this.start + 1) % MAX_LOG_ENTRIES;
  }

  /** Oldest first, as a new array. */
  toArray(): LogEntry[] {
    return this.start === 0
      ? this.items.slice()
      : [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }
}

/**
 * Keeps each server's recent log messages (host state, so a Log view finds them after a widget switch)
 * and announces each on the bus as `mcp:server:log` `{ serverName, level, logger, data, seq, time }`.
 */
export class LogStore {
  private readonly entries = new Map<string, EntryRing>();
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
    let ring = this.entries.get(serverName);
    if (!ring) this.entries.set(serverName, (ring = new EntryRing()));
    ring.push(entry);
    this.bus.emit('mcp:server:log', { serverName, level, logger, data: entry.data, seq, time: entry.time });
    return entry;
  }

  /** The server's kept entries, oldest first. */
  list(serverName: string): LogEntry[] {
    return this.entries.get(serverName)?.toArray() ?? [];
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
