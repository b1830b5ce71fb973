import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { createPool, describeDatabase, reason } from '../audit/pg-store.js';
import { printError } from '../terminal/terminal-text.js';
import type { BrowserSession } from './browser-sessions.js';
import type { PendingSignIn } from './oidc.js';

/**
 * Where browser sessions are kept besides memory, so a restart (or another replica) does not sign people out:
 * a file in the data folder, or the `browser_sessions` table (migration 0004). Sessions are kept by the digest
 * of their cookie's secret; the secret itself is never stored. What is kept of the person is what the identity
 * provider said at sign-in (subject, email, name, groups); roles are worked out again on every request.
 */
export interface SessionStore {
  /** Every session kept (expired ones included: the caller drops them). */
  all(): Promise<Map<string, BrowserSession>>;
  /** One session by its cookie's digest, or undefined. */
  get(digest: string): Promise<BrowserSession | undefined>;
  put(digest: string, session: BrowserSession): Promise<void>;
  delete(digest: string): Promise<void>;
  /** Keeps a sign-in on its way until its callback (any replica may receive it). */
  putPending(pending: PendingSignIn): Promise<void>;
  /** Takes a sign-in on its way, once; undefined when unknown, taken or expired. */
  takePending(state: string): Promise<PendingSignIn | undefined>;
  close(): Promise<void>;
}

/** A session as JSON (the person's roles are not kept: they follow the roles table). */
function toRecord(session: BrowserSession): Record<string, unknown> {
  const { person, ...rest } = session;
  return { ...rest, person: { sub: person.sub, email: person.email, name: person.name, groups: person.groups } };
}

function fromRecord(value: unknown): BrowserSession | undefined {
  const r = value as Partial<BrowserSession> | null;
  const p = r?.person as Partial<BrowserSession['person']> | undefined;
  if (!r || typeof r.id !== 'string' || typeof r.pageToken !== 'string' || !p || typeof p.sub !== 'string')
    return undefined;
  if (typeof r.createdAt !== 'number' || typeof r.lastSeen !== 'number') return undefined;
  return {
    id: r.id,
    pageToken: r.pageToken,
    idToken: typeof r.idToken === 'string' ? r.idToken : undefined,
    createdAt: r.createdAt,
    lastSeen: r.lastSeen,
    userAgent: typeof r.userAgent === 'string' ? r.userAgent : '',
    person: {
      sub: p.sub,
      email: typeof p.email === 'string' ? p.email : undefined,
      name: typeof p.name === 'string' ? p.name : undefined,
      groups: Array.isArray(p.groups) ? p.groups.filter((g): g is string => typeof g === 'string') : [],
      roles: [],
      admin: false,
      installWidgets: false,
    },
  };
}

/** The embedded store: `<dataDir>/browser-sessions.json` (mode 0600), written whole, one write at a time. */
class FileSessionStore implements SessionStore {
  private cache: Map<string, BrowserSession> | undefined;
  /** One replica: sign-ins on their way stay in memory (a restart asks them to start again). */
  private readonly pending = new Map<string, PendingSignIn>();

  async putPending(pending: PendingSignIn): Promise<void> {
    const now = Date.now();
    for (const [state, p] of this.pending) if (p.expiresAt < now) this.pending.delete(state);
    this.pending.set(pending.state, pending);
  }

  async takePending(state: string): Promise<PendingSignIn | undefined> {
    const pending = this.pending.get(state);
    this.pending.delete(state);
    return pending && pending.expiresAt >= Date.now() ? pending : undefined;
  }

  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly file: string) {}

  async all(): Promise<Map<string, BrowserSession>> {
    if (this.cache) return new Map(this.cache);
    const sessions = new Map<string, BrowserSession>();
    try {
      const kept = JSON.parse(await readFile(this.file, 'utf8')) as Record<string, unknown>;
      for (const [digest, value] of Object.entries(kept)) {
        const session = fromRecord(value);
        if (session) sessions.set(digest, session);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        printError(
          `mcp-dashboard: the browser sessions in ${this.file} could not be read (${(error as Error).message}); everyone signs in again.`,
        );
    }
    this.cache = sessions;
    return new Map(sessions);
  }

  async get(digest: string): Promise<BrowserSession | undefined> {
    return (await this.all()).get(digest);
  }

  put(digest: string, session: BrowserSession): Promise<void> {
    return this.write((sessions) => sessions.set(digest, session));
  }

  delete(digest: string): Promise<void> {
    return this.write((sessions) => sessions.delete(digest));
  }

  private write(change: (sessions: Map<string, BrowserSession>) => void): Promise<void> {
    const next = this.queue.then(async () => {
      await this.all();
      change(this.cache!);
      const text = JSON.stringify(Object.fromEntries([...this.cache!].map(([k, s]) => [k, toRecord(s)])));
      await writeFile(`${this.file}.tmp`, text, { mode: 0o600 });
      await rename(`${this.file}.tmp`, this.file);
    });
    this.queue = next.catch(() => {});
    return next;
  }

  async close(): Promise<void> {
    await this.queue;
  }
}

/** PostgreSQL: the `browser_sessions` table, shared by every replica. */
class PgSessionStore implements SessionStore {
  constructor(
    private readonly pool: Pool,
    private readonly description: string,
  ) {}

  async all(): Promise<Map<string, BrowserSession>> {
    const { rows } = await this.pool.query<{ digest: string; data: unknown }>(
      'SELECT digest, data FROM browser_sessions',
    );
    const sessions = new Map<string, BrowserSession>();
    for (const row of rows) {
      const session = fromRecord(row.data);
      if (session) sessions.set(row.digest, session);
    }
    return sessions;
  }

  async get(digest: string): Promise<BrowserSession | undefined> {
    const { rows } = await this.pool.query<{ data: unknown }>('SELECT data FROM browser_sessions WHERE digest = $1', [
      digest,
    ]);
    return rows[0] ? fromRecord(rows[0].data) : undefined;
  }

  async put(digest: string, session: BrowserSession): Promise<void> {
    try {
      await this.pool.query(
        `INSERT INTO browser_sessions (digest, id, sub, data, last_seen) VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
         ON CONFLICT (digest) DO UPDATE SET data = EXCLUDED.data, last_seen = EXCLUDED.last_seen`,
        [digest, session.id, session.person.sub, JSON.stringify(toRecord(session)), session.lastSeen],
      );
    } catch (error) {
      throw new Error(`cannot write the session to ${this.description}: ${reason(error)}`, { cause: error });
    }
  }

  async delete(digest: string): Promise<void> {
    await this.pool.query('DELETE FROM browser_sessions WHERE digest = $1', [digest]);
  }

  async putPending(pending: PendingSignIn): Promise<void> {
    await this.pool.query('DELETE FROM oidc_pending WHERE expires_at < now()');
    await this.pool.query(
      'INSERT INTO oidc_pending (state, data, expires_at) VALUES ($1, $2, to_timestamp($3 / 1000.0))',
      [pending.state, JSON.stringify(pending), pending.expiresAt],
    );
  }

  async takePending(state: string): Promise<PendingSignIn | undefined> {
    const { rows } = await this.pool.query<{ data: PendingSignIn }>(
      'DELETE FROM oidc_pending WHERE state = $1 AND expires_at >= now() RETURNING data',
      [state],
    );
    return rows[0]?.data;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The session store of the team's storage: PostgreSQL when a URL is set, else a file in the data folder. */
export async function openSessionStore(dataDir: string, databaseUrl: string | undefined): Promise<SessionStore> {
  if (databaseUrl) return new PgSessionStore(await createPool(databaseUrl), describeDatabase(databaseUrl));
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  return new FileSessionStore(join(dataDir, 'browser-sessions.json'));
}
