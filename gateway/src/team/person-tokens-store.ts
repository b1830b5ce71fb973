import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { createPool, describeDatabase, reason } from '../audit/pg-store.js';
import type { SealedRecord } from './person-tokens-crypto.js';

/** One person's sealed record for one server. */
export interface SealedEntry {
  sub: string;
  server: string;
  sealed: SealedRecord;
}

/** Where the sealed records live: files in the team's data folder, or PostgreSQL. Never sees a plaintext token. */
export interface SealedBackend {
  /** Every record (read once at start). */
  loadAll(): Promise<SealedEntry[]>;
  put(entry: SealedEntry): Promise<void>;
  remove(sub: string, server: string): Promise<void>;
  /** What the records are kept in, for messages. */
  readonly description: string;
  close(): Promise<void>;
}

interface PersonFile {
  version: 1;
  sub: string;
  servers: Record<string, SealedRecord>;
}

/**
 * The embedded store: one file per person in `<dataDir>/upstream-tokens/` (named by a digest of the subject,
 * mode 0600 in a 0700 folder), written whole to a temporary file and renamed over the old one.
 */
class FileBackend implements SealedBackend {
  /** The records as they are on disk, by person: a record that did not decrypt is kept as it is. */
  private readonly files = new Map<string, PersonFile>();

  constructor(readonly description: string) {}

  private file(sub: string): string {
    return join(this.description, `${createHash('sha256').update(sub).digest('base64url')}.json`);
  }

  async loadAll(): Promise<SealedEntry[]> {
    await mkdir(this.description, { recursive: true, mode: 0o700 });
    const entries: SealedEntry[] = [];
    for (const name of await readdir(this.description)) {
      if (!name.endsWith('.json')) continue;
      const file = join(this.description, name);
      let parsed: PersonFile;
      try {
        parsed = JSON.parse(await readFile(file, 'utf8')) as PersonFile;
      } catch (error) {
        process.stderr.write(
          `mcp-dashboard: cannot read ${file} (${(error as Error).message}); it is left as it is.\n`,
        );
        continue;
      }
      // A file renamed to another person's name is not theirs.
      if (parsed?.version !== 1 || typeof parsed.sub !== 'string' || this.file(parsed.sub) !== file) continue;
      this.files.set(parsed.sub, parsed);
      for (const [server, sealed] of Object.entries(parsed.servers ?? {}))
        entries.push({ sub: parsed.sub, server, sealed });
    }
    return entries;
  }

  private async write(sub: string, change: (servers: Record<string, SealedRecord>) => void): Promise<void> {
    const current = this.files.get(sub) ?? { version: 1, sub, servers: {} };
    change(current.servers);
    this.files.set(sub, current);
    const file = this.file(sub);
    await writeFile(`${file}.tmp`, `${JSON.stringify(current, null, 2)}\n`, { mode: 0o600 });
    await chmod(`${file}.tmp`, 0o600);
    await rename(`${file}.tmp`, file);
  }

  put(entry: SealedEntry): Promise<void> {
    return this.write(entry.sub, (servers) => (servers[entry.server] = entry.sealed));
  }

  remove(sub: string, server: string): Promise<void> {
    return this.write(sub, (servers) => delete servers[server]);
  }

  async close(): Promise<void> {}
}

interface TokenRow {
  sub: string;
  server: string;
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

/** PostgreSQL: the `upstream_tokens` table (migration 0003, applied when the audit store opens). */
class PgBackend implements SealedBackend {
  constructor(
    private readonly pool: Pool,
    readonly description: string,
  ) {}

  async loadAll(): Promise<SealedEntry[]> {
    try {
      const { rows } = await this.pool.query<TokenRow>('SELECT sub, server, iv, ciphertext, tag FROM upstream_tokens');
      return rows.map((r) => ({
        sub: r.sub,
        server: r.server,
        sealed: { iv: r.iv.toString('base64'), data: r.ciphertext.toString('base64'), tag: r.tag.toString('base64') },
      }));
    } catch (error) {
      throw new Error(`cannot read the upstream sign-ins from ${this.description}: ${reason(error)}`, { cause: error });
    }
  }

  async put({ sub, server, sealed }: SealedEntry): Promise<void> {
    await this.pool.query(
      `INSERT INTO upstream_tokens (sub, server, iv, ciphertext, tag) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (sub, server) DO UPDATE
       SET iv = EXCLUDED.iv, ciphertext = EXCLUDED.ciphertext, tag = EXCLUDED.tag, updated_at = now()`,
      [
        sub,
        server,
        Buffer.from(sealed.iv, 'base64'),
        Buffer.from(sealed.data, 'base64'),
        Buffer.from(sealed.tag, 'base64'),
      ],
    );
  }

  async remove(sub: string, server: string): Promise<void> {
    await this.pool.query('DELETE FROM upstream_tokens WHERE sub = $1 AND server = $2', [sub, server]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The backend of the team's storage: PostgreSQL when a URL is set, else files in the data folder. */
export async function openSealedBackend(dataDir: string, databaseUrl: string | undefined): Promise<SealedBackend> {
  if (databaseUrl) return new PgBackend(await createPool(databaseUrl), describeDatabase(databaseUrl));
  return new FileBackend(join(dataDir, 'upstream-tokens'));
}
