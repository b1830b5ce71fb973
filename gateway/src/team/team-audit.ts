import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditRow } from '../../../src/core/shared/team/audit-row.js';
import type { AuditEntry, AuditRecord } from '../audit/audit-chain.js';
import { AuditFileStore } from '../audit/file-store.js';
import { AuditPgStore } from '../audit/pg-store.js';
import { auditWriteDuration } from '../metrics/instruments.js';
import { printError } from '../terminal/terminal-text.js';
import { newerMigrationsNotice } from '../audit/migrations.js';

export type { AuditRow };

/** What an audit query may narrow by. */
export interface AuditQuery {
  sub?: string;
  server?: string;
  name?: string;
  since?: string;
  until?: string;
  limit?: number;
}

/** What TeamAudit needs of a store: the file store (audit/file-store.ts) and PostgreSQL (audit/pg-store.ts) alike. */
export interface AuditStore {
  /** The log as messages name it: the file, or the database (never its password). */
  readonly description: string;
  append(entry: AuditEntry, now?: Date, options?: { durable?: boolean }): Promise<AuditRecord>;
  records(): Promise<AuditRecord[]>;
  close(): Promise<void>;
}

/** The audit log cannot be written: the call is refused, never forwarded unaudited. */
export class AuditUnavailable extends Error {}

const CSV_COLUMNS: (keyof AuditRow)[] = [
  'seq',
  'time',
  'sub',
  'email',
  'server',
  'method',
  'name',
  'argsDigest',
  'surface',
  'decision',
  'rule',
  'outcome',
  'endedAt',
  'detail',
];

/** One CSV field (RFC 4180), with a leading formula character neutralised for spreadsheets. */
function csvField(value: unknown): string {
  let text = String(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV with a header line. */
export function auditCsv(rows: AuditRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map((c) => csvField(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Joins begin and end records into rows, newest first, narrowed by `query`. */
export function auditRows(records: readonly AuditRecord[], query: AuditQuery = {}): AuditRow[] {
  const ends = new Map<number, Extract<AuditRecord, { kind: 'end' }>>();
  for (const record of records) if (record.kind === 'end') ends.set(record.begin, record);
  const rows: AuditRow[] = [];
  for (let i = records.length - 1; i >= 0; i -= 1) {
    const record = records[i]!;
    if (record.kind !== 'begin') continue;
    if (query.sub !== undefined && record.actor.sub !== query.sub) continue;
    if (query.server !== undefined && record.server !== query.server) continue;
    if (query.name !== undefined && record.name !== query.name) continue;
    if (query.since !== undefined && record.time < query.since) continue;
    if (query.until !== undefined && record.time > query.until) continue;
    const end = ends.get(record.seq);
    rows.push({
      seq: record.seq,
      time: record.time,
      sub: record.actor.sub,
      email: record.actor.email ?? '',
      server: record.server,
      method: record.method,
      name: record.name,
      argsDigest: record.argsDigest,
      surface: record.surface,
      decision: record.decision,
      rule: record.rule,
      outcome: record.decision === 'deny' ? 'refused' : (end?.outcome ?? 'pending'),
      endedAt: end?.time ?? '',
      detail: end?.detail ?? '',
    });
    if (rows.length >= (query.limit ?? 1000)) break;
  }
  return rows;
}

/**
 * The team's audit log, written by the gateway (docs/team.md, "Audit"): a `begin` record is on disk before
 * a call is forwarded, the `end` record follows its answer. The embedded store is one hash-chained JSON-lines
 * file in the team's data folder (audit/file-store.ts); with `team.database.url` the same records go to PostgreSQL
 * (audit/pg-store.ts). `mcp-dashboard audit verify <file | postgres-url>` checks either.
 */
export class TeamAudit {
  private broken: string | undefined;

  /** The store's label in `mcpd_audit_write_duration_seconds`. */
  private readonly storeKind: string;

  private constructor(private readonly store: AuditStore) {
    this.storeKind = store instanceof AuditPgStore ? 'postgres' : 'file';
  }

  /** Appends one record, timing the write (metrics). */
  private append(entry: AuditEntry, options?: { durable?: boolean }): Promise<AuditRecord> {
    const done = auditWriteDuration.startTimer({ store: this.storeKind });
    const written = this.store.append(entry, undefined, options);
    void written.then(
      () => done(),
      () => {},
    );
    return written;
  }

  /** Opens the PostgreSQL store when `databaseUrl` is given, else the file `audit.jsonl` in `dataDir`. */
  static async open(dataDir: string, databaseUrl?: string): Promise<TeamAudit> {
    if (databaseUrl) {
      const store = await AuditPgStore.open(databaseUrl);
      const notice = newerMigrationsNotice(store.newerMigrations);
      if (notice) printError(notice);
      return new TeamAudit(store);
    }
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    return new TeamAudit(await AuditFileStore.open(join(dataDir, 'audit.jsonl')));
  }

  /** Where the log is: its file, or the database's description. */
  get path(): string {
    return this.store.description;
  }

  /** Writes a begin record and resolves with its seq once it is on disk; AuditUnavailable when it cannot be. */
  async begin(entry: Extract<AuditEntry, { kind: 'begin' }>): Promise<number> {
    try {
      const record = await this.append(entry);
      this.broken = undefined;
      return record.seq;
    } catch (error) {
      this.broken = (error as Error).message;
      printError(`mcp-dashboard: the team audit log cannot be written: ${this.broken}`);
      throw new AuditUnavailable(
        `The team's audit log cannot be written right now (${this.broken}); calls are refused until it can. Tell an admin.`,
      );
    }
  }

  /**
   * Writes the end record of a call; the answer waits for it (so a gateway killed right after answering leaves
   * a complete record), but not for the flush to the disk: the operating system or the database server has it.
   * A failure is said at the terminal and does not hold the answer back.
   */
  async end(begin: number, outcome: 'ok' | 'error' | 'lost', detail?: string): Promise<void> {
    await this.append(
      { kind: 'end', begin, outcome, ...(detail ? { detail: detail.slice(0, 300) } : {}) },
      { durable: false },
    ).catch((error: unknown) =>
      printError(`mcp-dashboard: the audit log could not record the end of call ${begin}: ${String(error)}`),
    );
  }

  /** The rows a query asks for (newest first). */
  async rows(query: AuditQuery): Promise<AuditRow[]> {
    return auditRows(await this.store.records(), query);
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}
