import { createHash, randomBytes } from 'node:crypto';

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
 * revokes it; a cookie of an ended session is refused from then on. One replica keeps them in memory:
 * a restart of the gateway signs everyone in again (the provider usually does it without a prompt).
 */
export class BrowserSessions {
  private readonly byCookie = new Map<string, BrowserSession>();
  private readonly seen = new Map<string, PersonSeen>();

  constructor(private readonly limits: { idleMs: number; maxMs: number }) {}

  /** A new session for `person`; returns the cookie's secret and the session. */
  create(person: Person, idToken: string | undefined, userAgent: string, now = Date.now()) {
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
    this.byCookie.set(digest(secret), session);
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
    if (now - session.lastSeen > this.limits.idleMs || now - session.createdAt > this.limits.maxMs) {
      this.byCookie.delete(key);
      return undefined;
    }
    session.lastSeen = now;
    return session;
  }

  /** Ends the session a cookie's secret belongs to; returns it. */
  end(secret: string | undefined): BrowserSession | undefined {
    if (!secret) return undefined;
    const key = digest(secret);
    const session = this.byCookie.get(key);
    this.byCookie.delete(key);
    return session;
  }

  /** Ends a session by its public id; `sub` limits it to that person's sessions. True when one ended. */
  revoke(id: string, sub?: string): boolean {
    for (const [key, session] of this.byCookie) {
      if (session.id === id && (sub === undefined || session.person.sub === sub)) {
        this.byCookie.delete(key);
        return true;
      }
    }
    return false;
  }

  /** Live sessions (of one person when `sub` is given), newest first. */
  list(sub?: string, now = Date.now()): BrowserSession[] {
    return [...this.byCookie.values()]
      .filter((s) => now - s.lastSeen <= this.limits.idleMs && now - s.createdAt <= this.limits.maxMs)
      .filter((s) => sub === undefined || s.person.sub === sub)
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Everyone who signed in since the gateway started, most recent first. */
  people(): PersonSeen[] {
    return [...this.seen.values()].sort((a, b) => b.lastSignIn.localeCompare(a.lastSignIn));
  }
}
