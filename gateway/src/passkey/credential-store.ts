import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { printError } from '../terminal/terminal-text.js';

/** A registered passkey: public data only (no private key ever reaches the gateway). */
export interface StoredCredential {
  /** Credential id, base64url. */
  id: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: string[];
  createdAt: string;
}

/** What a credential store holds. */
export interface StoreFile {
  version: 1;
  userId: string;
  credentials: StoredCredential[];
}

/** Somewhere else to keep a store's data than a file (team mode keeps each person's in their state). */
export interface CredentialBackend {
  read(): Promise<unknown>;
  write(data: StoreFile): Promise<void>;
}

/**
 * Where the dev FIDO2 server keeps registered passkeys: in memory for the life of the gateway, or in
 * a JSON file (`dashboard.passkeys.storeFile`) so they survive restarts. Only public keys and
 * counters are kept; there is nothing secret in it.
 */
export class CredentialStore {
  private data: StoreFile = { version: 1, userId: randomBytes(16).toString('base64url'), credentials: [] };
  private loaded = false;

  constructor(
    private readonly file?: string,
    private readonly backend?: CredentialBackend,
  ) {}

  private async load(): Promise<void> {
    if (this.loaded) return;
    if (this.backend) {
      this.adopt(await this.backend.read());
      this.loaded = true;
      return;
    }
    this.loaded = true;
    if (!this.file) return;
    try {
      this.adopt(JSON.parse(await readFile(this.file, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        printError(
          `mcp-dashboard: the passkey store ${this.file} could not be read (${(error as Error).message}); starting with none.\n`,
        );
      }
    }
  }

  /** Takes what was kept, when it has the right shape (credentials without the needed fields are left out). */
  private adopt(value: unknown): void {
    const parsed = value as Partial<StoreFile> | undefined;
    if (parsed && parsed.version === 1 && typeof parsed.userId === 'string' && Array.isArray(parsed.credentials)) {
      this.data = {
        version: 1,
        userId: parsed.userId,
        credentials: parsed.credentials.filter(
          (c) => c && typeof c.id === 'string' && typeof c.publicKey === 'string' && typeof c.counter === 'number',
        ),
      };
    }
  }

  private async save(): Promise<void> {
    if (this.backend) return this.backend.write(this.data);
    if (!this.file) return;
    await mkdir(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(this.data, null, 2), { mode: 0o600 });
    await rename(temp, this.file);
  }

  /** The WebAuthn user handle of the dashboard's one local user (base64url). */
  async userId(): Promise<string> {
    await this.load();
    return this.data.userId;
  }

  /** Every registered credential. */
  async list(): Promise<StoredCredential[]> {
    await this.load();
    return this.data.credentials.map((c) => ({ ...c }));
  }

  /** One credential by id. */
  async get(id: string): Promise<StoredCredential | undefined> {
    await this.load();
    const found = this.data.credentials.find((c) => c.id === id);
    return found ? { ...found } : undefined;
  }

  /** Adds a credential. */
  async add(credential: StoredCredential): Promise<void> {
    await this.load();
    this.data.credentials = [...this.data.credentials.filter((c) => c.id !== credential.id), credential];
    await this.save();
  }

  /** Records the authenticator's new signature counter. */
  async updateCounter(id: string, counter: number): Promise<void> {
    await this.load();
    const found = this.data.credentials.find((c) => c.id === id);
    if (!found) return;
    found.counter = counter;
    await this.save();
  }
}
