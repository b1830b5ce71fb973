import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { createPool, describeDatabase, reason } from '../audit/pg-store.js';

/** One value may be this large as JSON; a person's values together, this large. */
export const MAX_VALUE_BYTES = 512 * 1024;
export const MAX_PERSON_BYTES = 4 * 1024 * 1024;

/** The "person" whose state is the team's own (people seen): an identity provider's subject is never empty. */
export const TEAM_WIDE = '';

/** Why a person's state could not be read or written. */
export class PersonStateError extends Error {
  constructor(
    message: string,
    readonly status = 503,
  ) {
    super(message);
    this.name = 'PersonStateError';
  }
}

/** What follows a person between browsers in team mode: their preferences and layouts, by key. */
export interface PersonState {
  all(sub: string): Promise<Record<string, unknown>>;
  /** Sets one key (`undefined` removes it). */
  set(sub: string, key: string, value: unknown): Promise<void>;
  close(): Promise<void>;
}

function checkSize(values: Record<string, unknown>, key: string, value: unknown): void {
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
  if (bytes > MAX_VALUE_BYTES)
    throw new PersonStateError(`"${key}" is ${bytes} bytes as JSON, more than ${MAX_VALUE_BYTES} kept per value.`, 413);
  const total = Buffer.byteLength(JSON.stringify({ ...values, [key]: value }));
  if (total > MAX_PERSON_BYTES)
    throw new PersonStateError(`your saved preferences would be ${total} bytes, more than ${MAX_PERSON_BYTES}.`, 413);
}

/** The embedded store: one JSON file per person in `<dataDir>/people/`, named by a digest of the subject. */
class FilePersonState implements PersonState {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dir: string) {}

  private file(sub: string): string {
    return join(this.dir, `${createHash('sha256').update(sub).digest('base64url')}.json`);
  }

  async all(sub: string): Promise<Record<string, unknown>> {
    try {
      return JSON.parse(await readFile(this.file(sub), 'utf8')) as Record<string, unknown>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new PersonStateError(`cannot read ${this.file(sub)}: ${(error as Error).message}`);
    }
  }

  set(sub: string, key: string, value: unknown): Promise<void> {
    const next = this.queue.then(async () => {
      const values = await this.all(sub);
      checkSize(values, key, value);
      if (value === undefined) delete values[key];
      else values[key] = value;
      const file = this.file(sub);
      await writeFile(`${file}.tmp`, JSON.stringify(values), { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    });
    this.queue = next.catch(() => {});
    return next;
  }

  async close(): Promise<void> {
    await this.queue;
  }
}

/** PostgreSQL: the `person_state` table (migration 0002, applied when the audit store opens). */
class PgPersonState implements PersonState {
  constructor(
    private readonly pool: Pool,
    private readonly description: string,
  ) {}

  async all(sub: string): Promise<Record<string, unknown>> {
    try {
      const { rows } = await this.pool.query<{ key: string; value: unknown }>(
        'SELECT key, value FROM person_state WHERE sub = $1',
        [sub],
      );
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    } catch (error) {
      throw new PersonStateError(`cannot read from ${this.description}: ${reason(error)}`);
    }
  }

  async set(sub: string, key: string, value: unknown): Promise<void> {
    checkSize(await this.all(sub), key, value);
    try {
      if (value === undefined)
        await this.pool.query('DELETE FROM person_state WHERE sub = $1 AND key = $2', [sub, key]);
      else
        await this.pool.query(
          `INSERT INTO person_state (sub, key, value) VALUES ($1, $2, $3)
           ON CONFLICT (sub, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
          [sub, key, JSON.stringify(value)],
        );
    } catch (error) {
      throw new PersonStateError(`cannot write to ${this.description}: ${reason(error)}`);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The person-state store of the team's storage: PostgreSQL when a URL is set, else files in the data folder. */
export async function openPersonState(dataDir: string, databaseUrl: string | undefined): Promise<PersonState> {
  if (databaseUrl) return new PgPersonState(await createPool(databaseUrl), describeDatabase(databaseUrl));
  const dir = join(dataDir, 'people');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return new FilePersonState(dir);
}
