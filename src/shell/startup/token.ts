const KEY = 'mcp-dashboard.token';

/** Why the page has no access token. */
export type LaunchProblem = 'no-token' | 'used' | 'expired' | 'unknown' | 'unreachable';

/**
 * The page's access token. The gateway prints (and opens) `http://localhost:<port>/#code=…`: the
 * code is taken out of the address bar at once, then spent — once — at `POST /api/launch/exchange`
 * for this page's token, which is kept in sessionStorage (this tab only) so a reload works. What the
 * browser keeps of the address (history, session files, the navigation timing entry) is a spent
 * code; the token itself stops working once no page has used it for a while (gateway/src/access.ts).
 * Without a code, a reload finds the token in sessionStorage. `withStartup` asks the exchange for the
 * start-up reads too (`startup`: the body of each, by path).
 */
export async function takeToken(
  baseUrl: string,
  location: Location = window.location,
  history: History = window.history,
  withStartup = false,
): Promise<{ token: string; startup?: Record<string, unknown> } | { problem: LaunchProblem }> {
  const match = /(?:^#|&)code=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (!match && isTeamPage()) return teamToken(baseUrl, location, withStartup);
  if (!match) {
    const stored = readStored();
    return stored ? { token: stored } : { problem: 'no-token' };
  }
  history.replaceState(null, '', location.pathname + location.search);
  let response: Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/$/, '')}/api/launch/exchange`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // withStartup: the start-up reads come with the token, in the same round trip.
      body: JSON.stringify(withStartup ? { code: match[1], startup: true } : { code: match[1] }),
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch {
    return { problem: 'unreachable' };
  }
  const body = (await response.json().catch(() => ({}))) as { token?: unknown; reason?: unknown; startup?: unknown };
  if (!response.ok || typeof body.token !== 'string') {
    const stored = readStored();
    // A reload of a page whose address still showed a spent code keeps its own token.
    if (stored) return { token: stored };
    return { problem: body.reason === 'used' || body.reason === 'expired' ? body.reason : 'unknown' };
  }
  try {
    sessionStorage.setItem(KEY, body.token);
  } catch {
    // storage disabled: the token lives only in memory (a reload needs a new address)
  }
  const startup =
    body.startup && typeof body.startup === 'object' && !Array.isArray(body.startup)
      ? (body.startup as Record<string, unknown>)
      : undefined;
  return startup ? { token: body.token, startup } : { token: body.token };
}

function readStored(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Team mode: the gateway set this cookie at sign-in (it holds no secret; the session cookie is HttpOnly). */
function isTeamPage(): boolean {
  try {
    return /(?:^|;\s*)mcpd-team=1(?:;|$)/.test(document.cookie);
  } catch {
    return false;
  }
}

/**
 * Team mode: the page reads its token with its session cookie (same origin only), never from storage, so a
 * tab signed in again as someone else never uses the last person's token. A session that has ended sends
 * the page through sign-in, and back to this address.
 */
async function teamToken(
  baseUrl: string,
  location: Location,
  withStartup: boolean,
): Promise<{ token: string; startup?: Record<string, unknown> } | { problem: LaunchProblem }> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/$/, '')}/api/team/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ startup: withStartup }),
      cache: 'no-store',
      credentials: 'same-origin',
    });
  } catch {
    return { problem: 'unreachable' };
  }
  if (response.status === 401) {
    location.assign(`/oidc/login?return=${encodeURIComponent(location.pathname + location.search + location.hash)}`);
    return { problem: 'no-token' };
  }
  const body = (await response.json().catch(() => ({}))) as { token?: unknown; startup?: unknown };
  if (!response.ok || typeof body.token !== 'string') return { problem: 'unknown' };
  const startup =
    body.startup && typeof body.startup === 'object' && !Array.isArray(body.startup)
      ? (body.startup as Record<string, unknown>)
      : undefined;
  return startup ? { token: body.token, startup } : { token: body.token };
}
