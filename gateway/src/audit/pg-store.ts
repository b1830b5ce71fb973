import { resolve } from 'node:path';
import type { ClientBase, Pool, PoolClient } from 'pg';
import { packageRoot } from '../config/package-root.js';
import { trackPool } from '../metrics/instruments.js';
import {
  chainRecord,
  unfinishedCalls,
  verifyAuditChain,
  type AuditEntry,
  type AuditRecord,
  type ChainCheck,
} from './audit-chain.js';
import { AuditStoreError } from './file-store.js';
import { AppendBatcher, type PendingAppend } from './append-batch.js';
import { newerMigrations } from './migrations.js';

/**
 * The PostgreSQL audit store (`team.database.url`): the same records and chain as the file store, one row per
 * record in `audit_records` (schema: gateway/migrations/, applied by node-pg-migrate at `open`). An append is one
 * transaction that takes a transaction-scoped advisory lock, reads the last record and inserts the next, so
 * several gateway processes on one database keep one chain (docs/decisions/team-postgres-store.md).
 * `pg` and `node-pg-migrate` are imported when a store opens: personal mode never loads them.
 */

/** Where the versioned migrations are, beside gateway/src and gateway/dist alike. */
export const MIGRATIONS_DIR = resolve(packageRoot, 'gateway', 'migrations');

/** The key of the advisory lock every append takes ("mcpd_aud" as a bigint). */
const APPEND_LOCK = '7882267349227763044';

/** node-pg-migrate's bookkeeping table, named for this app so a shared database's own migrations are not mixed in. */
export const MIGRATIONS_TABLE = 'mcp_dashboard_migrations';

/** `PostgreSQL database "x" on host:port`: what messages name, never with the password. */
export function describeDatabase(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'PostgreSQL database (team.database.url is not a valid URL)';
  }
  const param = (name: string) => parsed.searchParams.get(name) ?? undefined;
  const host = decodeURIComponent(parsed.hostname) || param('host') || process.env.PGHOST || 'localhost';
  const port = parsed.port || param('port') || process.env.PGPORT || '5432';
  const user = decodeURIComponent(parsed.username) || param('user') || process.env.PGUSER;
  const database = decodeURIComponent(parsed.pathname.slice(1)) || process.env.PGDATABASE || user || '?';
  const where = host.startsWith('/') ? `socket ${host}` : `${host}:${port}`;
  return `PostgreSQL database "${database}" on ${where}`;
}

/** What went wrong, in words: pg's errors, a refused connection (an AggregateError with no message) included. */
export function reason(error: unknown): string {
  const e = error as Error & { code?: string; errors?: unknown[] };
  const inner = Array.isArray(e.errors) ? e.errors.map((x) => (x as Error).message).join('; ') : '';
  const text = e.message || inner || e.code || String(error);
  return e.code && !text.includes(e.code) && /^E[A-Z]+$/.test(e.code) ? `${e.code}: ${text}` : text;
}

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export async function createPool(url: string): Promise<Pool> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 30_000,
    keepAlive: true,
    application_name: 'mcp-dashboard audit',
  });
  // An idle connection the server closed (a restart, a failover): the pool drops it and the next append opens a
  // new one. Without a listener the error would end the process.
  pool.on('error', () => {});
  trackPool(pool);
  return pool;
}

/** A row of `audit_records`: the record and the chain columns beside it (`seq` as text: pg reads bigint so). */
interface AuditRow {
  seq: string;
  prev: string;
  hash: string;
  record: AuditRecord;
}

/** The rows of an `audit_records` table in chain order. */
async function readRows(db: Pick<ClientBase, 'query'>): Promise<AuditRow[]> {
  return (await db.query<AuditRow>('SELECT seq, prev, hash, record FROM audit_records ORDER BY seq')).rows;
}

/** The chain check of the records, and that each row's columns say what its record says; the first break wins. */
function verifyRows(rows: AuditRow[]): ChainCheck {
  const chain = verifyAuditChain(rows.map((row) => row.record));
  const i = rows.findIndex(
    (r) => r.seq !== String(r.record.seq) || r.prev !== r.record.prev || r.hash !== r.record.hash,
  );
  if (i < 0 || (!chain.ok && chain.records <= i + 1)) return chain;
  const seq = Number(rows[i]!.seq);
  return { ok: false, records: i + 1, seq, problem: `row ${seq} has seq, prev or hash columns its record does not` };
}

/**
 * An open PostgreSQL audit store. Appends are serialised in the process (in batches, AppendBatcher) and, by the lock,
 * across processes.
 */
export class AuditPgStore {
  private readonly batcher = new AppendBatcher({ write: (batch) => this.appendNow(batch) });
  private closed = false;
  /** The last record this store wrote: the next append assumes it is still the last one (checked in the INSERT). */
  private last: AuditRecord | undefined;

  private constructor(
    /** The database, as messages name it (never the password). */
    readonly description: string,
    private readonly pool: Pool,
  ) {}

  /** Migrations applied to the database that this gateway does not ship (a newer version shares it). */
  newerMigrations: string[] = [];

  /** The file store's `path`: here, the description. */
  get path(): string {
    return this.description;
  }

  /**
   * Connects, applies the migrations, checks the chain (refusing a broken one) and closes calls a stopped
   * gateway left open with an `end` of outcome `lost`. Rejects with AuditStoreError naming the database.
   */
  static async open(url: string): Promise<AuditPgStore> {
    const description = describeDatabase(url);
    const pool = await createPool(url);
    const store = new AuditPgStore(description, pool);
    try {
      const client = await store.connect('connect to');
      try {
        const { runner } = await import('node-pg-migrate');
        await runner({
          dbClient: client,
          dir: MIGRATIONS_DIR,
          direction: 'up',
          migrationsTable: MIGRATIONS_TABLE,
          checkOrder: true,
          singleTransaction: true,
          advisoryLockMode: 'wait',
          logger: silent,
        });
        store.newerMigrations = await newerMigrations(client, MIGRATIONS_TABLE, MIGRATIONS_DIR);
        client.release();
      } catch (error) {
        client.release(true);
        throw new AuditStoreError(`cannot prepare the audit table in ${description}: ${reason(error)}`);
      }
      await store.transaction('check', async (db) => {
        const rows = await readRows(db);
        const records = rows.map((row) => row.record);
        const check = verifyRows(rows);
        if (!check.ok) {
          throw new AuditStoreError(
            `the audit log in ${description} was changed at seq ${check.seq}: ${check.problem}. The gateway does not write to a broken chain; keep the table for review and start with a new database.`,
          );
        }
        let last = records.at(-1);
        for (const seq of unfinishedCalls(records)) {
          const entry: AuditEntry = {
            kind: 'end',
            begin: seq,
            outcome: 'lost',
            detail: 'the gateway stopped before the answer',
          };
          last = await insert(db, entry, last, new Date());
        }
      });
      return store;
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  }

  /**
   * Appends one record and resolves once it is committed; rejects with AuditStoreError when it cannot be.
   * `durable: false` (a call's `end`) commits without waiting for the WAL flush (`synchronous_commit = off` for
   * that transaction): a crash of the gateway loses nothing, only a crash of PostgreSQL itself could lose the
   * last such records.
   */
  append(entry: AuditEntry, now = new Date(), options: { durable?: boolean } = {}): Promise<AuditRecord> {
    return this.batcher.append(entry, now, options.durable !== false);
  }

  /**
   * One batch of appends (AppendBatcher: those that arrived while the last batch was written), in one transaction,
   * durable when any of them must be. Usually one round trip: the transaction takes the append lock and inserts the
   * records chained to the last one this store wrote, only if that is still the table's last
   * (`WHERE max(seq) = …`), and commits. When another replica appended meanwhile (nothing was inserted), or at the
   * first append, two round trips: the transaction starts, takes the lock and reads the last record; the INSERT and
   * the COMMIT follow. Values go as literals escaped by pg.
   */
  private async appendNow(batch: readonly PendingAppend[]): Promise<AuditRecord[]> {
    const client = await this.connect('write to');
    let failed: Error | undefined;
    const durable = batch.some((append) => append.durable);
    const begin = `BEGIN;${durable ? '' : ' SET LOCAL synchronous_commit = off;'} SELECT pg_advisory_xact_lock(${APPEND_LOCK});`;
    const text = (value: string) => client.escapeLiteral(value);
    const values = (record: AuditRecord) =>
      `(${Number(record.seq)}, ${text(record.prev)}, ${text(record.hash)}, ${text(JSON.stringify(record))}::json)`;
    const chained = (last: AuditRecord | undefined) =>
      batch.map(({ entry, now }) => (last = chainRecord(entry, last, now)));
    try {
      if (this.last) {
        const records = chained(this.last);
        const results = (await client.query(
          `${begin} INSERT INTO audit_records (seq, prev, hash, record) SELECT * FROM (VALUES ${records.map(values).join(', ')}) AS batch WHERE (SELECT max(seq) FROM audit_records) = ${Number(this.last.seq)}; COMMIT`,
        )) as unknown as { command: string; rowCount: number | null }[];
        if (results.find((r) => r.command === 'INSERT')?.rowCount === records.length) {
          this.last = records.at(-1);
          return records;
        }
      }
      const results = (await client.query(
        `${begin} SELECT record FROM audit_records ORDER BY seq DESC LIMIT 1`,
      )) as unknown as { rows: { record: AuditRecord }[] }[];
      const records = chained(results.at(-1)?.rows[0]?.record);
      await client.query(
        `INSERT INTO audit_records (seq, prev, hash, record) VALUES ${records.map(values).join(', ')}; COMMIT`,
      );
      this.last = records.at(-1);
      return records;
    } catch (error) {
      failed = error as Error;
      this.last = undefined;
      await client.query('ROLLBACK').catch(() => {});
      throw new AuditStoreError(`cannot write to the audit database (${this.description}): ${reason(error)}`);
    } finally {
      client.release(failed);
    }
  }

  /** Every record, in seq order. */
  async records(): Promise<AuditRecord[]> {
    try {
      return (await readRows(this.pool)).map((row) => row.record);
    } catch (error) {
      throw new AuditStoreError(`cannot read the audit log in ${this.description}: ${reason(error)}`);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.batcher.idle();
    await this.pool.end();
  }

  private async connect(what: string): Promise<PoolClient> {
    if (this.closed) throw new AuditStoreError(`the audit store for ${this.description} is closed`);
    try {
      return await this.pool.connect();
    } catch (error) {
      throw new AuditStoreError(`cannot ${what} the audit database (${this.description}): ${reason(error)}`);
    }
  }

  /**
   * Runs `work` in a transaction holding the append lock. A connection that failed is destroyed, never returned
   * to the pool, so a database that went away and came back leaves nothing half-done behind.
   */
  private async transaction<T>(what: string, work: (db: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.connect(what);
    let failed: Error | undefined;
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [APPEND_LOCK]);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      failed = error as Error;
      await client.query('ROLLBACK').catch(() => {});
      if (error instanceof AuditStoreError) throw error;
      throw new AuditStoreError(`cannot ${what} the audit database (${this.description}): ${reason(error)}`);
    } finally {
      client.release(failed);
    }
  }
}

/** Inserts the record that follows `last` and returns it. */
async function insert(
  db: PoolClient,
  entry: AuditEntry,
  last: AuditRecord | undefined,
  now: Date,
): Promise<AuditRecord> {
  const record = chainRecord(entry, last, now);
  await db.query('INSERT INTO audit_records (seq, prev, hash, record) VALUES ($1, $2, $3, $4)', [
    record.seq,
    record.prev,
    record.hash,
    JSON.stringify(record),
  ]);
  return record;
}

/** Reads and verifies a database's audit log without changing it (`mcp-dashboard audit verify <postgres-url>`). */
export async function verifyAuditDatabase(url: string): Promise<ChainCheck & { description: string }> {
  const description = describeDatabase(url);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new AuditStoreError(`cannot connect to the audit database (${description}): ${reason(error)}`);
  }
  try {
    return { ...verifyRows(await readRows(client)), description };
  } catch (error) {
    const missing = (error as { code?: string }).code === '42P01';
    throw new AuditStoreError(
      missing
        ? `${description} has no audit_records table (the gateway creates it when team mode first starts with this database)`
        : `cannot read the audit log in ${description}: ${reason(error)}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}
