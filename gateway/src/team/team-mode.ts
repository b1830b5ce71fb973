import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { GatewayServerSummary } from '../../../src/core/shared/gateway-api/gateway-client.js';
import type { ServerGrant } from '../../../src/core/shared/team/roles.js';
import { isTeamAdmin, rolesForGroups } from '../../../src/core/shared/team/roles.js';
import type { Refusal } from '../http/security.js';
import { bearerToken, tokensEqual } from '../http/security.js';
import type { RelaySession } from '../relay/session.js';
import { BrowserSessions, type BrowserSession, type Person } from './browser-sessions.js';
import { SessionGuard, ToolTypes, type GuardContext } from './mcp-guard.js';
import { OidcRelyingParty, type PendingSignIn } from './oidc.js';
import type { TeamSettings } from './settings.js';
import { TeamAudit } from './team-audit.js';
import { openPersonState, type PersonState } from './person-state.js';
import { PublishedLayouts } from './team-layouts.js';
import { TeamPasskeys } from './team-passkeys.js';
import { openSessionStore, type SessionStore } from './session-store.js';
import { printError } from '../terminal/terminal-text.js';
import { openTeamEvents, type TeamEvents } from './team-events.js';

/** The cookie that carries a browser session's secret. */
const SESSION_COOKIE = 'mcpd-session';
/** The cookie that binds a sign-in on its way to the browser that started it (login CSRF). */
export const LOGIN_COOKIE = 'mcpd-login';
/** A cookie without a secret that tells the page it runs in team mode (it asks for its token with the session cookie). */
export const TEAM_MARK_COOKIE = 'mcpd-team';

/**
 * Team mode (docs/team.md): sign-in through the team's OpenID provider, server-side browser sessions, the
 * roles the gateway enforces on every relayed message, and the team's audit log. The request handler asks it
 * who a request is from (`check`), the MCP route asks its guard, and its own routes are in team-routes.ts.
 */
export class TeamMode {
  readonly sessions: BrowserSessions;
  readonly guardContext: GuardContext;
  /** Each person's passkeys, and the check of calls a team passkey rule covers. */
  readonly passkeys: TeamPasskeys;
  /** A server's summary as one person sees it (their own upstream sign-in), set once the servers exist. */
  upstreamSummary: ((sub: string, summary: GatewayServerSummary) => GatewayServerSummary) | undefined;
  /** Events to and from the other replicas (PostgreSQL); none with the embedded store. */
  private events: TeamEvents | undefined;
  /** Why the last edit of the config was not applied (shown to admins), until one is. */
  configProblem: string | undefined;
  private readonly who = new WeakMap<IncomingMessage, BrowserSession>();

  private constructor(
    readonly settings: TeamSettings,
    readonly oidc: OidcRelyingParty,
    readonly audit: TeamAudit,
    /** What follows each person between browsers (preferences, layouts). */
    readonly state: PersonState,
    /** Team dashboards admins published from the page. */
    readonly layouts: PublishedLayouts,
    private readonly sessionStore: SessionStore,
  ) {
    // Replicas share PostgreSQL: a session ended on another one is noticed within seconds.
    this.sessions = new BrowserSessions(
      settings,
      sessionStore,
      // Read again after 4 s, beside the request (browser-sessions.ts): a revocation applies within about 4 s.
      settings.databaseUrl ? 4_000 : Number.POSITIVE_INFINITY,
    );
    this.passkeys = new TeamPasskeys(state, () => this.settings.passkeys, settings.publicOrigin);
    this.guardContext = {
      roles: () => this.settings.roles,
      audit,
      toolTypes: new ToolTypes(),
      passkeys: this.passkeys,
    };
  }

  /** Discovers the provider and opens the audit log; either failing stops the gateway with the reason. */
  static async start(settings: TeamSettings): Promise<TeamMode> {
    const oidc = await OidcRelyingParty.discover(settings);
    const audit = await TeamAudit.open(settings.dataDir, settings.databaseUrl);
    const state = await openPersonState(settings.dataDir, settings.databaseUrl);
    const sessionStore = await openSessionStore(settings.dataDir, settings.databaseUrl);
    const team = new TeamMode(settings, oidc, audit, state, await PublishedLayouts.load(state), sessionStore);
    await team.sessions.load();
    // Replicas tell each other at once what must not wait for the next check: an ended session, changed layouts.
    const events = await openTeamEvents(settings.databaseUrl);
    team.events = events;
    team.sessions.onEnded = (digest) => events.publish({ kind: 'session-ended', digest });
    team.layouts.onChange = () => events.publish({ kind: 'layouts-changed' });
    events.onEvent((event) => {
      if (event.kind === 'session-ended') team.sessions.drop(event.digest);
      else
        void team.layouts
          .refresh()
          .catch((error: unknown) => printError(`mcp-dashboard: could not read the team dashboards: ${String(error)}`));
    });
    return team;
  }

  /** Cookie names: `__Host-` prefixed when the dashboard is served over https. */
  get sessionCookie(): string {
    return this.settings.secureCookies ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
  }

  /** A `Set-Cookie` value (HttpOnly unless `readable`). */
  cookie(name: string, value: string, options: { maxAge?: number; path?: string; readable?: boolean } = {}): string {
    return stringifySetCookie({
      name,
      value,
      httpOnly: options.readable !== true,
      secure: this.settings.secureCookies,
      sameSite: 'lax',
      path: options.path ?? '/',
      ...(options.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
    });
  }

  /** The request's cookies. */
  cookies(req: IncomingMessage): Record<string, string | undefined> {
    return typeof req.headers.cookie === 'string' ? parseCookie(req.headers.cookie) : {};
  }

  /** Reads a request's session from the team's store when this replica does not know it (yet), before deciding. */
  async prime(req: IncomingMessage): Promise<void> {
    await this.sessions.prime(this.cookies(req)[this.sessionCookie]);
  }

  /** The live browser session of a request's cookie, if any. */
  sessionOf(req: IncomingMessage): BrowserSession | undefined {
    return this.who.get(req) ?? this.sessions.find(this.cookies(req)[this.sessionCookie]);
  }

  /**
   * Who may use the API: a live session cookie *and* that session's page token as the bearer (the token is
   * read once by the page, same-origin; another origin can send the cookie but never learn the token).
   */
  check(req: IncomingMessage): Refusal | undefined {
    const session = this.sessionOf(req);
    if (!session)
      return {
        status: 401,
        reason: `Not signed in, or the session has ended: sign in again at ${this.settings.publicOrigin}/oidc/login.`,
      };
    const given = bearerToken(req);
    if (given === undefined || !tokensEqual(given, session.pageToken))
      return {
        status: 401,
        reason: 'Missing or wrong page token: the page asks for it with POST /api/team/session (same origin only).',
      };
    // Roles follow the current table (it may have been edited since sign-in): the next message uses it.
    const person = session.person;
    person.roles = rolesForGroups(this.settings.roles, person.groups).map((r) => r.name);
    person.admin = isTeamAdmin(this.settings.roles, person.roles);
    person.installWidgets = this.mayInstall(person.roles);
    this.who.set(req, session);
    return undefined;
  }

  /** The person a checked request is from. */
  personOf(req: IncomingMessage): Person | undefined {
    return this.who.get(req)?.person;
  }

  /** A person from the provider's answer: their roles from their groups. */
  person(signedIn: { sub: string; email: string | undefined; name: string | undefined; groups: string[] }): Person {
    const roles = rolesForGroups(this.settings.roles, signedIn.groups).map((r) => r.name);
    return {
      ...signedIn,
      roles,
      admin: isTeamAdmin(this.settings.roles, roles),
      installWidgets: this.mayInstall(roles),
    };
  }

  /** Whether these roles may change the team's widgets (admin, or `installWidgets`). */
  private mayInstall(roles: readonly string[]): boolean {
    return this.settings.roles.some((r) => roles.includes(r.name) && (r.admin === true || r.installWidgets === true));
  }

  /** A sign-in on its way, by state (each is taken once), kept where every replica finds it. */
  remember(pending: PendingSignIn): Promise<void> {
    return this.sessionStore.putPending(pending);
  }

  async take(state: string | undefined): Promise<PendingSignIn | undefined> {
    return state ? this.sessionStore.takePending(state) : undefined;
  }

  /** The grants of the person's roles on a server (its own entries and `"*"`). */
  private grants(person: Person, server: string): ServerGrant[] {
    return this.settings.roles
      .filter((role) => person.roles.includes(role.name))
      .flatMap((role) =>
        [server, '*'].filter((key) => Object.hasOwn(role.servers, key)).map((key) => role.servers[key]),
      )
      .filter((g): g is ServerGrant => g !== undefined);
  }

  /** Whether any of the person's roles names the server (or every server). */
  seesServer(person: Person, server: string): boolean {
    return this.grants(person, server).length > 0;
  }

  /** The guard for a new relay session of `person` on `server`, and who may use it afterwards. */
  sessionTeam(person: Person, server: string) {
    const guard = new SessionGuard(person, server, this.guardContext);
    return {
      guard,
      sub: person.sub,
      mayUse: (session: RelaySession) =>
        session.guard instanceof SessionGuard && session.guard.owner.sub === person.sub,
    };
  }

  /** Whether a relay session belongs to `person`. */
  owns(person: Person, session: RelaySession): boolean {
    return session.guard instanceof SessionGuard && session.guard.owner.sub === person.sub;
  }

  async close(): Promise<void> {
    await this.events?.close();
    await this.sessionStore.close();
    await this.state.close();
    await this.audit.close();
  }
}

/** Where a sign-in may return to: a path of the dashboard, never another site. */
export function safeReturn(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value.slice(0, 2000);
}

/** Sends `res` to `location` (303 See Other, never cached). */
export function redirect(res: ServerResponse, location: string, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store', ...headers });
  res.end();
}
