import type { IncomingMessage, ServerResponse } from 'node:http';
import { decideTeamRequest } from '../../../src/core/shared/team/roles.js';
import type { GatewayServerSummary } from '../../../src/core/shared/gateway-api/gateway-client.js';
import type { TeamDashboard } from '../../../src/core/shared/layout/layout-types.js';
import { countRefusedCalls } from '../relay/call-meter.js';
import { sendJsonRpcAnswer } from '../relay/route-answers.js';
import type { ServerRouter } from '../relay/server-router.js';
import type { Person } from './browser-sessions.js';
import { admit, narrowAnswer, SessionGuard, TEAM_REFUSED } from './mcp-guard.js';
import type { TeamMode } from './team-mode.js';

/**
 * `/mcp/<server>` in team mode: the server must be one the person's roles name, a session id must be one of
 * their own sessions (another person's is answered as unknown), and a POST body is admitted by the guard
 * (mcp-guard.ts) before the router sees it.
 */
export async function teamMcp(
  team: TeamMode,
  person: Person,
  req: IncomingMessage,
  res: ServerResponse,
  server: ServerRouter,
  body: unknown,
): Promise<void> {
  if (!team.seesServer(person, server.name)) {
    const decision = decideTeamRequest(team.settings.roles, person.roles, {
      kind: 'tool',
      server: server.name,
      name: '*',
    });
    const who = decision.allowed ? '' : ` (${decision.wouldAllow.map((r) => `"${r}"`).join(', ') || 'no role'} would)`;
    sendJsonRpcAnswer(res, 403, {
      jsonrpc: '2.0',
      id: null,
      error: { code: TEAM_REFUSED, message: `The server "${server.name}" is not granted to your roles${who}.` },
    });
    return;
  }
  const sessionId = req.headers['mcp-session-id'];
  const session = typeof sessionId === 'string' ? server.session(sessionId) : undefined;
  const own = session && team.owns(person, session) ? (session.guard as SessionGuard) : undefined;
  if (req.method === 'POST' && (own || sessionId === undefined)) {
    const admission = await admit(team.guardContext, person, server.name, body, own);
    if (!admission.relay) {
      countRefusedCalls(server.name, body);
      const empty = admission.answer === null || (Array.isArray(admission.answer) && admission.answer.length === 0);
      sendJsonRpcAnswer(
        res,
        empty ? 403 : 200,
        empty
          ? { jsonrpc: '2.0', id: null, error: { code: TEAM_REFUSED, message: 'Not relayed in team mode.' } }
          : admission.answer,
      );
      return;
    }
  }
  await server.handle(req, res, body, team.sessionTeam(person, server.name));
}

/**
 * A start-up read as `person` may see it: `/api/servers` and `/api/catalog` list only the servers their roles
 * name, and each catalog entry only the tools, resources and prompts they may use. Other reads are the same
 * for everyone.
 */
export function teamRead(team: TeamMode, person: Person, path: string, text: string): string {
  if (path === '/api/servers') {
    const body = JSON.parse(text) as { servers: GatewayServerSummary[] };
    const seen = body.servers.filter((s) => team.seesServer(person, s.name));
    return JSON.stringify({ servers: seen.map((s) => team.upstreamSummary?.(person.sub, s) ?? s) });
  }
  if (path === '/api/catalog') {
    const body = JSON.parse(text) as { servers: Record<string, { info?: Record<string, unknown> }> };
    const servers: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries(body.servers)) {
      if (!team.seesServer(person, name)) continue;
      const info = entry.info;
      if (!info) {
        servers[name] = entry;
        continue;
      }
      const narrowed = { ...info };
      for (const [method, key] of [
        ['tools/list', 'tools'],
        ['resources/list', 'resources'],
        ['resources/templates/list', 'resourceTemplates'],
        ['prompts/list', 'prompts'],
      ] as const) {
        const result = narrowAnswer(team.guardContext, person, name, method, { [key]: info[key] });
        if (result && Array.isArray(info[key])) narrowed[key] = result[key];
      }
      servers[name] = { ...entry, info: narrowed };
    }
    return JSON.stringify({ servers });
  }
  if (path === '/api/dashboard-config') {
    // Passkeys are the person's own, for the public address; the page asks for one where a team rule says so.
    const body = JSON.parse(text) as Record<string, unknown>;
    const passkeys = { enabled: true, rpId: team.passkeys.rpId, teamRules: team.settings.passkeys };
    return JSON.stringify({ ...body, passkeys });
  }
  if (path === '/api/layouts') {
    const body = JSON.parse(text) as { dashboards: TeamDashboard[] };
    return JSON.stringify({ dashboards: team.layouts.merge(body.dashboards) });
  }
  return text;
}

/** All start-up reads of `person`, as one JSON object by path (what `POST /api/team/session` sends with the token). */
export function teamStartupBody(team: TeamMode, person: Person, reads: Map<string, () => string>): string {
  return `{${[...reads].map(([path, read]) => `${JSON.stringify(path)}:${teamRead(team, person, path, read())}`).join(',')}}`;
}
