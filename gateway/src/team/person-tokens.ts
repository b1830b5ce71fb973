import type { OAuthGateway } from '../oauth/oauth-gateway.js';
import type { ServerTokenStore, StoredServerAuth } from '../oauth/token-store.js';
import { openRecord, sealRecord, signsInPerPerson, TOKEN_KEY_AT } from './person-tokens-crypto.js';
import { openSealedBackend, type SealedBackend } from './person-tokens-store.js';
import type { TeamMode } from './team-mode.js';

/**
 * Each person's upstream OAuth registrations and tokens in team mode (docs/team.md, "Upstream sign-in per
 * person"). Records are sealed with the team's token key for one person and one server (person-tokens-crypto.ts)
 * and kept by the team's storage (person-tokens-store.ts); the gateway holds them decrypted in memory, read once
 * at start. A person's view (`forPerson`) reaches only their own records.
 */
export class PersonTokens {
  private readonly people = new Map<string, Map<string, StoredServerAuth>>();
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly key: Buffer,
    private readonly backend: SealedBackend,
    private readonly warn: (message: string) => void,
  ) {}

  /**
   * Opens the store and decrypts every record. A record that does not decrypt (another key, or moved to another
   * person) leaves its person signed out of that server, is said once at the terminal, and is kept as it is.
   */
  static async open(
    key: Buffer,
    storage: { dataDir: string; databaseUrl: string | undefined },
    warn: (message: string) => void = (m) => process.stderr.write(`mcp-dashboard: ${m}\n`),
  ): Promise<PersonTokens> {
    const backend = await openSealedBackend(storage.dataDir, storage.databaseUrl);
    const store = new PersonTokens(key, backend, warn);
    const failed: string[] = [];
    for (const { sub, server, sealed } of await backend.loadAll()) {
      try {
        const entry = openRecord(key, sub, server, sealed) as StoredServerAuth;
        if (entry && typeof entry.url === 'string') store.of(sub).set(server, entry);
      } catch {
        failed.push(`"${server}" of ${sub}`);
      }
    }
    if (failed.length)
      warn(
        `${failed.length} upstream sign-in(s) in ${backend.description} could not be decrypted with the key in ${TOKEN_KEY_AT} (${failed.slice(0, 5).join(', ')}${failed.length > 5 ? ', …' : ''}): the key is not the one they were saved with, or a record was moved. Those people are signed out of those servers until they sign in again; nothing was deleted.`,
      );
    return store;
  }

  private of(sub: string): Map<string, StoredServerAuth> {
    let servers = this.people.get(sub);
    if (!servers) this.people.set(sub, (servers = new Map()));
    return servers;
  }

  /** The token store of one person: their records only. */
  forPerson(sub: string): ServerTokenStore {
    return {
      get: (name, url) => {
        const entry = this.people.get(sub)?.get(name);
        return entry && entry.url === url ? entry : undefined;
      },
      update: async (name, url, change) => {
        const servers = this.of(sub);
        const current = servers.get(name);
        const entry: StoredServerAuth = current && current.url === url ? current : { url };
        change(entry);
        servers.set(name, entry);
        const sealed = sealRecord(this.key, sub, name, entry);
        await this.queued(() => this.backend.put({ sub, server: name, sealed }), `save ${sub}'s sign-in to "${name}"`);
      },
      forget: async (name) => {
        const had = this.people.get(sub)?.delete(name) ?? false;
        await this.queued(() => this.backend.remove(sub, name), `forget ${sub}'s sign-in to "${name}"`);
        return had;
      },
    };
  }

  /** Writes one at a time, in order; a failed write is said (the sign-in holds until the gateway stops). */
  private queued(work: () => Promise<void>, what: string): Promise<void> {
    const next = this.writing.then(work);
    this.writing = next.catch((error: unknown) =>
      this.warn(`could not ${what} in ${this.backend.description}: ${(error as Error).message}`),
    );
    return this.writing.then(() => {});
  }

  async close(): Promise<void> {
    await this.writing;
    await this.backend.close();
  }
}

/**
 * Team mode's side of upstream sign-in: the people's token records (opened when `key` is set, i.e. some server
 * is signed in per person) and what the OAuth side is told. A server signed in per person that a reloaded config
 * adds without a key at start gets a store that refuses to keep tokens, saying what to do.
 */
export async function openUpstreamSignIn(
  team: TeamMode,
  oauth: OAuthGateway,
  key: Buffer | undefined,
): Promise<PersonTokens | undefined> {
  const settings = team.settings;
  const tokens = key ? await PersonTokens.open(key, settings) : undefined;
  const refuse = async (): Promise<never> => {
    throw new Error(`set ${TOKEN_KEY_AT} and restart the gateway: people's upstream tokens are kept only encrypted`);
  };
  oauth.teamMode({
    publicOrigin: settings.publicOrigin,
    perPerson: (name, config) => signsInPerPerson(name, config, team.settings),
    tokens: tokens ?? { forPerson: () => ({ get: () => undefined, update: refuse, forget: async () => false }) },
    ownerOf: (req) => team.sessionOf(req)?.person.sub,
  });
  return tokens;
}
