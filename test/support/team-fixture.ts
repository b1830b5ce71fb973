// A team-mode gateway for tests: a real OpenID provider (oidc-provider, test/support/oidc-idp.ts), the built
// gateway as a process with a `team` object in its config, and members signed in headlessly.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGatewayProcess } from './gateway-process.mjs';
import { signInHeadless } from './headless-signin.js';
import { DEFAULT_PEOPLE, startIdp, type Idp, type IdpPerson } from './oidc-idp.js';

/** The roles of the tests: ops is admin and may call everything; eng may use a few things of `everything`. */
export const TEST_ROLES = [
  { name: 'ops', groups: ['ops'], admin: true, servers: { '*': { tools: '*' } } },
  {
    name: 'eng',
    groups: ['eng'],
    servers: {
      everything: {
        tools: ['get-sum', 'trigger-long-running-operation'],
        resources: ['demo://resource/static/document/features.md'],
        prompts: ['simple-prompt'],
      },
    },
  },
];

export const EVERYTHING = { command: 'mcp-server-everything', args: ['stdio'] };

/** Ports `freePort` picks from: below Linux's ephemeral range (32768–60999), which `listen(0)` and outgoing connections use. */
const FIXED_PORTS = { from: 20_000, to: 32_000 };

/**
 * A free port on 127.0.0.1 for a process started later on it (the public address must be known before the gateway
 * starts). It is released before that process binds it, so it is picked outside the ephemeral range: a server
 * listening on port 0 meanwhile (the IdP, another test's gateway) or an outgoing connection cannot be given the
 * same number.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = FIXED_PORTS.from + Math.floor(Math.random() * (FIXED_PORTS.to - FIXED_PORTS.from));
    const server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    await new Promise<void>((r) => server.close(() => r()));
    return port;
  }
}

/** One JSON-RPC answer out of a response (JSON, or the first `data:` event of an SSE stream that answers `id`). */
export async function rpcAnswer(response: Response): Promise<any> {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const messages = text
      .split('\n')
      .filter((l) => l.startsWith('data: ') && l.length > 6)
      .map((l) => JSON.parse(l.slice(6)));
    return messages.find((m) => m.id !== undefined && m.method === undefined) ?? messages.at(-1);
  }
  return text ? JSON.parse(text) : undefined;
}

/** A signed-in member: their cookie, their page token, and requests as their browser would send them. */
export interface Member {
  person: IdpPerson;
  cookie: string;
  token: string;
  /** A request to the gateway with the member's cookie and token (`token: null` leaves the token out). */
  api(
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string>; token?: string | null; base?: string },
  ): Promise<Response>;
  /** Opens an MCP session on `server`; returns its id. */
  open(server: string): Promise<string>;
  /** One JSON-RPC request (or a batch) on a session; resolves with the parsed answer. */
  rpc(server: string, session: string | undefined, body: unknown): Promise<{ status: number; answer: any }>;
}

export interface TeamGateway {
  idp: Idp;
  /** The gateway's own port. */
  port: number;
  /** `publicUrl`: where people open the dashboard. */
  base: string;
  dataDir: string;
  gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
  signIn(sub: string): Promise<Member>;
  /** Restarts the gateway process (same config, same data folder), e.g. after a kill -9. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** What `startTeam` may be given. */
export type TeamOptions = {
  servers?: Record<string, unknown>;
  roles?: unknown[];
  people?: IdpPerson[];
  /** `team.database`: PostgreSQL instead of the embedded store (e.g. `startPostgres()` from postgres.ts). */
  database?: { url: string };
  /** The client secret the gateway is given (default: the provider's; another one tests a wrong secret). */
  clientSecret?: string;
  /** More of the `team` object (e.g. `tokenKey`, `sharedSignIn`). */
  team?: Record<string, unknown>;
  /** More of the gateway's environment (e.g. the variable `tokenKey` names). */
  env?: Record<string, string>;
  /** The port of `publicUrl` when a proxy stands in front (default: the gateway's own). */
  publicPort?: number;
};

/**
 * Starts the IdP and a team-mode gateway with `servers` and `roles`. The gateway's port is chosen first (the IdP
 * registers redirect addresses on it) and bound only when the gateway starts; if something took it meanwhile (the
 * IdP's own port 0 may be the same number), both stop and start again on another port, at most three times.
 */
export async function startTeam(options: TeamOptions = {}): Promise<TeamGateway> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startTeamOnce(options);
    } catch (error) {
      if (attempt >= 3 || !/port \d+ is already in use/.test(String(error))) throw error;
    }
  }
}

async function startTeamOnce(options: TeamOptions): Promise<TeamGateway> {
  const port = await freePort();
  const base = `http://localhost:${options.publicPort ?? port}`;
  const idp = await startIdp({
    redirectUris: [`${base}/oidc/callback`],
    postLogoutRedirectUris: [`${base}/`],
    people: options.people ?? DEFAULT_PEOPLE,
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-team-'));
  const config = {
    mcpServers: options.servers ?? { everything: EVERYTHING },
    team: {
      publicUrl: base,
      oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: '${env:DASH_OIDC_SECRET}' },
      roles: options.roles ?? TEST_ROLES,
      dataDir,
      ...(options.database ? { database: options.database } : {}),
      contact: 'ops@example.test',
      ...options.team,
    },
  };
  const start = () =>
    startGatewayProcess({
      config,
      exchange: false,
      extraArgs: ['--port', String(port)],
      env: { DASH_OIDC_SECRET: options.clientSecret ?? idp.clientSecret, ...options.env },
    });
  const gateway = await start().catch(async (error: unknown) => {
    // Nothing of this attempt stays behind: an IdP left listening keeps the test's process alive.
    await idp.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const team: TeamGateway = {
    idp,
    port,
    base,
    dataDir,
    gateway,
    signIn: (sub) => signInMember(base, idp, sub),
    async restart() {
      await team.gateway.stop().catch(() => {});
      team.gateway = await start();
    },
    async stop() {
      await team.gateway.stop().catch(() => {});
      await idp.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return team;
}

/**
 * Signs `sub` in headlessly at `base` (the gateway, or a balancer in front of replicas): their cookie, their page
 * token, and requests as their browser would send them (`init.base` sends one to another address, e.g. one replica).
 */
export async function signInMember(base: string, idp: Idp, sub: string): Promise<Member> {
  const person = idp.people.find((p) => p.sub === sub)!;
  const { gatewayCookies, response } = await signInHeadless(`${base}/oidc/login?return=/`, person);
  const secret = gatewayCookies.get('mcpd-session');
  if (!secret) throw new Error(`${sub} got no session cookie (${response.status}): ${await response.text()}`);
  const cookie = `mcpd-session=${secret}; mcpd-team=1`;
  const session = await fetch(`${base}/api/team/session`, { method: 'POST', headers: { cookie } });
  const { token } = (await session.json()) as { token: string };
  const api: Member['api'] = (method, path, init = {}) =>
    fetch(`${init.base ?? base}${path}`, {
      method,
      headers: {
        cookie,
        ...(init.token === null ? {} : { authorization: `Bearer ${init.token ?? token}` }),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  const rpc: Member['rpc'] = async (server, sessionId, body) => {
    const response = await api('POST', `/mcp/${server}`, {
      body,
      headers: {
        accept: 'application/json, text/event-stream',
        ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } : {}),
      },
    });
    return { status: response.status, answer: await rpcAnswer(response) };
  };
  return {
    person,
    cookie,
    token,
    api,
    rpc,
    async open(server) {
      const response = await api('POST', `/mcp/${server}`, {
        body: INITIALIZE,
        headers: { accept: 'application/json, text/event-stream' },
      });
      const id = response.headers.get('mcp-session-id');
      const answer = await rpcAnswer(response);
      if (!id) throw new Error(`no session for ${sub} on ${server} (${response.status}): ${JSON.stringify(answer)}`);
      await api('POST', `/mcp/${server}`, {
        body: { jsonrpc: '2.0', method: 'notifications/initialized' },
        headers: {
          accept: 'application/json, text/event-stream',
          'mcp-session-id': id,
          'mcp-protocol-version': '2025-11-25',
        },
      });
      return id;
    },
  };
}

/** The `initialize` request the tests open MCP sessions with. */
export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};

/** The `Accept` header every MCP POST needs. */
export const ACCEPT = { accept: 'application/json, text/event-stream' };
