import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, safeDecode, sendJson, sendJsonText } from '../http/http-io.js';
import { MAX_VALUE_BYTES, PersonStateError, TEAM_WIDE } from './person-state.js';
import { printError } from '../terminal/terminal-text.js';
import type { Person, PersonSeen } from './browser-sessions.js';
import { OidcError } from './oidc.js';
import { auditCsv, type AuditQuery } from './team-audit.js';
import { sendTeamPage } from './team-pages.js';
import { GATEWAY_KEYS } from './team-passkeys.js';
import { LOGIN_COOKIE, redirect, safeReturn, TEAM_MARK_COOKIE, type TeamMode } from './team-mode.js';

type Route = (req: IncomingMessage, res: ServerResponse, cors: Record<string, string>, url: URL) => Promise<void>;

/** What a page or an admin may know of a person. */
function personView(person: Person) {
  return {
    sub: person.sub,
    email: person.email ?? null,
    name: person.name ?? null,
    groups: person.groups,
    roles: person.roles,
    admin: person.admin,
  };
}

/**
 * Team mode's routes that stand before the page's token: sign-in (`/oidc/login`, `/oidc/callback`), the
 * signed-out page, and `POST /api/team/session`, where a signed-in page reads its token (and its start-up reads).
 */
export function teamPublicRoutes(team: TeamMode, startupBody: (person: Person) => string): Map<string, Route> {
  const login: Route = async (_req, res, _cors, url) => {
    const { url: to, pending } = await team.oidc.begin(safeReturn(url.searchParams.get('return')));
    await team.remember(pending);
    redirect(res, to.href, {
      'Set-Cookie': team.cookie(LOGIN_COOKIE, pending.state, { maxAge: 600, path: '/oidc' }),
    });
  };
  const callback: Route = async (req, res, _cors, url) => {
    const pending = await team.take(team.cookies(req)[LOGIN_COOKIE]);
    const again = { href: '/oidc/login', label: 'Sign in again' };
    if (!pending) {
      sendTeamPage(res, 400, {
        title: 'Sign-in expired',
        lines: ['This sign-in was not started in this browser, or took longer than ten minutes, or was already used.'],
        action: again,
      });
      return;
    }
    const callbackUrl = new URL(`${url.pathname}${url.search}`, team.settings.publicOrigin);
    let person: Person;
    let idToken: string | undefined;
    try {
      const signedIn = await team.oidc.finish(callbackUrl, pending);
      person = team.person(signedIn);
      idToken = signedIn.idToken;
    } catch (error) {
      const message = error instanceof OidcError ? error.message : String(error);
      printError(`mcp-dashboard: a sign-in failed: ${message}`);
      sendTeamPage(res, 400, { title: 'Sign-in failed', lines: [message], action: again });
      return;
    }
    const clearLogin = team.cookie(LOGIN_COOKIE, '', { maxAge: 0, path: '/oidc' });
    if (person.roles.length === 0) {
      const contact = team.settings.contact ?? 'the person who runs this dashboard';
      sendTeamPage(
        res,
        403,
        {
          title: 'No access to this dashboard',
          lines: [
            `You are signed in as ${person.email ?? person.sub}, but none of your groups (${person.groups.join(', ') || 'none'}) has a role here.`,
            `Ask ${contact} to add one of your groups to a role.`,
          ],
        },
        { 'Set-Cookie': clearLogin },
      );
      return;
    }
    let secret: string;
    try {
      ({ secret } = await team.sessions.create(person, idToken, String(req.headers['user-agent'] ?? '')));
    } catch (error) {
      printError(`mcp-dashboard: a sign-in could not be kept: ${String(error)}`);
      sendTeamPage(res, 503, {
        title: 'Sign-in could not be completed',
        lines: ['The dashboard could not keep your session: its database is not reachable. Try again in a moment.'],
      });
      return;
    }
    // Who has signed in is kept in the team's store (the Team admin screen lists people across restarts).
    void team.state
      .set(
        TEAM_WIDE,
        `people/${person.sub}`,
        team.sessions.people().find((p) => p.sub === person.sub),
      )
      .catch((error: unknown) =>
        printError(`mcp-dashboard: could not record the sign-in of ${person.sub}: ${String(error)}`),
      );
    redirect(res, pending.returnTo, {
      'Set-Cookie': [
        clearLogin,
        team.cookie(team.sessionCookie, secret, { maxAge: Math.floor(team.settings.maxMs / 1000) }),
        team.cookie(TEAM_MARK_COOKIE, '1', { readable: true }),
      ],
    });
  };
  const signedOut: Route = async (_req, res) => {
    sendTeamPage(res, 200, {
      title: 'Signed out',
      lines: ['You are signed out of the dashboard.'],
      action: { href: '/oidc/login', label: 'Sign in' },
    });
  };
  const signedIn: Route = async (req, res) => {
    if (!team.sessionOf(req)) {
      redirect(res, '/oidc/login?return=/signed-in');
      return;
    }
    sendTeamPage(res, 200, {
      title: 'Signed in again',
      lines: ['Go back to your dashboard tab: it goes on where you left it. You can close this window.'],
    });
  };
  const pageSession: Route = async (req, res, cors) => {
    const session = team.sessionOf(req);
    if (!session) {
      sendJson(res, 401, { error: 'Not signed in.', signIn: '/oidc/login' }, cors);
      return;
    }
    const parsed = await readBody(req);
    const startup = parsed.ok && (parsed.value as { startup?: unknown } | null)?.startup === true;
    sendJsonText(
      res,
      200,
      `{"token":${JSON.stringify(session.pageToken)},"person":${JSON.stringify(personView(session.person))}${
        startup ? `,"startup":${startupBody(session.person)}` : ''
      }}`,
      { ...cors, 'Cache-Control': 'no-store' },
    );
  };
  return new Map<string, Route>([
    ['GET /oidc/login', login],
    ['GET /oidc/callback', callback],
    ['GET /signed-out', signedOut],
    ['GET /signed-in', signedIn],
    ['POST /api/team/session', pageSession],
  ]);
}

/**
 * A navigation to the dashboard's page without a live session goes to sign-in first, and comes back to
 * where it was going. True when it answered.
 */
export function gateUi(team: TeamMode, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const path = url.pathname;
  const page = path === '/' || path.endsWith('.html') || !/\.[A-Za-z0-9]+$/.test(path);
  if (!page || team.sessionOf(req)) return false;
  redirect(res, `/oidc/login?return=${encodeURIComponent(`${path}${url.search}`)}`);
  return true;
}

/** The audit query in a request's address; a member's is always their own. */
function auditQuery(url: URL, person: Person): AuditQuery {
  const p = url.searchParams;
  const text = (key: string) => p.get(key) ?? undefined;
  const limit = Number(p.get('limit') ?? '1000');
  return {
    sub: person.admin ? text('sub') : person.sub,
    server: text('server'),
    name: text('name'),
    since: text('since'),
    until: text('until'),
    limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 100_000) : 1000,
  };
}

/** Team mode's routes behind the page's token. True when it answered. */
export async function teamApiRoute(
  team: TeamMode,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  const person = team.personOf(req);
  if (!person) return false;
  const adminOnly = () => {
    if (person.admin) return false;
    sendJson(res, 403, { error: `Only admins may read ${path}; your roles: ${person.roles.join(', ')}.` });
    return true;
  };
  if (path === '/api/team/me' && req.method === 'GET') {
    sendJson(res, 200, personView(person));
    return true;
  }
  if (path === '/api/team/sign-out' && req.method === 'POST') {
    const ended = team.sessions.end(team.cookies(req)[team.sessionCookie]);
    sendJson(
      res,
      200,
      { next: team.oidc.endSessionUrl(ended?.idToken) ?? '/signed-out' },
      {
        'Set-Cookie': [
          team.cookie(team.sessionCookie, '', { maxAge: 0 }),
          team.cookie(TEAM_MARK_COOKIE, '', { maxAge: 0, readable: true }),
        ],
      },
    );
    return true;
  }
  if (path === '/api/team/status' && req.method === 'GET') {
    if (adminOnly()) return true;
    sendJson(res, 200, { configProblem: team.configProblem ?? null, audit: team.audit.path });
    return true;
  }
  if (path === '/api/team/preferences' && req.method === 'GET') {
    try {
      const values = await team.state.all(person.sub);
      for (const key of Object.keys(values)) if (key.startsWith(GATEWAY_KEYS)) delete values[key];
      sendJson(res, 200, { values });
    } catch (error) {
      sendJson(res, (error as PersonStateError).status ?? 503, { error: (error as Error).message });
    }
    return true;
  }
  const preference = /^\/api\/team\/preferences\/([^/]{1,200})$/.exec(path);
  if (preference && req.method === 'PUT') {
    const parsed = await readBody(req, MAX_VALUE_BYTES + 1024);
    if (!parsed.ok) {
      sendJson(res, parsed.status, { error: parsed.message });
      return true;
    }
    const key = safeDecode(preference[1]!);
    if (key.startsWith(GATEWAY_KEYS)) {
      sendJson(res, 403, { error: `"${key}" is kept by the gateway (your passkeys); the page cannot change it.` });
      return true;
    }
    try {
      await team.state.set(person.sub, key, (parsed.value as { value?: unknown } | null)?.value);
      sendJson(res, 200, { saved: key });
    } catch (error) {
      sendJson(res, error instanceof PersonStateError ? error.status : 503, { error: (error as Error).message });
    }
    return true;
  }
  if (path === '/api/team/people' && req.method === 'GET') {
    if (adminOnly()) return true;
    const kept = await team.state.all(TEAM_WIDE).catch(() => ({}));
    const people = new Map<string, PersonSeen>();
    for (const [key, value] of Object.entries(kept))
      if (key.startsWith('people/')) people.set(key.slice('people/'.length), value as PersonSeen);
    for (const seen of team.sessions.people()) people.set(seen.sub, seen);
    sendJson(res, 200, {
      people: [...people.values()].sort((a, b) => b.lastSignIn.localeCompare(a.lastSignIn)),
    });
    return true;
  }
  const passkeysOf = /^\/api\/team\/people\/([^/]{1,400})\/passkeys$/.exec(path);
  if (passkeysOf && req.method === 'DELETE') {
    if (adminOnly()) return true;
    const sub = safeDecode(passkeysOf[1]!);
    await team.passkeys.reset(sub);
    printError(`mcp-dashboard: ${person.email ?? person.sub} reset the passkeys of ${sub}.`);
    sendJson(res, 200, { reset: sub });
    return true;
  }
  if (path === '/api/team/sessions' && req.method === 'GET') {
    const mine = team.sessionOf(req);
    const list = await team.sessions.list(person.admin && url.searchParams.get('all') === '1' ? undefined : person.sub);
    sendJson(res, 200, {
      sessions: list.map((s) => ({
        id: s.id,
        sub: s.person.sub,
        email: s.person.email ?? null,
        createdAt: new Date(s.createdAt).toISOString(),
        lastSeen: new Date(s.lastSeen).toISOString(),
        userAgent: s.userAgent,
        current: s === mine,
      })),
    });
    return true;
  }
  const revoke = /^\/api\/team\/sessions\/([A-Za-z0-9_-]{1,40})$/.exec(path);
  if (revoke && req.method === 'DELETE') {
    const ok = await team.sessions.revoke(revoke[1]!, person.admin ? undefined : person.sub);
    sendJson(res, ok ? 200 : 404, ok ? { revoked: revoke[1] } : { error: 'No such session of yours.' });
    return true;
  }
  if (path === '/api/audit' && req.method === 'GET') {
    const rows = await team.audit.rows(auditQuery(url, person));
    const format = url.searchParams.get('format') ?? 'json';
    if (format === 'csv') {
      res.writeHead(200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="mcp-dashboard-audit.csv"',
        'Cache-Control': 'no-store',
      });
      res.end(auditCsv(rows));
    } else if (format === 'jsonl') {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
    } else sendJson(res, 200, { rows });
    return true;
  }
  return false;
}
