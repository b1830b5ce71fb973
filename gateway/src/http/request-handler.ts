import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DashboardConfig } from '../../../src/core/shared/config/config-schema.js';
import type { OAuthGateway } from '../oauth/oauth-gateway.js';
import { CALLBACK_PATH } from '../oauth/oauth-gateway.js';
import type { PasskeyRoutes } from '../passkey/auth-routes.js';
import type { EventHubs } from '../relay/event-hub.js';
import type { ServerRouter } from '../relay/server-router.js';
import type { Access } from './access.js';
import { handleEvents } from './event-routes.js';
import { readBody, safeDecode, sendJson, sendJsonText } from './http-io.js';
import { launchExchange } from './launch-routes.js';
import { handleRegistryRoute } from './registry-routes.js';
import { checkHostAndOrigin } from './security.js';
import { handleMcp, handleRestart, handleStderr } from './server-routes.js';
import { serveStatic } from './static-files.js';
import type { TeamMode } from '../team/team-mode.js';
import type { TeamDashboard } from '../../../src/core/shared/layout/layout-types.js';
import { personSignInRoute } from '../team/person-sign-in.js';
import { teamMcp, teamRead, teamStartupBody } from '../team/team-relay.js';
import { gateUi, teamApiRoute, teamPublicRoutes } from '../team/team-routes.js';
import type { Drain } from './drain.js';
import type { OperationRoutes } from './health-routes.js';

/** A route reachable without the bearer token; it checks a credential of its own. */
type PublicRoute = (req: IncomingMessage, res: ServerResponse, cors: Record<string, string>, url: URL) => Promise<void>;

/** Everything the gateway's routes reach. Addresses are read when a request comes (they are known once it listens). */
export interface RouteContext {
  config: DashboardConfig;
  configFile: string;
  /** Directory of the built UI. */
  uiDir: string;
  /** Request handler used for the UI instead of static files (Vite in dev). */
  uiMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  access: Access;
  passkeys: PasskeyRoutes;
  oauth: OAuthGateway;
  servers: Map<string, ServerRouter>;
  hubs: EventHubs;
  /** What a page reads at start-up, by path (launch-routes.ts). */
  startupReads: Map<string, () => string>;
  /** Host headers and origins allowed, and the origins that get CORS headers. */
  net(): { hosts: Set<string>; origins: Set<string>; corsOrigins: Set<string> };
  /** The sandbox origin's port, once it listens. */
  sandboxPort(): number | undefined;
  /** The sandbox's public origin (team mode behind a proxy), which pages frame instead of a loopback one. */
  sandboxOrigin?: string | undefined;
  /** The security headers of a UI page (which sandbox origin it may frame). */
  pageHeaders(req: IncomingMessage): Record<string, string>;
  /** A new launch address with a fresh single-use code. */
  launchUrl(): string;
  /** Team mode (sign-in, roles, audit), when the config has a `team` object. */
  team?: TeamMode | undefined;
  /** Draining before a stop (SIGTERM): no new sessions, calls in flight counted. */
  drain: Drain;
  /** `/healthz`, `/readyz` and `/metrics`: their own access rules (health-routes.ts). */
  operations: OperationRoutes;
}

/**
 * The gateway's request handler: hands `/healthz`, `/readyz` and `/metrics` to their own routes (which check
 * what they need), checks Host and Origin on every other request, requires the page's access token on everything
 * but the public routes and the UI's static files, and hands each request to its route group.
 */
export function createRequestHandler(ctx: RouteContext): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  // The OAuth redirect: a top-level navigation from the authorization server, without our bearer
  // token or Origin; Host is checked first like everywhere, and the single-use state guards it
  // (oauth/oauth-gateway.ts).
  const callback: PublicRoute = (req, res, _cors, url) => ctx.oauth.handleCallback(req, res, url);
  const team = ctx.team;
  const publicRoutes = new Map<string, PublicRoute>([
    // Team mode has no launch codes: a page signs in, then reads its token with its session cookie.
    ...(team
      ? teamPublicRoutes(team, (person) => teamStartupBody(team, person, ctx.startupReads))
      : [['POST /api/launch/exchange', launchExchange(ctx.access, ctx.startupReads)] as const]),
    [`GET ${CALLBACK_PATH}`, callback],
    [`HEAD ${CALLBACK_PATH}`, callback],
  ]);

  return async (req, res) => {
    const net = ctx.net();
    if (await ctx.operations.handle(req, res, net)) return;
    const refusal = checkHostAndOrigin(req, net.hosts, net.origins);
    if (refusal) {
      sendJson(res, refusal.status, { error: refusal.reason });
      return;
    }
    if (team) await team.prime(req);
    const url = new URL(req.url ?? '/', 'http://gateway.invalid');
    const path = url.pathname;
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const cors: Record<string, string> = {};
    if (origin && net.corsOrigins.has(origin)) {
      cors['Access-Control-Allow-Origin'] = origin;
      cors['Vary'] = 'Origin';
      cors['Access-Control-Expose-Headers'] = 'mcp-session-id, mcp-protocol-version';
    }

    const publicRoute = publicRoutes.get(`${req.method} ${path}`);
    if (publicRoute) {
      await publicRoute(req, res, cors, url);
      return;
    }

    const isApi =
      path.startsWith('/api/') ||
      path.startsWith('/mcp/') ||
      path === '/mcp' ||
      path === '/api' ||
      path.startsWith('/auth/');
    if (isApi && req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers':
          'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, mcp-method, mcp-name, last-event-id',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (!isApi) {
      if (team && gateUi(team, req, res, url)) return;
      await serveUi(ctx, req, res, path);
      return;
    }

    // MCPlet backends verify assertions with their own verifier token, never the dashboard's.
    if (ctx.passkeys.isBackendRoute(path)) {
      await ctx.passkeys.handleBackend(req, res);
      return;
    }
    for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
    const denied = team ? team.check(req) : ctx.access.check(req, res);
    if (denied) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      sendJson(res, denied.status, { error: denied.reason });
      return;
    }
    if (team && (await teamRoute(ctx, team, req, res, url))) return;
    await apiRoute(ctx, req, res, path);
  };
}

/** The UI: Vite's middleware in dev, else the built files. */
async function serveUi(ctx: RouteContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJson(res, 405, { error: 'Method not allowed.' });
    return;
  }
  if (ctx.uiMiddleware) {
    ctx.uiMiddleware(req, res, () => sendJson(res, 404, { error: 'Not found.' }));
    return;
  }
  if (await serveStatic(req, res, ctx.uiDir, ctx.pageHeaders(req))) return;
  sendJson(res, 404, {
    error: path === '/' ? 'The UI is not built. Run "npm run build" and start again.' : 'Not found.',
  });
}

/**
 * Team mode's part of the routes behind the token: its own routes, each person's start-up reads, the guarded
 * MCP relay, and the routes a member may not use (launch codes; upstream sign-in, server logs and widget installs
 * are for admins until they are per person). True when it answered.
 */
async function teamRoute(
  ctx: RouteContext,
  team: TeamMode,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  const person = team.personOf(req)!;
  if (await teamApiRoute(team, req, res, url)) return true;
  const fromFiles = () =>
    (JSON.parse(ctx.startupReads.get('/api/layouts')?.() ?? '{"dashboards":[]}') as { dashboards: TeamDashboard[] })
      .dashboards;
  if (await team.layouts.handle(req, res, path, person, fromFiles)) return true;
  if (path === '/api/launch/codes') {
    sendJson(res, 404, { error: 'Team mode has no launch codes: people sign in.' });
    return true;
  }
  if (path.startsWith('/auth/')) {
    await team.passkeys.handleBrowser(ctx.passkeys, req, res, path, team.sessionOf(req)!);
    return true;
  }
  const startupRead = req.method === 'GET' ? ctx.startupReads.get(path) : undefined;
  if (startupRead) {
    sendJsonText(res, 200, teamRead(team, person, path, startupRead()));
    return true;
  }
  const mcp = /^\/mcp\/([^/]+)$/.exec(path);
  if (mcp) {
    const server = ctx.servers.get(safeDecode(mcp[1]!));
    if (!server || server.disabled || !['GET', 'POST', 'DELETE'].includes(req.method ?? '')) return false;
    let body: unknown;
    if (req.method === 'POST') {
      const parsed = await readBody(req);
      if (!parsed.ok) {
        sendJson(res, parsed.status, { error: parsed.message });
        return true;
      }
      body = parsed.value;
    }
    if (ctx.drain.admit(req, res, body)) return true;
    await teamMcp(team, person, req, res, server, body);
    return true;
  }
  if (path.startsWith('/api/registry') && req.method !== 'GET' && !person.installWidgets) {
    sendJson(res, 403, {
      error: `Installing or removing widgets for the team needs an admin role or one with "installWidgets"; your roles: ${person.roles.join(', ')}.`,
    });
    return true;
  }
  if (await personSignInRoute(ctx.oauth, team, person, req, res, path, ctx.servers)) return true;
  if (/^\/api\/servers\/([^/]+)\//.test(path) && !person.admin) {
    sendJson(res, 403, { error: `Only admins may use ${path} in team mode; your roles: ${person.roles.join(', ')}.` });
    return true;
  }
  return false;
}

/** The routes behind the bearer token. */
async function apiRoute(ctx: RouteContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (path === '/api/launch/codes' && req.method === 'POST') {
    sendJson(res, 200, { url: ctx.launchUrl() });
    return;
  }
  if (path === '/api/sandbox' && req.method === 'GET') {
    const origin = ctx.sandboxOrigin;
    sendJson(res, 200, { port: ctx.sandboxPort() ?? null, ...(origin ? { origin } : {}) });
    return;
  }
  const startupRead = req.method === 'GET' ? ctx.startupReads.get(path) : undefined;
  if (startupRead) {
    sendJsonText(res, 200, startupRead());
    return;
  }
  if (path.startsWith('/auth/')) {
    await ctx.passkeys.handleBrowser(req, res, path);
    return;
  }
  if (
    path.startsWith('/api/servers/') &&
    (await ctx.oauth.handleApi(req, res, path, (n) => ctx.servers.get(n), sendJson))
  )
    return;
  if (handleStderr(req, res, path, ctx.servers, ctx.configFile)) return;
  if (handleRestart(req, res, path, ctx.servers, ctx.configFile)) return;
  if (
    path.startsWith('/api/registry') &&
    (await handleRegistryRoute(req, res, path, { config: ctx.config, configFile: ctx.configFile, sendJson, readBody }))
  )
    return;
  if (path.startsWith('/api/events')) {
    const team = ctx.team;
    const person = team?.personOf(req);
    await handleEvents(req, res, path, ctx.hubs, ctx.servers, ctx.configFile, (session) =>
      team && person ? team.owns(person, session) : true,
    );
    return;
  }
  if (await handleMcp(req, res, path, ctx.servers, ctx.configFile, ctx.drain)) return;
  sendJson(res, 404, { error: 'Not found.' });
}
