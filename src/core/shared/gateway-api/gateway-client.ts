import type { ConnectionProblem } from './connection-problem.js';
import { EventHubClient } from './event-hub-client.js';
import { STARTUP_READS } from './startup-reads.js';
import type { GatewayAuthSummary } from './gateway-oauth.js';

/** What `GET /api/servers` says about one configured server (never env values or headers). */
export interface GatewayServerSummary {
  name: string;
  transport: 'stdio' | 'http';
  /** `failing`: it kept failing soon after starting, so the gateway stopped restarting it until someone presses Restart. */
  state: 'idle' | 'starting' | 'running' | 'restarting' | 'crashed' | 'failed' | 'failing' | 'disabled';
  restarts: number;
  sessions: number;
  lastError: string | null;
  lastExit: { code: number | null; signal: string | null; at: string } | null;
  disabled: boolean;
  /** A remote server's OAuth state (gateway/src/oauth); absent for stdio servers. */
  auth?: GatewayAuthSummary | null;
  /** The connection doctor's diagnosis of the last failure to reach the server; null when none. */
  problem?: ConnectionProblem | null;
  /** For HTTP servers: the wire in use (a plain `url` may have fallen back to the older HTTP+SSE). */
  upstreamTransport?: 'streamable-http' | 'sse';
  /** Whether the gateway's own discovery of the server (`GET /api/catalog`) is done. */
  catalogState?: 'ready' | 'pending' | 'unavailable';
}

/** The gateway answered 401: this page's token is stale (usually: the gateway was restarted). */
export class GatewayAuthError extends Error {
  constructor() {
    super(
      'The gateway no longer accepts this page\u2019s access: it was restarted, or this page went unused for a while. Press Enter in the terminal where mcp-dashboard runs (or restart it) and open the new address it prints ("Dashboard ready: http://localhost:\u2026/#code=\u2026").',
    );
    this.name = 'GatewayAuthError';
  }
}

/** The gateway could not be reached at all. */
export class GatewayUnreachableError extends Error {
  constructor(
    readonly baseUrl: string,
    cause?: unknown,
  ) {
    super(
      `Cannot reach the gateway at ${baseUrl}. Is "npm start" (or "mcp-dashboard") still running?`,
      cause === undefined ? undefined : { cause },
    );
    this.name = 'GatewayUnreachableError';
  }
}

/** Any other non-2xx answer from the gateway, with its explanation. */
export class GatewayRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayRequestError';
  }
}

/**
 * Talks to the local gateway with the per-launch bearer token. The token lives only in memory here;
 * the shell decides where it comes from (the URL fragment).
 */
export class GatewayClient {
  readonly baseUrl: string;
  private token: string;
  private readonly renew: (() => Promise<string>) | undefined;
  private renewing: Promise<string> | undefined;

  /**
   * `renew` (team mode): when the gateway answers 401, a new token once the person has signed in again; the
   * request is then sent again, so nothing in flight or typed is lost. Several requests share one renewal.
   */
  constructor(options: { baseUrl: string; token: string; renew?: () => Promise<string> }) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.token = options.token;
    this.renew = options.renew;
    this.hub = new EventHubClient({ baseUrl: this.baseUrl, fetch: this.fetch });
    this.mcpFetch = this.hub.wrap(this.fetch);
  }

  /** A fetch that adds the bearer token and maps 401 / network failures to specific errors. */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const send = async () => {
      const headers = new Headers(init.headers);
      headers.set('Authorization', `Bearer ${this.token}`);
      try {
        return await fetch(input, { ...init, headers });
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        throw new GatewayUnreachableError(this.baseUrl, error);
      }
    };
    let response = await send();
    if (response.status === 401 && this.renew) {
      const stale = this.token;
      this.renewing ??= this.renew().finally(() => (this.renewing = undefined));
      this.token = await this.renewing;
      if (this.token !== stale) response = await send();
    }
    if (response.status === 401) throw new GatewayAuthError();
    return response;
  };

  /**
   * The fetch MCP transports use: like `fetch`, but every session's server-initiated stream shares
   * one connection (the gateway's event hub), so many servers fit in the browser's six connections.
   */
  readonly mcpFetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  private readonly hub: EventHubClient;

  /** Closes the shared event stream (a removed dashboard must not keep one of the browser's few connections). */
  close(): void {
    this.hub.close();
  }

  /** URL of the Streamable HTTP endpoint for one server. */
  mcpUrl(serverName: string): URL {
    return new URL(`${this.baseUrl}/mcp/${encodeURIComponent(serverName)}`);
  }

  private async json<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await this.fetch(`${this.baseUrl}${path}`, init);
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // plain-text error body
      }
      throw new GatewayRequestError(response.status, message || `Gateway answered ${response.status}`);
    }
    return JSON.parse(text) as T;
  }

  /** Answers asked for before anyone needed them (start-up), each handed out once. */
  private readonly early = new Map<string, Promise<unknown>>();

  /** The prefetched answer for `path` if one is on its way (once), else a fresh request. */
  private startupJson<T>(path: string): Promise<T> {
    const early = this.early.get(path) as Promise<T> | undefined;
    this.early.delete(path);
    return early ?? this.json<T>(path);
  }

  /** Lists configured servers and their process state (the answer to `prefetchStartup`, once, if one is on its way). */
  async listServers(): Promise<GatewayServerSummary[]> {
    const body = await this.startupJson<{ servers: GatewayServerSummary[] }>('/api/servers');
    return body.servers;
  }

  /**
   * Asks now for what start-up reads next — the server list, the catalog of what every server offers,
   * the team's layouts, the brand and the policy settings — all in parallel, while the page reads its
   * own settings. `received`: those answers when they came with the launch exchange, by path.
   */
  prefetchStartup(received?: Readonly<Record<string, unknown>>): void {
    for (const path of STARTUP_READS) {
      const early = received && path in received ? Promise.resolve(received[path]) : this.json(path);
      early.catch(() => {});
      this.early.set(path, early);
    }
  }

  /**
   * What the gateway itself discovered on each server (`GET /api/catalog`): server data, untrusted,
   * checked by `server-catalog.ts` before use. An older gateway without the route gives an empty catalog.
   */
  async catalog(): Promise<Record<string, unknown>> {
    try {
      const body = await this.startupJson<{ servers?: unknown }>('/api/catalog');
      return body.servers && typeof body.servers === 'object' && !Array.isArray(body.servers)
        ? (body.servers as Record<string, unknown>)
        : {};
    } catch (error) {
      if (error instanceof GatewayRequestError && error.status === 404) return {};
      throw error;
    }
  }

  /** The bounded stderr tail kept for a server. */
  async stderr(serverName: string): Promise<string> {
    const body = await this.json<{ stderr: string }>(`/api/servers/${encodeURIComponent(serverName)}/stderr`);
    return body.stderr;
  }

  /** Starts a server the gateway stopped restarting (a crash loop) again; false when it was not stopped. */
  async restartServer(serverName: string): Promise<boolean> {
    const body = await this.json<{ restarted: boolean }>(`/api/servers/${encodeURIComponent(serverName)}/restart`, {
      method: 'POST',
    });
    return body.restarted === true;
  }

  /** Port of the MCP Apps sandbox origin the gateway serves (see sandbox-origin.ts). */
  async sandboxPort(): Promise<number> {
    return (await this.sandbox()).port;
  }

  /** The MCP Apps sandbox: its port, and its public origin when the gateway names one (team mode behind a proxy). */
  async sandbox(): Promise<{ port: number; origin?: string }> {
    const body = await this.json<{ port: number | null; origin?: unknown }>('/api/sandbox');
    if (typeof body.port !== 'number')
      throw new GatewayRequestError(503, 'The gateway is not serving the MCP Apps sandbox.');
    return typeof body.origin === 'string' ? { port: body.port, origin: body.origin } : { port: body.port };
  }

  /**
   * The white-label brand from the dashboard config (`dashboard.brand`), with logo and favicon as
   * data URLs the gateway has checked by their bytes; null when the config sets none. The browser
   * still validates and sanitises it before use.
   */
  async brand(): Promise<unknown> {
    const body = await this.startupJson<{ brand: unknown }>('/api/brand');
    return body.brand ?? null;
  }

  /**
   * The team dashboards named by `dashboard.layouts` in the config, checked by the gateway
   * at start-up; each says which file it came from. Empty when the config names none.
   */
  async layouts(): Promise<unknown[]> {
    const body = await this.startupJson<{ dashboards?: unknown }>('/api/layouts');
    return Array.isArray(body.dashboards) ? body.dashboards : [];
  }

  /** The public policy part of the config's `dashboard` object (`GET /api/dashboard-config`). */
  dashboardConfig(): Promise<Record<string, unknown>> {
    return this.startupJson('/api/dashboard-config');
  }

  /** True when `/healthz` answers (it needs no token). */
  async healthy(): Promise<boolean> {
    try {
      const response = await fetch(`${this.baseUrl}/healthz`);
      return response.ok;
    } catch {
      return false;
    }
  }
}
