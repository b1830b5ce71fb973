/**
 * The page's side of team mode (docs/team.md): whether this page runs in team mode, who is signed in, and the
 * gateway's team routes. The session cookie is HttpOnly and travels by itself (same origin); each route also
 * needs the page token, read once per page with the cookie.
 */

/** A signed-in person as the gateway describes them. */
export interface TeamPerson {
  sub: string;
  email: string | null;
  name: string | null;
  groups: string[];
  roles: string[];
  admin: boolean;
}

/** Team mode: the gateway set this cookie at sign-in (it holds no secret). */
export function isTeamMode(): boolean {
  try {
    return /(?:^|;\s*)mcpd-team=1(?:;|$)/.test(document.cookie);
  } catch {
    return false;
  }
}

/** The page token and person of this browser's session (its cookie, same origin); undefined when there is none. */
export async function readTeamSession(): Promise<{ token: string; person: TeamPerson } | undefined> {
  try {
    const response = await fetch('/api/team/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { token?: unknown; person: TeamPerson };
    return typeof body.token === 'string' ? { token: body.token, person: body.person } : undefined;
  } catch {
    return undefined;
  }
}

/** The gateway's team routes, with the page token. */
export class TeamApi {
  private constructor(
    private readonly token: string,
    readonly person: TeamPerson,
  ) {}

  /** Who is signed in (and this page's token); undefined when the session has ended. */
  static async connect(): Promise<TeamApi | undefined> {
    const session = await readTeamSession();
    return session && new TeamApi(session.token, session.person);
  }

  /** A request to a team route; rejects with the gateway's own reason. */
  async request(method: 'GET' | 'POST' | 'DELETE', path: string): Promise<Response> {
    const response = await fetch(path, {
      method,
      headers: { Authorization: `Bearer ${this.token}` },
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      throw new Error(body.error ?? `HTTP ${response.status}`);
    }
    return response;
  }

  async json<T>(path: string): Promise<T> {
    return (await (await this.request('GET', path)).json()) as T;
  }

  /** Ends this browser's session; resolves with where to go next (the provider's sign-out, or the signed-out page). */
  async signOut(): Promise<string> {
    const { next } = (await (await this.request('POST', '/api/team/sign-out')).json()) as { next: string };
    return next;
  }
}
