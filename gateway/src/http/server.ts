import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve as resolvePath } from 'node:path';
import type { Brand } from '../../../src/core/shared/brand/brand-schema.js';
import type { MissingInput } from '../../../src/core/shared/config/config-import.js';
import type { DashboardConfig, ServerConfig } from '../../../src/core/shared/config/config-schema.js';
import type { TeamDashboard } from '../../../src/core/shared/layout/layout-types.js';
import { sandboxOriginOf, sandboxOrigins } from '../../../src/core/shared/mcp-apps/sandbox-origin.js';
import { appOriginsSource } from '../../../src/core/shared/mcp-apps/app-origin.js';
import { ServerCatalog } from '../catalog/catalog.js';
import { DEFAULT_LIMITS, type GatewayLimits } from '../config/limits.js';
import { inputMissingProblem } from '../doctor/diagnoses.js';
import { OAuthGateway } from '../oauth/oauth-gateway.js';
import { PasskeyRoutes } from '../passkey/auth-routes.js';
import { EventHubs } from '../relay/event-hub.js';
import { ServerRouter } from '../relay/server-router.js';
import { DEFAULT_TIMING, type SupervisorTiming } from '../relay/supervisor.js';
import { warmServers } from '../relay/warm-pool.js';
import { Access } from './access.js';
import { createGuardedServer } from './connection-guard.js';
import { sendJson } from './http-io.js';
import { startupReads } from './launch-routes.js';
import { registryOrigins } from './registry-routes.js';
import { createRequestHandler } from './request-handler.js';
import { startSandboxServer, type SandboxServer } from './sandbox-server.js';
import { allowedHosts, ownOrigins } from './security.js';
import { pageSecurityHeaders } from './static-files.js';
import { errorText, printError } from '../terminal/terminal-text.js';
import type { TeamSettings } from '../team/settings.js';
import { TeamMode } from '../team/team-mode.js';
import { upstreamTokenKey } from '../team/person-tokens-crypto.js';
import { openUpstreamSignIn } from '../team/person-tokens.js';
import { reloadConfig, type ReloadReport } from '../config/reload.js';
import { Drain } from './drain.js';
import { OperationRoutes } from './health-routes.js';

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
  /** Restart backoff, idle and session bounds of every server (tests shorten them). */
  timing?: Partial<SupervisorTiming>;
  /** Bounds on connections, sessions, launch codes and tokens (docs/security.md, "Limits"). */
  limits?: Partial<GatewayLimits>;
  /** Request handler used for the UI instead of static files (Vite in dev). */
  uiMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** The white-label brand loaded from `dashboard.brand` (images already checked), or null. */
  brand?: Brand | null;
  /** Team dashboards from the files named by `dashboard.layouts` (already checked). */
  layouts?: TeamDashboard[];
  /** Servers that cannot start until a VS Code `${input:…}` gets a value (config/config.ts). */
  missingInputs?: MissingInput[];
  /** The address to listen on (default 127.0.0.1; team mode behind a proxy may use another). */
  host?: string;
  /** Team mode's settings (team/settings.ts), when the config has a `team` object. */
  team?: TeamSettings;
  /**
   * The MCP Apps sandbox's loopback port (default any free one): `orAnyPort` takes any free one when it is taken,
   * else the start stops. `team.sandbox.port` wins. The CLI remembers it per config (config/sandbox-ports.ts).
   */
  sandboxPort?: { port: number; orAnyPort: boolean };
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
  /** The sandbox's public origin the pages frame (team mode with `team.sandbox.port`), else undefined. */
  sandboxOrigin: string | undefined;
  /** Every configured server's router, by name. */
  servers: Map<string, ServerRouter>;
  /** The dev FIDO2 server's routes (passkeys for MCPlet actions). */
  passkeys: PasskeyRoutes;
  /** Team mode, when it is on. */
  team: TeamMode | undefined;
  /** Applies an edited config (already checked) without a restart: config/reload.ts. */
  reload(next: DashboardConfig, nextTeam: TeamSettings | undefined): Promise<ReloadReport>;
  /**
   * Before a stop (SIGTERM): takes no new MCP sessions and waits up to `boundMs` for the calls in flight;
   * resolves with how many were still running.
   */
  drain(boundMs: number): Promise<number>;
  /** Draining state and calls in flight (readiness, metrics). */
  readonly draining: Drain;
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
  // A team replica serves everyone's tabs: its own bound (team.maxConnections), unless a test shortened it.
  if (options.team && limits.maxConnections === DEFAULT_LIMITS.maxConnections)
    limits.maxConnections = options.team.maxConnections;
  const timing = {
    ...DEFAULT_TIMING,
    maxSessions: limits.sessionsPerServer,
    backoffBase: limits.restartBackoffMs,
    ...(options.timing ?? {}),
  };
  const access = new Access(limits, (remaining) =>
    printError(
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
  // A server people sign in to each with their own account needs the key of their tokens (checked before anything starts).
  const tokenKey = options.team ? upstreamTokenKey(options.config, options.team, options.configFile) : undefined;
  // Team mode discovers its provider and opens its audit log first: either failing stops the start, saying why.
  const team = options.team ? await TeamMode.start(options.team) : undefined;
  if (team) passkeys.backendVerifier = (server, body) => team.passkeys.verifyForBackend(server, body);
  const oauth = new OAuthGateway(options.config, options.configFile);
  await oauth.load();
  const upstreamTokens = team ? await openUpstreamSignIn(team, oauth, tokenKey) : undefined;
  const servers = new Map<string, ServerRouter>();
  const makeRouter = (name: string, entry: ServerConfig): ServerRouter => {
    // A server's own "maxChildren", else the config's default for every server, else the gateway's.
    const cap =
      ('maxChildren' in entry ? entry.maxChildren : undefined) ?? options.config.dashboard?.maxChildrenPerServer;
    const server = new ServerRouter(name, entry, {
      configDir,
      configFile: options.configFile,
      timing: typeof cap === 'number' ? { ...timing, maxSessions: cap } : timing,
      extraEnv: () => passkeys.envFor(name),
      sessionsOnly: team !== undefined,
    });
    server.auth = oauth.forServer(name, entry, (line) => server.log.note(line));
    const personal = oauth.personalAuth(name);
    if (personal) server.signInPerPerson(personal);
    return server;
  };
  for (const name of Object.keys(options.config.mcpServers))
    servers.set(name, makeRouter(name, options.config.mcpServers[name]!));
  for (const missing of options.missingInputs ?? []) {
    servers
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
  const catalog = new ServerCatalog(servers.values()); // GET /api/catalog (catalog/catalog.ts)
  if (team) team.upstreamSummary = (sub, summary) => servers.get(summary.name)?.summaryFor(sub, summary) ?? summary;

  let hosts = new Set<string>();
  let origins = new Set<string>();
  let corsOrigins = new Set<string>();
  let sandbox: SandboxServer | undefined;
  // Behind a proxy, views are framed from the sandbox's public origin (team.sandbox; fixed until a restart).
  const sandboxSettings = options.team?.sandbox;
  const publicSandbox =
    sandboxSettings?.port !== undefined
      ? { origin: sandboxSettings.origin, host: options.host ?? '127.0.0.1', port: sandboxSettings.port }
      : undefined;
  const hubs = new EventHubs();
  let port = 0;
  const launchUrl = () => `http://localhost:${port}/#code=${access.mintCode().code}`;
  const drain = new Drain();
  const operations = new OperationRoutes({ drain, servers, team });
  const handler = createRequestHandler({
    drain,
    operations,
    config: options.config,
    configFile: options.configFile,
    uiDir: options.uiDir,
    uiMiddleware: options.uiMiddleware,
    access,
    passkeys,
    oauth,
    servers,
    hubs,
    startupReads: startupReads({
      config: options.config,
      servers,
      catalog,
      brand: options.brand,
      layouts: options.layouts,
    }),
    net: () => ({ hosts, origins, corsOrigins }),
    sandboxPort: () => sandbox?.port,
    sandboxOrigin: publicSandbox?.origin,
    // The page may frame exactly one origin: the public sandbox origin, else the other loopback host name.
    pageHeaders: (req) => {
      const hostname = String(req.headers.host ?? '').replace(/:\d+$/, '');
      // … and, on loopback, every per-app origin on the sandbox port (app-origin.ts).
      const framed = sandbox
        ? [
            sandboxOriginOf(hostname, { port: sandbox.port, origin: publicSandbox?.origin }),
            ...(publicSandbox ? [] : [appOriginsSource(sandbox.port)]),
          ]
        : [];
      return pageSecurityHeaders(framed, {
        connect: registryOrigins(options.config),
      });
    },
    launchUrl,
    team,
  });

  const server = createGuardedServer(limits, (req, res) => {
    handler(req, res).catch((error: unknown) => {
      printError(`[mcp-dashboard] request failed: ${errorText(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal gateway error; see the gateway\u2019s terminal.' });
      else res.end();
    });
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(port);
  oauth.listening(port, () => [sandbox?.port]);
  corsOrigins = new Set(options.extraOrigins ?? []);
  origins = new Set([...ownOrigins(port), ...corsOrigins]);
  if (team) {
    // Behind its proxy the dashboard is asked for under its public address.
    hosts.add(new URL(team.settings.publicOrigin).host.toLowerCase());
    origins.add(team.settings.publicOrigin);
  }
  try {
    sandbox = await startSandboxServer({
      limits,
      hostOrigins: () => origins,
      forbiddenOrigins: () => [
        ...ownOrigins(port),
        ...(sandbox ? sandboxOrigins(sandbox.port) : []),
        ...(team ? [team.settings.publicOrigin] : []),
        ...(publicSandbox ? [publicSandbox.origin] : []),
      ],
      public: publicSandbox,
      port: options.sandboxPort,
    });
  } catch (error) {
    await new Promise<void>((r) => server.close(() => r()));
    throw error;
  }
  passkeys.listening(port, [...corsOrigins]);
  // Every enabled stdio server starts now, a few at a time (relay/warm-pool.ts); the catalog follows.
  const queue = warmServers(servers.values());
  catalog.start(queue);

  const sweeper = setInterval(() => {
    for (const s of servers.values()) s.sweepIdle();
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
    sandboxOrigin: publicSandbox?.origin,
    servers,
    passkeys,
    team,
    reload: (next, nextTeam) =>
      reloadConfig(
        { config: options.config, servers, catalog, team, makeRouter, startWarm: (r) => r.startWarm(queue) },
        next,
        nextTeam,
      ),
    draining: drain,
    drain: (boundMs) => drain.drain(boundMs),
    async close() {
      clearInterval(sweeper);
      // Stop listening first: while the servers' children wind down, a page's request finds no gateway
      // ("Cannot reach the gateway"), not a gateway that refuses its access.
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections?.();
      access.close();
      hubs.closeAll();
      await sandbox?.close();
      await Promise.all([catalog.close(), ...[...servers.values()].map((s) => s.closeAll())]);
      await closed;
      await operations.close();
      await team?.close();
      await upstreamTokens?.close();
    },
  };
}
