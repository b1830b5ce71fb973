import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import { dashboardConfigHome } from '../config/config-home.js';

/** What the gateway keeps for one server: its client registration and its tokens, tied to the server's URL. */
export interface StoredServerAuth {
  /** The server URL the entry belongs to; an entry for another URL is never used. */
  url: string;
  /** A client the gateway registered (dynamic registration) or named by a metadata document URL. */
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  /** When the tokens were saved (ISO time), and when the access token expires (ms since epoch), if known. */
  savedAt?: string;
  expiresAt?: number;
}

/** Where a server's OAuth client keeps its registration and tokens: the token file, or one person's encrypted records. */
export interface ServerTokenStore {
  /** The entry for `name`, only when it belongs to `url`. */
  get(name: string, url: string): StoredServerAuth | undefined;
  /** Changes the entry for `name` (creating it for `url`) and saves it. */
  update(name: string, url: string, change: (entry: StoredServerAuth) => void): Promise<void>;
  /** Forgets everything kept for `name` (Sign out). */
  forget(name: string): Promise<boolean>;
}

interface StoreFile {
  version: 1;
  servers: Record<string, StoredServerAuth>;
}

/** `$XDG_CONFIG_HOME/mcp-dashboard/oauth-tokens.json` (default `~/.config/...`). */
export function defaultTokenFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(dashboardConfigHome(env), 'oauth-tokens.json');
}

/**
 * The gateway's OAuth tokens and client registrations, in one JSON file only the user can read
 * (mode 0600 in a 0700 folder). Written whole to a temporary file and renamed over the old one, one
 * write at a time, so a crash never leaves half a file. A file that cannot be parsed is moved aside
 * (nothing is deleted) and the gateway starts signed out, saying so.
 */
export class TokenStore implements ServerTokenStore {
  private data: StoreFile = { version: 1, servers: Object.create(null) as Record<string, StoredServerAuth> };
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly warn: (message: string) => void = (m) => process.stderr.write(`mcp-dashboard: ${m}\n`),
  ) {}

  /** Reads the file (a missing file is an empty store); tightens its mode if others could read it. */
  async load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      this.warn(
        `cannot read the OAuth token file ${this.file} (${(error as Error).message}); servers that need sign-in start signed out.`,
      );
      return;
    }
    try {
      const parsed = JSON.parse(text) as Partial<StoreFile>;
      if (parsed?.version !== 1 || typeof parsed.servers !== 'object' || parsed.servers === null)
        throw new Error('not a version-1 token file');
      const servers = Object.create(null) as Record<string, StoredServerAuth>;
      for (const [name, entry] of Object.entries(parsed.servers)) {
        if (entry && typeof entry === 'object' && typeof entry.url === 'string') servers[name] = entry;
      }
      this.data = { version: 1, servers };
    } catch (error) {
      const aside = `${this.file}.unreadable-${Date.now()}`;
      await rename(this.file, aside).catch(() => {});
      this.warn(
        `the OAuth token file ${this.file} could not be parsed (${(error as Error).message}); it was moved to ${aside} and servers that need sign-in start signed out.`,
      );
      return;
    }
    const mode = (await stat(this.file)).mode & 0o777;
    if (mode & 0o077) {
      await chmod(this.file, 0o600);
      this.warn(`the OAuth token file ${this.file} was readable by others (mode ${mode.toString(8)}); it is now 600.`);
    }
  }

  /** The entry for `name`, only when it belongs to `url`. */
  get(name: string, url: string): StoredServerAuth | undefined {
    const entry = this.data.servers[name];
    return entry && entry.url === url ? entry : undefined;
  }

  /** Changes the entry for `name` (creating it for `url`) and writes the file. */
  async update(name: string, url: string, change: (entry: StoredServerAuth) => void): Promise<void> {
    const current = this.data.servers[name];
    const entry: StoredServerAuth = current && current.url === url ? current : { url };
    change(entry);
    this.data.servers[name] = entry;
    await this.save();
  }

  /** Forgets everything kept for `name` (Sign out). */
  async forget(name: string): Promise<boolean> {
    if (!(name in this.data.servers)) return false;
    delete this.data.servers[name];
    await this.save();
    return true;
  }

  /** Writes the whole store; writes are queued so the last one wins and none interleave. */
  private save(): Promise<void> {
    const text = `${JSON.stringify(this.data, null, 2)}\n`;
    const next = this.writing.then(async () => {
      const dir = dirname(this.file);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const temp = `${this.file}.${process.pid}.tmp`;
      await writeFile(temp, text, { mode: 0o600 });
      await chmod(temp, 0o600);
      await rename(temp, this.file);
    });
    this.writing = next.catch((error: Error) =>
      this.warn(`could not save OAuth tokens to ${this.file}: ${error.message}`),
    );
    return this.writing;
  }
}
