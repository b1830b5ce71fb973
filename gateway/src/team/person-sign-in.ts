import type { IncomingMessage, ServerResponse } from 'node:http';
import { safeDecode, sendJson } from '../http/http-io.js';
import type { OAuthGateway } from '../oauth/oauth-gateway.js';
import type { ServerRouter } from '../relay/server-router.js';
import type { Person } from './browser-sessions.js';
import type { TeamMode } from './team-mode.js';

/**
 * `POST /api/servers/<name>/sign-in|sign-out` of a server each person signs in to themself: any member whose
 * roles name the server signs in or out with their own account, acting on their own tokens only. False for
 * other paths and for servers whose sign-in is shared (those stay for admins).
 */
export async function personSignInRoute(
  oauth: OAuthGateway,
  team: TeamMode,
  person: Person,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  servers: ReadonlyMap<string, ServerRouter>,
): Promise<boolean> {
  const match = /^\/api\/servers\/([^/]+)\/(sign-in|sign-out)$/.exec(path);
  if (!match) return false;
  const name = safeDecode(match[1]!);
  const server = servers.get(name);
  const authOf = oauth.personalAuth(name);
  if (!server || !authOf) return false;
  if (!team.seesServer(person, name)) {
    sendJson(res, 403, { error: `The server "${name}" is not granted to your roles (${person.roles.join(', ')}).` });
    return true;
  }
  return oauth.handleApi(
    req,
    res,
    path,
    () => ({
      auth: authOf(person.sub),
      closeAll: () => server.closeSessionsOf(person.sub, 'you signed out of the server'),
    }),
    sendJson,
  );
}
