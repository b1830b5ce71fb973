import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Pool } from 'pg';
import { shippedMigrations } from '../audit/migrations.js';
import { MIGRATIONS_DIR, MIGRATIONS_TABLE, reason } from '../audit/pg-store.js';

/** How long one readiness check may take before the database counts as unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

/** What readiness reads of the gateway, at each check. */
export interface ReadinessSource {
  /** True once the gateway drains before a stop (SIGTERM). */
  draining(): boolean;
  /** Team mode's store: PostgreSQL by URL, else the embedded store's folder. Undefined in personal mode. */
  teamStore(): { databaseUrl: string | undefined; dataDir: string } | undefined;
}

/**
 * `/readyz`'s checks (docs/operations.md): a personal gateway is ready once it listens; a team gateway when its
 * store is usable — PostgreSQL answers `SELECT 1` within two seconds and every migration in gateway/migrations/ is
 * applied, or the embedded store's folder is writable — and none is ready while it drains. Problems are said
 * without the database URL (pg's messages name the host and port, never the password). The database is reached
 * through a pool of one connection of its own, so a check never waits behind the audit log's queue.
 */
export class Readiness {
  private pool: Promise<Pool> | undefined;
  private running: Promise<string[]> | undefined;
  private migrations: Promise<string[]> | undefined;

  constructor(private readonly source: ReadinessSource) {}

  /** What keeps the gateway from taking traffic; empty when it is ready. Concurrent checks share one run. */
  problems(): Promise<string[]> {
    if (this.source.draining()) return Promise.resolve(['shutting down']);
    this.running ??= this.check().finally(() => (this.running = undefined));
    return this.running;
  }

  private async check(): Promise<string[]> {
    const store = this.source.teamStore();
    if (!store) return [];
    if (!store.databaseUrl) return this.checkFolder(store.dataDir);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string[]>((resolve) => {
      timer = setTimeout(() => resolve([`database: no answer within ${CHECK_TIMEOUT_MS} ms`]), CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.checkDatabase(store.databaseUrl), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async checkFolder(dataDir: string): Promise<string[]> {
    try {
      await access(dataDir, constants.W_OK);
      return [];
    } catch (error) {
      return [`data folder: not writable (${(error as NodeJS.ErrnoException).code ?? 'error'})`];
    }
  }

  private async checkDatabase(url: string): Promise<string[]> {
    let applied: Set<string>;
    try {
      const pool = await (this.pool ??= openPool(url));
      await pool.query('SELECT 1');
      const { rows } = await pool.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`).catch((error) => {
        if ((error as { code?: string }).code === '42P01') return { rows: [] }; // no migration ever ran
        throw error;
      });
      applied = new Set(rows.map((r) => r.name));
    } catch (error) {
      return [`database: ${reason(error)}`];
    }
    const missing = (await (this.migrations ??= shippedMigrations(MIGRATIONS_DIR))).filter(
      (name) => !applied.has(name),
    );
    return missing.length ? [`migrations: not applied: ${missing.join(', ')}`] : [];
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await (await pool?.catch(() => undefined))?.end().catch(() => {});
  }
}

async function openPool(url: string): Promise<Pool> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: CHECK_TIMEOUT_MS,
    query_timeout: CHECK_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
    application_name: 'mcp-dashboard readiness',
  });
  // A connection the server closed (a restart) is dropped; the next check opens a new one.
  pool.on('error', () => {});
  return pool;
}
