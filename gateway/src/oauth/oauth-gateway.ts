import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import {
  isStdioServer,
  type DashboardConfig,
  type ServerConfig,
} from '../../../src/core/shared/config/config-schema.js';
import type { DashboardOAuthConfig } from '../../../src/core/shared/config/oauth-config-schema.js';
import { callbackText, sendCallbackPage } from './callback-page.js';
import { describeAuthFailure, failureCode } from './errors.js';
import { guardSdkWarnings } from './scrub.js';
import { ServerAuth, type PendingRegistry, type PendingSignIn } from './server-auth.js';
import { defaultTokenFile, TokenStore, type ServerTokenStore } from './token-store.js';

/** The callback path on the gateway's loopback origin (the redirect URI every sign-in uses). */
export const CALLBACK_PATH = '/oauth/callback';
/** A sign-in not finished within this time is forgotten. */
export const SIGN_IN_TTL_MS = 10 * 60_000;
/** At most this many sign-ins wait per server; starting another drops the oldest. */
const MAX_PENDING_PER_SERVER = 4;

type SendJson = (res: ServerResponse, status: number, value: unknown) => void;

/** What the sign-in and sign-out routes need from a server's router. */
export interface SignInTarget {
  auth: ServerAuth | undefined;
  /** Ends the server's sessions (after sign-out, so none keeps using a forgotten token). */
  closeAll(): Promise<void>;
}

/** What team mode tells the OAuth side (see `OAuthGateway.teamMode`). */
export interface OAuthTeam {
  publicOrigin: string;
  /** Whether each person signs in to this server with their own account. */
  perPerson(name: string, config: ServerConfig): boolean;
  /** The people's token records. */
  tokens: { forPerson(sub: string): ServerTokenStore };
  /** The subject of the person a browser's request is signed in as. */
  ownerOf(req: IncomingMessage): string | undefined;
}

/**
 * The gateway's OAuth side: one `ServerAuth` per remote server, the token file, the single-use
 * `state` of every sign-in in progress, the loopback callback the authorization server redirects the
 * browser to, and the card's Sign in / Sign out routes.
 */
export class OAuthGateway implements PendingRegistry {
  readonly store: TokenStore;
  private port = 0;
  private otherPorts: () => ReadonlyArray<number | undefined> = () => [];
  private readonly pending = new Map<string, PendingSignIn>();
  private readonly servers = new Set<ServerAuth>();
  private team: OAuthTeam | undefined;
  /** Servers signed in per person (team mode): each person's client, made on first use. */
  private readonly personal = new Map<string, (sub: string) => ServerAuth>();

  constructor(
    config: DashboardConfig,
    private readonly configFile: string,
    private readonly now: () => number = Date.now,
  ) {
    const own = (config.dashboard?.oauth ?? {}) as DashboardOAuthConfig;
    this.store = new TokenStore(own.tokenFile ? resolve(dirname(configFile), own.tokenFile) : defaultTokenFile());
    guardSdkWarnings(() => [...this.servers].flatMap((server) => server.secrets()));
  }

  /** Reads the token file. */
  async load(): Promise<void> {
    await this.store.load();
  }

  /**
   * The gateway's port is known: redirect URIs can be built. `otherPorts`: its other listeners (the
   * MCP Apps sandbox), which OAuth requests never reach either.
   */
  listening(port: number, otherPorts: () => ReadonlyArray<number | undefined> = () => []): void {
    this.port = port;
    this.otherPorts = otherPorts;
  }

  /** Every port the gateway listens on. */
  private gatewayPorts(): number[] {
    return [this.port, ...this.otherPorts()].filter((p): p is number => typeof p === 'number' && p > 0);
  }

  /**
   * Team mode: sign-ins come back to `<publicOrigin>/oauth/callback`, and the servers `perPerson` picks are
   * signed in by each person with their own account, their tokens in `tokens` (never the token file);
   * `ownerOf` says who a callback's browser is signed in as.
   */
  teamMode(team: OAuthTeam): void {
    this.team = team;
  }

  /** `http://127.0.0.1:<port>/oauth/callback` — a loopback redirect URI (RFC 8252 §7.3); in team mode under the public address. */
  redirectUrl(): string {
    if (this.team) return `${this.team.publicOrigin}${CALLBACK_PATH}`;
    return `http://127.0.0.1:${this.port}${CALLBACK_PATH}`;
  }

  /**
   * The OAuth client for a remote server, or undefined for stdio servers, for servers whose config
   * sends its own `Authorization` header (the user manages that credential), and in team mode for servers
   * each person signs in to (`personalAuth`).
   */
  forServer(name: string, config: ServerConfig, log: (line: string) => void): ServerAuth | undefined {
    if (isStdioServer(config)) return undefined;
    const headers = Object.keys(config.headers ?? {}).map((h) => h.toLowerCase());
    if (headers.includes('authorization') && !config.oauth) return undefined;
    const make = (store: ServerTokenStore, owner?: string) => {
      const server = new ServerAuth({
        name,
        url: config.url,
        oauth: config.oauth,
        store,
        redirectUrl: () => this.redirectUrl(),
        pending: this,
        configDir: dirname(this.configFile),
        configFile: this.configFile,
        log: owner === undefined ? log : (line) => log(`${line} (${owner})`),
        gatewayPorts: () => this.gatewayPorts(),
        configHeaders: headers,
        ...(owner !== undefined ? { owner } : {}),
      });
      this.servers.add(server);
      return server;
    };
    const team = this.team;
    if (team?.perPerson(name, config)) {
      const people = new Map<string, ServerAuth>();
      this.personal.set(name, (sub) => {
        let server = people.get(sub);
        if (!server) people.set(sub, (server = make(team.tokens.forPerson(sub), sub)));
        return server;
      });
      return undefined;
    }
    this.personal.delete(name);
    return make(this.store);
  }

  /** Team mode: each person's OAuth client for a server they sign in to themself; undefined for other servers. */
  personalAuth(name: string): ((sub: string) => ServerAuth) | undefined {
    return this.personal.get(name);
  }

  add(pending: PendingSignIn): void {
    this.sweep();
    const mine = [...this.pending.values()]
      .filter((p) => p.server === pending.server)
      .sort((a, b) => a.createdAt - b.createdAt);
    while (mine.length >= MAX_PENDING_PER_SERVER) this.pending.delete(mine.shift()!.state);
    this.pending.set(pending.state, pending);
  }

  dropServer(server: ServerAuth): void {
    for (const [state, p] of this.pending) if (p.server === server) this.pending.delete(state);
  }

  /** How many sign-ins are waiting (tests, diagnostics). */
  pendingCount(): number {
    this.sweep();
    return this.pending.size;
  }

  private sweep(): void {
    const cutoff = this.now() - SIGN_IN_TTL_MS;
    for (const [state, p] of this.pending) if (p.createdAt < cutoff) this.pending.delete(state);
  }

  /**
   * `GET /oauth/callback?code&state[&iss]` — reached by the browser's top-level navigation from the
   * authorization server, so it carries neither the dashboard's bearer token nor its Origin. It is
   * guarded by `state` instead: unguessable, bound to one sign-in of one server, used once, expiring.
   * Anything else gets a page that says what happened and what to do.
   */
  async handleCallback(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const text = callbackText(req);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendCallbackPage(req, res, 405, text.invalidTitle, text.invalid);
      return;
    }
    this.sweep();
    const state = url.searchParams.get('state') ?? '';
    const pending = this.pending.get(state);
    if (!pending) {
      sendCallbackPage(req, res, 400, text.invalidTitle, text.invalid);
      return;
    }
    this.pending.delete(state);
    const server = pending.server;
    // Team mode: a person's sign-in is finished only in their own browser, so nobody can have their
    // account's tokens saved as someone else's by sending them a sign-in link.
    if (pending.owner !== undefined && this.team?.ownerOf(req) !== pending.owner) {
      sendCallbackPage(req, res, 403, text.invalidTitle, text.otherPerson);
      return;
    }
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error || !code) {
      const shown = error && /^[a-z_]{1,64}$/.test(error) ? error : 'no code';
      server.noteFailure(`The authorization server did not sign you in ("${shown}"). Press Sign in to try again.`);
      sendCallbackPage(req, res, 400, text.deniedTitle, text.denied(server.name, shown));
      return;
    }
    try {
      await server.finishSignIn(pending, code, url.searchParams.get('iss') ?? undefined);
    } catch (failure) {
      // Code only: an unexpected failure's text may quote what the authorization server answered.
      const reason = server.scrub(
        describeAuthFailure(failure, server.name, true, this.configFile)?.message ??
          `an unexpected error (${failureCode(failure)}). Press Sign in to try again; if it keeps failing, tell whoever runs the server.`,
      );
      server.noteFailure(reason);
      sendCallbackPage(req, res, 502, text.failedTitle, text.failed(server.name, reason));
      return;
    }
    sendCallbackPage(req, res, 200, text.signedInTitle, text.signedIn(server.name));
  }

  /**
   * `POST /api/servers/<name>/sign-in` and `/sign-out` (bearer token required, like every API route).
   * Returns false when `path` is not one of them.
   */
  async handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    target: (name: string) => SignInTarget | undefined,
    sendJson: SendJson,
  ): Promise<boolean> {
    const match = /^\/api\/servers\/([^/]+)\/(sign-in|sign-out)$/.exec(path);
    if (!match) return false;
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'Use POST.' });
      return true;
    }
    let name = match[1]!;
    try {
      name = decodeURIComponent(name);
    } catch {
      // keep the raw segment
    }
    const server = target(name);
    if (!server) {
      sendJson(res, 404, { error: `No server named "${name}" in ${this.configFile}.` });
      return true;
    }
    const serverAuth = server.auth;
    if (!serverAuth) {
      sendJson(res, 409, {
        error: `Server "${name}" does not use OAuth (it is a stdio server, or its config sends its own Authorization header).`,
      });
      return true;
    }
    if (match[2] === 'sign-out') {
      if (!serverAuth.interactive) {
        sendJson(res, 409, {
          error: `Server "${name}" gets its tokens with the client credentials in ${this.configFile}; there is no sign-in to end. Remove its "oauth" entry to stop using them.`,
        });
        return true;
      }
      await serverAuth.signOut();
      await server.closeAll();
      sendJson(res, 200, { signedOut: true });
      return true;
    }
    try {
      sendJson(res, 200, await serverAuth.startSignIn());
    } catch (failure) {
      const described = describeAuthFailure(failure, name, !!serverAuth.interactive, this.configFile);
      const message = serverAuth.scrub(
        described?.message ?? `Could not start signing in to "${name}": an unexpected error (${failureCode(failure)}).`,
      );
      serverAuth.noteFailure(message);
      sendJson(res, 502, { error: message });
    }
    return true;
  }
}
