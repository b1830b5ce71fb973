import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve as resolvePath } from 'node:path';
import type { Brand } from '../../../src/core/shared/brand/brand-schema.js';
import type { TeamDashboard } from '../../../src/core/shared/layout/layout-types.js';
import type { MissingInput } from '../../../src/core/shared/config/config-import.js';
import type { DashboardConfig } from '../../../src/core/shared/config/config-schema.js';
import { inputMissingProblem } from '../doctor/diagnoses.js';
import { EventHubs } from '../relay/event-hub.js';
import { publicDashboardConfig } from '../../../src/core/shared/config/dashboard-config.js';
import { PasskeyRoutes } from '../passkey/auth-routes.js';
import { RP_ID } from '../passkey/fido2-server.js';
import { allowedHosts, checkHostAndOrigin, ownOrigins } from './security.js';
import { Access, launchRefusalMessage } from './access.js';
import { createGuardedServer } from './connection-guard.js';
import { DEFAULT_LIMITS, type GatewayLimits } from '../config/limits.js';
import { pageSecurityHeaders, serveStatic } from './static-files.js';
import { handleRegistryRoute, registryOrigins } from './registry-routes.js';
import {
  DEFAULT_TIMING,
  sendJsonRpcError,
  ServerSupervisor,
  warmServers,
  type SupervisorTiming,
} from '../relay/supervisor.js';
import { startSandboxServer, type SandboxServer } from './sandbox-server.js';
import { sandboxOriginFor, sandboxOrigins } from '../../../src/core/shared/mcp-apps/sandbox-origin.js';
import { CALLBACK_PATH, OAuthGateway } from '../oauth/oauth-gateway.js';
import { readBody, safeDecode, sendJson, sendJsonText } from './http-io.js';
import { ServerCatalog } from '../catalog/catalog.js';

/** Options for starting a gateway. */
export interface GatewayOptions {
  config: DashboardConfig;
  configFile: string;
  /** 0 picks any free port. */
  port?: number;
  /** Directory of the built UI. */
  uiDir: string;
  /** Extra loopback origins allowed to call the API (e.g. a test runner's page). */
  extraOrigins?: string[];
  timing?: Partial<SupervisorTiming>;
  /** Bounds on connections, sessions, launch codes and tokens (docs/security.md, "Limits"). */
  limits?: Partial<GatewayLimits>;
  /** Request handler used for the UI instead of static files (Vite in dev). */
  uiMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** The white-label brand loaded from `dashboard.brand` (images already checked), or null. */
  brand?: Brand | null;
  /** Team dashboards from the files named by `dashboard.layouts` (already checked). */
  layouts?: TeamDashboard[];
  /** Servers that cannot start until a VS Code `${input:…}` gets a value (config.ts). */
  missingInputs?: MissingInput[];
}

/** A running gateway. */
export interface Gateway {
  /** The first launch address (`http://localhost:<port>/#code=…`): the page opens on it and stays there. */
  url: string;
  port: number;
  origin: string;
  /** A new launch address with a fresh single-use code. */
  launchUrl(): string;
  /** Launch codes and the pages' access tokens. */
  access: Access;
  server: Server;
  /** The MCP Apps sandbox proxy's port (its own origin; see sandbox-server.ts). */
  sandboxPort: number;
  supervisors: Map<string, ServerSupervisor>;
  /** The dev FIDO2 server's routes (passkeys for MCPlet actions). */
  passkeys: PasskeyRoutes;
  close(): Promise<void>;
}

/**
 * Starts the gateway: binds 127.0.0.1 only, checks Host and Origin on every request, hands each page
 * an access token for a single-use launch code (access.ts) and requires it on everything but
 * `/healthz`, the launch exchange and the UI's static files, bounds connections (connection-guard.ts),
 * relays `/mcp/<name>` to the configured servers, and serves `/api/servers`.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const limits: GatewayLimits = { ...DEFAULT_LIMITS, ...(options.limits ?? {}) };
  const timing = { ...DEFAULT_TIMING, maxSessions: limits.sessionsPerServer, ...(options.timing ?? {}) };
  const access = new Access(limits, (remaining) =>
    process.stderr.write(
      `mcp-dashboard: a page's access token expired after ${Math.round(limits.credentialIdleMs / 1000)} s without use (${remaining} still valid).\n`,
    ),
  );
  const configDir = dirname(options.configFile);
  // A Map keyed by own property names only: "__proto__" or "constructor" can never reach a spawn.
  const passkeyConfig = (options.config.dashboard?.passkeys ?? {}) as {
    enabled?: boolean;
    verifiers?: string[];
    storeFile?: string;
  };
  const passkeys = new PasskeyRoutes(passkeyConfig.enabled !== false, {
    verifiers: passkeyConfig.verifiers,
    storeFile: passkeyConfig.storeFile ? resolvePath(configDir, passkeyConfig.storeFile) : undefined,
  });
  const oauth = new OAuthGateway(options.config, options.configFile);
  await oauth.load();
  const supervisors = new Map<string, ServerSupervisor>();
  for (const name of Object.keys(options.config.mcpServers)) {
    const entry = options.config.mcpServers[name]!;
    const supervisor = new ServerSupervisor(name, entry, configDir, options.configFile, timing, () =>
      passkeys.envFor(name),
    );
    supervisor.auth = oauth.forServer(name, entry, (line) => supervisor.stderr.note(line));
    supervisors.set(name, supervisor);
  }
  for (const missing of options.missingInputs ?? []) {
    supervisors
      .get(missing.server)
      ?.block(
        inputMissingProblem(
          { name: missing.server, configFile: options.configFile },
          missing.input.id,
          missing.input.description,
          missing.envName,
        ),
      );
  }
  const catalog = new ServerCatalog(supervisors.values()); // GET /api/catalog (catalog.ts)

  let hosts = new Set<string>();
  let origins = new Set<string>();
  let corsOrigins = new Set<string>();
  let sandbox: SandboxServer | undefined;
  // The page may frame exactly one origin: the sandbox proxy under the other loopback host name.
  const pageHeadersFor = (req: IncomingMessage) => {
    const hostname = String(req.headers.host ?? '').replace(/:\d+$/, '');
    return pageSecurityHeaders(sandbox ? [sandboxOriginFor(hostname, sandbox.port)] : [], {
      connect: registryOrigins(options.config),
    });
  };
  const hubs = new EventHubs();
  let port = 0;
  const launchUrl = () => `http://localhost:${port}/#code=${access.mintCode().code}`;

  // The page spends its launch code here for its access token (see access.ts).
  const exchange = async (req: IncomingMessage, res: ServerResponse, cors: Record<string, string>): Promise<void> => {
    const parsed = await readBody(req);
    if (!parsed.ok) {
      sendJson(res, parsed.status, { error: parsed.message }, cors);
      return;
    }
    const result = access.exchange((parsed.value as { code?: unknown } | null)?.code);
    if (!result.ok) {
      sendJson(res, 401, { error: launchRefusalMessage(result.reason), reason: result.reason }, cors);
      return;
    }
    // A page may ask for its start-up reads with the exchange (one round trip before its code runs).
    const startup = (parsed.value as { startup?: unknown } | null)?.startup === true;
    const reads = startup
      ? `,"startup":{${[...startupReads].map(([path, read]) => `${JSON.stringify(path)}:${read()}`).join(',')}}`
      : '';
    sendJsonText(res, 200, `{"token":${JSON.stringify(result.token)}${reads}}`, cors);
  };
  // What a page reads at start-up (src/core/shared/gateway-api/startup-reads.ts), as JSON text: each is a GET route with
  // the bearer, and all of them come with a launch exchange that asks for them.
  const startupReads = new Map<string, () => string>([
    [
      '/api/servers',
      () =>
        JSON.stringify({
          servers: [...supervisors.values()].map((s) => ({ ...s.summary(), catalogState: catalog.state(s.name) })),
        }),
    ],
    ['/api/catalog', () => catalog.body()],
    ['/api/layouts', () => JSON.stringify({ dashboards: options.layouts ?? [] })],
    ['/api/brand', () => JSON.stringify({ brand: options.brand ?? null })],
    // The non-secret policy part of the config's `dashboard` object (no store paths, no verifier list).
    ['/api/dashboard-config', () => JSON.stringify(publicDashboardConfig(options.config.dashboard, { rpId: RP_ID }))],
  ]);
  // The OAuth redirect: a top-level navigation from the authorization server, without our bearer
  // token or Origin; Host is checked first like everywhere, and the single-use state guards it
  // (oauth/oauth-gateway.ts).
  const callback = (req: IncomingMessage, res: ServerResponse, _cors: Record<string, string>, url: URL) =>
    oauth.handleCallback(req, res, url);
  const publicRoutes = new Map<
    string,
    (req: IncomingMessage, res: ServerResponse, cors: Record<string, string>, url: URL) => Promise<void>
  >([
    ['POST /api/launch/exchange', exchange],
    [`GET ${CALLBACK_PATH}`, callback],
    [`HEAD ${CALLBACK_PATH}`, callback],
  ]);

  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refusal = checkHostAndOrigin(req, hosts, origins);
    if (refusal) {
      sendJson(res, refusal.status, { error: refusal.reason });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://gateway.invalid');
    const path = url.pathname;
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const cors: Record<string, string> = {};
    if (origin && corsOrigins.has(origin)) {
      cors['Access-Control-Allow-Origin'] = origin;
      cors['Vary'] = 'Origin';
      cors['Access-Control-Expose-Headers'] = 'mcp-session-id, mcp-protocol-version';
    }

    if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendJson(res, 200, { ok: true }, cors);
      return;
    }
    // Routes reachable without the bearer token; each checks a credential of its own.
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
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendJson(res, 405, { error: 'Method not allowed.' });
        return;
      }
      if (options.uiMiddleware) {
        options.uiMiddleware(req, res, () => sendJson(res, 404, { error: 'Not found.' }));
        return;
      }
      if (await serveStatic(req, res, options.uiDir, pageHeadersFor(req))) return;
      sendJson(res, 404, {
        error: path === '/' ? 'The UI is not built. Run "npm run build" and start again.' : 'Not found.',
      });
      return;
    }

    // MCPlet backends verify assertions with their own verifier token, never the dashboard's.
    if (passkeys.isBackendRoute(path)) {
      await passkeys.handleBackend(req, res);
      return;
    }
    for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
    const denied = access.check(req, res);
    if (denied) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      sendJson(res, denied.status, { error: denied.reason });
      return;
    }

    if (path === '/api/launch/codes' && req.method === 'POST') {
      sendJson(res, 200, { url: launchUrl() });
      return;
    }

    if (path === '/api/sandbox' && req.method === 'GET') {
      sendJson(res, 200, { port: sandbox?.port ?? null });
      return;
    }
    const startupRead = req.method === 'GET' ? startupReads.get(path) : undefined;
    if (startupRead) {
      sendJsonText(res, 200, startupRead());
      return;
    }
    if (path.startsWith('/auth/')) {
      await passkeys.handleBrowser(req, res, path);
      return;
    }
    if (
      path.startsWith('/api/servers/') &&
      (await oauth.handleApi(req, res, path, (n) => supervisors.get(n), sendJson))
    )
      return;
    const stderrMatch = /^\/api\/servers\/([^/]+)\/stderr$/.exec(path);
    if (stderrMatch && req.method === 'GET') {
      const supervisor = supervisors.get(safeDecode(stderrMatch[1]!));
      if (!supervisor) {
        sendJson(res, 404, { error: `No server named "${safeDecode(stderrMatch[1]!)}" in ${options.configFile}.` });
        return;
      }
      sendJson(res, 200, { name: supervisor.name, stderr: supervisor.stderr.text() });
      return;
    }
    if (
      path.startsWith('/api/registry') &&
      (await handleRegistryRoute(req, res, path, {
        config: options.config,
        configFile: options.configFile,
        sendJson,
        readBody,
      }))
    )
      return;
    if (path.startsWith('/api/events')) {
      await handleEvents(req, res, path);
      return;
    }
    const mcpMatch = /^\/mcp\/([^/]+)$/.exec(path);
    if (mcpMatch) {
      const name = safeDecode(mcpMatch[1]!);
      const supervisor = supervisors.get(name);
      if (!supervisor) {
        sendJsonRpcError(res, 404, -32601, `No server named "${name}" in ${options.configFile}.`);
        return;
      }
      if (supervisor.disabled) {
        sendJsonRpcError(res, 403, -32600, `Server "${name}" is disabled in ${options.configFile}.`);
        return;
      }
      if (!['GET', 'POST', 'DELETE'].includes(req.method ?? '')) {
        sendJsonRpcError(res, 405, -32600, 'Method not allowed.');
        return;
      }
      let body: unknown;
      if (req.method === 'POST') {
        const parsed = await readBody(req);
        if (!parsed.ok) {
          sendJsonRpcError(res, parsed.status, -32700, parsed.message);
          return;
        }
        body = parsed.value;
      }
      await supervisor.handle(req, res, body);
      return;
    }
    sendJson(res, 404, { error: 'Not found.' });
  };

  // The page's event hub (see event-hub.ts): GET opens it, POST attaches an MCP session, DELETE detaches one.
  const handleEvents = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    if (path === '/api/events' && req.method === 'GET') {
      hubs.open(res, { 'Cache-Control': 'no-store' });
      return;
    }
    const attach = /^\/api\/events\/([^/]+)\/sessions$/.exec(path);
    if (attach && req.method === 'POST') {
      const parsed = await readBody(req);
      if (!parsed.ok) {
        sendJson(res, parsed.status, { error: parsed.message });
        return;
      }
      const body = (parsed.value ?? {}) as { server?: unknown; session?: unknown };
      const hub = hubs.get(safeDecode(attach[1]!));
      if (!hub) {
        sendJson(res, 404, { error: 'No such event stream; it may have closed. Open a new one with GET /api/events.' });
        return;
      }
      const supervisor = typeof body.server === 'string' ? supervisors.get(body.server) : undefined;
      if (!supervisor) {
        sendJson(res, 404, { error: `No server named ${JSON.stringify(body.server)} in ${options.configFile}.` });
        return;
      }
      const session = typeof body.session === 'string' ? supervisor.session(body.session) : undefined;
      if (!session || !session.sessionId) {
        sendJson(res, 404, {
          error: `No session ${JSON.stringify(body.session)} for server "${supervisor.name}"; it may have ended. Reconnect to start a new one.`,
        });
        return;
      }
      hub.attach(session.sessionId);
      session.attachSink(hub);
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    const detach = /^\/api\/events\/([^/]+)\/sessions\/([^/]+)$/.exec(path);
    if (detach && req.method === 'DELETE') {
      hubs.get(safeDecode(detach[1]!))?.detach(safeDecode(detach[2]!));
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    sendJson(res, 404, { error: 'Not found.' });
  };

  const server = createGuardedServer(limits, (req, res) => {
    handler(req, res).catch((error: unknown) => {
      console.error('[mcp-dashboard] request failed:', error);
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal gateway error; see the gateway\u2019s terminal.' });
      else res.end();
    });
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(port);
  oauth.listening(port);
  corsOrigins = new Set(options.extraOrigins ?? []);
  origins = new Set([...ownOrigins(port), ...corsOrigins]);
  try {
    sandbox = await startSandboxServer({
      limits,
      hostOrigins: () => origins,
      forbiddenOrigins: () => [...ownOrigins(port), ...(sandbox ? sandboxOrigins(sandbox.port) : [])],
    });
  } catch (error) {
    await new Promise<void>((r) => server.close(() => r()));
    throw error;
  }
  passkeys.listening(port, [...corsOrigins]);
  // Every enabled stdio server starts now, a few at a time (warm-pool.ts); the catalog follows.
  catalog.start(warmServers(supervisors.values()));

  const sweeper = setInterval(() => {
    for (const s of supervisors.values()) s.sweepIdle();
  }, 30_000);
  sweeper.unref();

  const origin = `http://127.0.0.1:${port}`;
  return {
    url: launchUrl(),
    port,
    origin,
    launchUrl,
    access,
    server,
    sandboxPort: sandbox.port,
    supervisors,
    passkeys,
    async close() {
      clearInterval(sweeper);
      access.close();
      hubs.closeAll();
      await sandbox?.close();
      await Promise.all([catalog.close(), ...[...supervisors.values()].map((s) => s.closeAll())]);
      server.closeAllConnections?.();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
