import { createHash, randomBytes } from 'node:crypto';
import { printError } from '../terminal/terminal-text.js';
import type { SessionStore } from './session-store.js';

/** A signed-in person, as the gateway decides with. */
export interface Person {
  sub: string;
  email: string | undefined;
  name: string | undefined;
  groups: string[];
  /** Role names from the team's table, in table order. */
  roles: string[];
  admin: boolean;
  /** May change the team's widget settings (install or remove registry widgets): admins and `installWidgets` roles. */
  installWidgets: boolean;
}

/** One browser's sign-in. */
export interface BrowserSession {
  /** Public handle (admins revoke by it); not the cookie. */
  id: string;
  person: Person;
  /** The page's bearer: it must come with the cookie on every API request (a CSRF token the page reads once). */
  pageToken: string;
  idToken: string | undefined;
  createdAt: number;
  lastSeen: number;
  userAgent: string;
}

/** Someone who signed in at least once. */
export interface PersonSeen {
  sub: string;
  email: string | undefined;
  name: string | undefined;
  roles: string[];
  lastSignIn: string;
}

function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/**
 * Server-side browser sessions: the cookie carries a 256-bit secret, the gateway keeps only its digest.
 * A session ends after `idleMs` without a request, `maxMs` after sign-in, at sign-out, or when an admin
 * revokes it; a cookie of an ended session is refused from then on. Sessions are kept in memory and in the
 * team's store (session-store.ts), so a restart does not sign anyone out; a session another replica made is
 * read from the store on its first request here, and one this replica knows is checked against the store
 * again every `recheckMs` (another replica may have ended it).
 */
export class BrowserSessions {
  private readonly byCookie = new Map<string, BrowserSession>();
  private readonly seen = new Map<string, PersonSeen>();
  /** Store reads under way, by cookie digest. */
  private readonly reading = new Map<string, Promise<void>>();
  /** When each cached session was last found in the store, and the `lastSeen` the store has. */
  private readonly checked = new Map<string, { at: number; lastSeen: number }>();
  /** Told when a session ends here (the other replicas drop it at once). */
  onEnded: ((digest: string) => void) | undefined;

  constructor(
    private readonly limits: { idleMs: number; maxMs: number },
    private readonly store?: SessionStore,
    private readonly recheckMs = Number.POSITIVE_INFINITY,
  ) {}

  /** Reads the kept sessions (at start); expired ones are removed from the store. */
  async load(now = Date.now()): Promise<void> {
    if (!this.store) return;
    for (const [key, session] of await this.store.all()) {
      if (this.expired(session, now)) void this.forget(key);
      else {
        this.byCookie.set(key, session);
        this.checked.set(key, { at: now, lastSeen: session.lastSeen });
      }
    }
  }

  /**
   * Makes sure the cache agrees with the store for a cookie's secret before the request is decided: a session
   * made by another replica is read, one ended elsewhere is dropped. Without a store, nothing to do.
   */
  async prime(secret: string | undefined, now = Date.now()): Promise<void> {
    if (!this.store || !secret) return;
    const key = digest(secret);
    const cached = this.byCookie.get(key);
    const checked = this.checked.get(key);
    if (cached && checked && now - checked.at < this.recheckMs) return;
    // A session this replica knows and read lately is decided at once and read again beside the request: the next
    // request sees what the store says. With every person's check due at once (they signed in together), awaiting
    // the reads put a burst of them in front of a hundred calls every few seconds (p99 60–107 ms at 500 calls/s).
    if (cached && checked && now - checked.at < 2 * this.recheckMs) {
      void this.read(key, now);
      return;
    }
    await this.read(key, now);
  }

  /** Reads a session from the store into the cache (one read per session at a time). */
  private read(key: string, now: number): Promise<void> {
    const running = this.reading.get(key);
    if (running) return running;
    const reading = (async () => {
      try {
        const kept = await this.store!.get(key);
        if (!kept) {
          this.byCookie.delete(key);
          this.checked.delete(key);
          return;
        }
        const session = this.byCookie.get(key) ?? kept;
        session.lastSeen = Math.max(session.lastSeen, kept.lastSeen);
        this.byCookie.set(key, session);
        this.checked.set(key, { at: now, lastSeen: kept.lastSeen });
      } catch (error) {
        // The store is down: a session this replica knows goes on; one it does not know cannot be read.
        printError(`mcp-dashboard: could not read a browser session from the team store: ${String(error)}`);
      } finally {
        this.reading.delete(key);
      }
    })();
    this.reading.set(key, reading);
    return reading;
  }

  private expired(session: BrowserSession, now: number): boolean {
    return now - session.lastSeen > this.limits.idleMs || now - session.createdAt > this.limits.maxMs;
  }

  /** Drops a session another replica ended (by its cookie's digest), without touching the store. */
  drop(key: string): void {
    this.byCookie.delete(key);
    this.checked.delete(key);
  }

  private forget(key: string): Promise<void> {
    this.checked.delete(key);
    this.onEnded?.(key);
    return (
      this.store?.delete(key).catch((error: unknown) => {
        printError(`mcp-dashboard: could not remove an ended browser session from the team store: ${String(error)}`);
      }) ?? Promise.resolve()
    );
  }

  /** Keeps a session's `lastSeen` in the store at most once a minute (idle time counts across replicas). */
  private touch(key: string, session: BrowserSession): void {
    const checked = this.checked.get(key);
    if (!this.store || (checked && session.lastSeen - checked.lastSeen < 60_000)) return;
    this.checked.set(key, { at: checked?.at ?? session.lastSeen, lastSeen: session.lastSeen });
    this.store.put(key, session).catch((error: unknown) => {
      printError(`mcp-dashboard: could not keep a browser session in the team store: ${String(error)}`);
    });
  }

  /**
   * A new session for `person`; returns the cookie's secret and the session once it is kept (a store that
   * cannot keep it fails the sign-in, which says so).
   */
  async create(person: Person, idToken: string | undefined, userAgent: string, now = Date.now()) {
    const secret = randomBytes(32).toString('base64url');
    const session: BrowserSession = {
      id: randomBytes(9).toString('base64url'),
      person,
      pageToken: randomBytes(32).toString('base64url'),
      idToken,
      createdAt: now,
      lastSeen: now,
      userAgent: userAgent.slice(0, 200),
    };
    const key = digest(secret);
    await this.store?.put(key, session);
    this.byCookie.set(key, session);
    this.checked.set(key, { at: now, lastSeen: now });
    this.seen.set(person.sub, {
      sub: person.sub,
      email: person.email,
      name: person.name,
      roles: person.roles,
      lastSignIn: new Date(now).toISOString(),
    });
    return { secret, session };
  }

  /** The live session a cookie's secret belongs to (and it counts as used), or undefined. */
  find(secret: string | undefined, now = Date.now()): BrowserSession | undefined {
    if (!secret) return undefined;
    const key = digest(secret);
    const session = this.byCookie.get(key);
    if (!session) return undefined;
    if (this.expired(session, now)) {
      this.byCookie.delete(key);
      void this.forget(key);
      return undefined;
    }
    session.lastSeen = now;
    this.touch(key, session);
    return session;
  }

  /** Ends the session a cookie's secret belongs to; returns it. */
  end(secret: string | undefined): BrowserSession | undefined {
    if (!secret) return undefined;
    const key = digest(secret);
    const session = this.byCookie.get(key);
    this.byCookie.delete(key);
    void this.forget(key);
    return session;
  }

  /** Ends a session by its public id; `sub` limits it to that person's sessions. True when one ended. */
  async revoke(id: string, sub?: string): Promise<boolean> {
    for (const [key, session] of await this.everything()) {
      if (session.id === id && (sub === undefined || session.person.sub === sub)) {
        this.byCookie.delete(key);
        await this.forget(key);
        return true;
      }
    }
    return false;
  }

  /** Live sessions (of one person when `sub` is given), newest first: every replica's, when the store is shared. */
  async list(sub?: string, now = Date.now()): Promise<BrowserSession[]> {
    return [...(await this.everything()).values()]
      .filter((s) => !this.expired(s, now))
      .filter((s) => sub === undefined || s.person.sub === sub)
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  /** The sessions of the store (this replica's own, fresher, where it has them), else the cache. */
  private async everything(): Promise<Map<string, BrowserSession>> {
    if (!this.store) return new Map(this.byCookie);
    try {
      const all = await this.store.all();
      for (const [key, session] of this.byCookie) if (all.has(key)) all.set(key, session);
      return all;
    } catch (error) {
      printError(`mcp-dashboard: could not list browser sessions from the team store: ${String(error)}`);
      return new Map(this.byCookie);
    }
  }

  /** Everyone who signed in since the gateway started, most recent first. */
  people(): PersonSeen[] {
    return [...this.seen.values()].sort((a, b) => b.lastSignIn.localeCompare(a.lastSignIn));
  }
}
