import {
  auth,
  computeScopeUnion,
  RegistrationRejectedError,
  extractWWWAuthenticateParams,
  isStrictScopeSuperset,
  type FetchLike,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
} from '@modelcontextprotocol/client';
import type { OAuthServerConfig } from '../../../src/core/shared/config/oauth-config-schema.js';
import type { GatewayAuthSummary } from '../../../src/core/shared/gateway-api/gateway-oauth.js';
import { describeAuthFailure, scopeFailure, scopeHeldFailure, type AuthFailure } from './errors.js';
import { machineProvider, readPrivateKey } from './machine.js';
import { createOAuthFetch, RegistrationConsentNeeded } from './oauth-fetch.js';
import { GatewayOAuthProvider } from './provider.js';
import { providerSecrets, scrubFailure, scrubSecrets } from './scrub.js';
import { resendWithCurrentToken } from './stale-token.js';
import type { ServerTokenStore } from './token-store.js';

/** A sign-in that was started and waits for its callback (state → this), single use. */
export interface PendingSignIn {
  state: string;
  server: ServerAuth;
  verifier: string;
  discovery: OAuthDiscoveryState | undefined;
  createdAt: number;
  /** Team mode: the subject of the person whose tokens these are (only their browser may finish it). */
  owner?: string;
}

/** Where pending sign-ins are kept, across servers (the callback knows only `state`). */
export interface PendingRegistry {
  add(pending: PendingSignIn): void;
  dropServer(server: ServerAuth): void;
}

/** Everything one server's authorization needs from the gateway. */
export interface ServerAuthOptions {
  name: string;
  url: string;
  oauth: OAuthServerConfig | undefined;
  store: ServerTokenStore;
  redirectUrl: () => string;
  pending: PendingRegistry;
  configDir: string;
  configFile: string;
  /** Notes a line in the server's stderr buffer (a sign-in started, finished or ended). */
  log: (line: string) => void;
  /** The gateway's own ports (page and sandbox): OAuth requests never go there unless the config names them. */
  gatewayPorts: () => readonly number[];
  /** The names of the config's `headers` for this server (sent to its own origin only). */
  configHeaders?: readonly string[];
  /** Team mode: the person these tokens belong to (a server signed in per person). */
  owner?: string;
}

/**
 * One remote server's OAuth, with the gateway as the OAuth client: the provider the upstream
 * transport uses (the SDK's `auth()` runs discovery, registration, PKCE, resource indicators, scope
 * selection, step-up and refresh), the sign-in started from the card, the callback's code exchange,
 * sign-out, and the non-secret summary the page polls.
 */
export class ServerAuth {
  readonly name: string;
  /** Team mode: the person whose tokens these are; undefined for the installation's (or the team's shared) sign-in. */
  readonly owner: string | undefined;
  readonly provider: OAuthClientProvider;
  /** Set for servers a person signs in to; machine-to-machine servers use the SDK's own providers. */
  readonly interactive: GatewayOAuthProvider | undefined;
  private needsSignIn = false;
  private lastError: string | null = null;
  private signedInAt: string | null;
  private challengeScope: string | undefined;
  private resourceMetadataUrl: URL | undefined;
  /** The scope of the server's last `403 insufficient_scope`, until it answers anything else. */
  private deniedScope: string | undefined;
  private captured: URL | undefined;
  private lock: Promise<unknown> = Promise.resolve();
  /** Sign-ins the person started that are running: only they may register a client. */
  private consenting = 0;
  /** The registration endpoint that refused the registration a Sign in made (then Sign in is not offered again). */
  private registrationRefused: string | undefined;
  /** Every request made on the server's word (everything but the MCP endpoint itself), guarded. */
  private readonly outbound: FetchLike;

  constructor(private readonly options: ServerAuthOptions) {
    this.name = options.name;
    this.owner = options.owner;
    const oauth = options.oauth ?? {};
    const where = `"mcpServers.${options.name}.oauth" in ${options.configFile}`;
    if (oauth.grant === 'client_credentials' || oauth.grant === 'cross_app_access') {
      this.provider = machineProvider(oauth, options.configDir, where);
      this.interactive = undefined;
    } else {
      this.interactive = new GatewayOAuthProvider(
        options.name,
        options.url,
        oauth,
        options.store,
        options.redirectUrl,
        {
          authorizationUrl: (url, verifier) => this.authorizationUrl(url, verifier),
          tokensSaved: () => this.tokensSaved(),
        },
        readPrivateKey(oauth, options.configDir, where),
      );
      this.provider = this.interactive;
    }
    this.signedInAt = options.store.get(options.name, options.url)?.savedAt ?? null;
    this.outbound = createOAuthFetch({
      policy: {
        server: options.name,
        serverUrl: options.url,
        // The config's own words: an IdP's token endpoint and the issuer it names are not the server's say-so.
        configOrigins: [oauth.idp?.tokenEndpoint, oauth.issuer].filter((u): u is string => !!u),
        allowHosts: oauth.allowHosts ?? [],
        gatewayPorts: options.gatewayPorts,
        allowKey: `"mcpServers.${options.name}.oauth.allowHosts" in ${options.configFile}`,
      },
      configHeaders: options.configHeaders ?? [],
      registration: {
        pendingEndpoint: () => this.pendingRegistration(),
        consented: () => this.consenting > 0,
      },
    });
  }

  /**
   * The fetch the upstream transport and the SDK's `auth()` use. The MCP endpoint (the person's own
   * config) is fetched unchanged, and its `WWW-Authenticate` challenges (scope, resource metadata) are
   * remembered so a sign-in started later from the card asks for what the server asked for. Every
   * other request is made on the server's word and goes through the guard (oauth-fetch.ts).
   */
  readonly fetch: FetchLike = async (input, init) => {
    // Only the MCP endpoint's answers are challenges; the authorization server's are the SDK's business.
    if (new URL(String(input)).href !== new URL(this.options.url).href) return this.outbound(input, init);
    let response = await fetch(input, init);
    if (response.status === 401)
      response = await resendWithCurrentToken(
        fetch,
        input,
        init,
        response,
        (await this.provider.tokens())?.access_token,
      );
    if (response.status === 401 && new Headers(init?.headers).has('authorization')) {
      // A token was refused: look the authorization server up again before the SDK re-authorizes,
      // in case the server moved to another one (SEP-2352; the SDK leaves this to the host).
      await this.interactive?.invalidateCredentials('discovery');
    }
    if (response.status === 401 || response.status === 403) {
      const { scope, resourceMetadataUrl, error } = extractWWWAuthenticateParams(response);
      if (resourceMetadataUrl) this.resourceMetadataUrl = resourceMetadataUrl;
      if (scope && (response.status === 401 || error === 'insufficient_scope'))
        this.challengeScope = computeScopeUnion(this.challengeScope, scope);
      this.deniedScope = response.status === 403 && error === 'insufficient_scope' ? (scope ?? '') : undefined;
    } else {
      this.deniedScope = undefined;
    }
    return response;
  };

  /** The page's view: never a token, a secret or a URL with a code in it. */
  summary(): GatewayAuthSummary {
    const tokens = this.provider.tokens() as { access_token?: string; scope?: string } | undefined;
    const hasToken = typeof (tokens as { then?: unknown } | undefined)?.then !== 'function' && !!tokens?.access_token;
    let state: GatewayAuthSummary['state'] = 'unknown';
    if (this.needsSignIn) state = 'required';
    else if (hasToken) state = 'signed-in';
    else if (this.lastError) state = 'failed';
    return {
      mode: this.interactive ? 'sign-in' : 'machine',
      state,
      scope: (hasToken ? tokens?.scope : undefined) ?? this.challengeScope ?? null,
      signedInAt: hasToken ? this.signedInAt : null,
      message: this.lastError,
    };
  }

  /**
   * True when `error` shows the server publishes no OAuth: it answered 401, but neither
   * protected-resource nor authorization-server metadata was found and the config names no client.
   * Then registering at the default endpoint either was refused (its credentials belong in "headers")
   * or waits for the person's Sign in (RegistrationConsentNeeded: "headers", or Sign in if it uses OAuth
   * without metadata).
   */
  notOffered(error: unknown): boolean {
    const oauth = this.options.oauth;
    // allowHosts names no client: a config with only that still leaves the client to discovery.
    const named = Object.keys(oauth ?? {}).filter((key) => key !== 'allowHosts');
    const registering = error instanceof RegistrationRejectedError || error instanceof RegistrationConsentNeeded;
    if (!this.interactive || named.length || !registering) return false;
    const discovery = this.interactive.currentDiscovery();
    return !!discovery && !discovery.resourceMetadata && !discovery.authorizationServerMetadata;
  }

  /** True when a Sign in already tried to register where `error` waits to register, and was refused. */
  registrationWasRefused(error: RegistrationConsentNeeded): boolean {
    const refused = this.registrationRefused;
    return refused !== undefined && new URL(refused).origin === error.origin;
  }

  /** A failure of a request the relay sent upstream, said for the user — or undefined when it is not about authorization. */
  describe(error: unknown): AuthFailure | undefined {
    const found = describeAuthFailure(error, this.name, !!this.interactive, this.options.configFile);
    if (!found) return undefined;
    let described = scrubFailure(found, (text) => this.scrub(text));
    const base = { server: this.name, configFile: this.options.configFile, interactive: !!this.interactive };
    if (this.interactive && this.deniedScope !== undefined && this.stepUpWouldNotHelp()) {
      // The server says "insufficient scope" for scopes the token already has: signing in again
      // would ask for the same thing (and loop). Stop offering it, say why.
      described = scopeHeldFailure(base, this.deniedScope || undefined);
      this.lastError = described.message;
      return described;
    }
    if (this.interactive && this.deniedScope !== undefined && described.problem.reason === 'sign-in')
      described = scopeFailure(base, this.deniedScope || undefined);
    if (described.problem.signIn) this.needsSignIn = true;
    else this.lastError = described.message;
    if (described.problem.scope) this.challengeScope = computeScopeUnion(this.challengeScope, described.problem.scope);
    return described;
  }

  /**
   * Starts a sign-in from the card: a fresh authorization URL (new state, new PKCE verifier) asking
   * for what the server last challenged for. A client registered for an earlier gateway port is
   * registered again first (its redirect URI would be refused).
   */
  async startSignIn(): Promise<{ authorizationUrl: string } | { authorized: true }> {
    return this.serialized(async () => {
      const provider = this.interactive;
      if (!provider) {
        const result = await auth(this.provider, {
          serverUrl: this.options.url,
          scope: this.challengeScope,
          resourceMetadataUrl: this.resourceMetadataUrl,
          fetchFn: this.fetch,
        });
        if (result === 'AUTHORIZED') this.tokensSaved();
        return { authorized: true as const };
      }
      if (provider.registrationIsStale()) {
        this.options.log(
          'the registered OAuth client has an old redirect URI (the gateway port changed); registering again',
        );
        await provider.invalidateCredentials('client');
      }
      this.captured = undefined;
      // The person pressed Sign in: the client registration the card announced may be made now.
      this.consenting++;
      const result = await auth(provider, {
        serverUrl: this.options.url,
        scope: this.challengeScope,
        resourceMetadataUrl: this.resourceMetadataUrl,
        forceReauthorization: true,
        fetchFn: this.fetch,
      })
        .catch((error: unknown) => {
          // The registration the person agreed to was refused: the server offers no OAuth after all.
          if (error instanceof RegistrationRejectedError) this.registrationRefused = this.pendingRegistration();
          throw error;
        })
        .finally(() => this.consenting--);
      // Set by redirectToAuthorization() during auth(); TypeScript cannot see that across the await.
      const captured = this.captured as URL | undefined;
      this.captured = undefined;
      if (result === 'AUTHORIZED' || !captured) return { authorized: true as const };
      return { authorizationUrl: captured.href };
    });
  }

  /** Exchanges a callback's code, with the verifier and discovery state recorded for that sign-in. */
  async finishSignIn(pending: PendingSignIn, code: string, iss: string | undefined): Promise<void> {
    const provider = this.interactive!;
    await this.serialized(async () => {
      provider.exchangeVerifier = pending.verifier;
      provider.exchangeDiscovery = pending.discovery;
      try {
        await auth(provider, { serverUrl: this.options.url, authorizationCode: code, iss, fetchFn: this.fetch });
      } finally {
        provider.exchangeVerifier = undefined;
        provider.exchangeDiscovery = undefined;
      }
    });
    this.options.log('signed in');
  }

  /** Records a sign-in that failed at the callback. */
  noteFailure(message: string): void {
    this.lastError = this.scrub(message);
  }

  /** `text` without this server's tokens, client secret or anything that looks like a credential (scrub.ts). */
  scrub(text: string): string {
    return scrubSecrets(text, this.secrets());
  }

  /** This server's current tokens and client secret (what `scrub` removes by value). */
  secrets(): Array<string | undefined> {
    return providerSecrets(this.provider, this.options.oauth?.clientSecret);
  }

  /** Forgets the tokens and registration (Sign out); the next request meets the server's 401 again. */
  async signOut(): Promise<void> {
    await this.serialized(async () => {
      this.options.pending.dropServer(this);
      if (this.interactive) await this.interactive.invalidateCredentials('all');
      else await this.options.store.forget(this.name);
      this.needsSignIn = !!this.interactive;
      this.signedInAt = null;
      this.lastError = null;
      this.registrationRefused = undefined;
    });
    this.options.log('signed out; tokens forgotten');
  }

  /**
   * The registration endpoint the SDK would POST to now, which waits for Sign in: set when a person
   * signs in, holds no client yet, and discovery found the authorization server (its metadata's
   * endpoint, or the `/register` the SDK guesses at another origin when it publishes none).
   */
  private pendingRegistration(): string | undefined {
    const provider = this.interactive;
    if (!provider || provider.clientInformation()) return undefined;
    const discovery = provider.currentDiscovery();
    if (!discovery) return undefined;
    if (discovery.authorizationServerMetadata) return discovery.authorizationServerMetadata.registration_endpoint;
    // No metadata: the SDK guesses `/register` (the 2025-03-26 fallback). That POST, too, waits for the
    // person's Sign in, even at the server's own origin: until then the card says the server may want
    // credentials in "headers" instead (notOffered).
    return new URL('/register', discovery.authorizationServerUrl).href;
  }

  /** True when the scopes the server denied are already granted to the current token. */
  private stepUpWouldNotHelp(): boolean {
    const granted = (this.provider.tokens() as { scope?: string } | undefined)?.scope;
    if (!granted) return false;
    return !isStrictScopeSuperset(computeScopeUnion(granted, this.deniedScope), granted);
  }

  private authorizationUrl(url: URL, verifier: string | undefined): void {
    this.needsSignIn = true;
    this.captured = url;
    const state = url.searchParams.get('state');
    if (!state || !verifier) return;
    this.options.pending.add({
      state,
      server: this,
      verifier,
      discovery: this.interactive?.currentDiscovery(),
      createdAt: Date.now(),
      ...(this.options.owner !== undefined ? { owner: this.options.owner } : {}),
    });
  }

  private tokensSaved(): void {
    this.needsSignIn = false;
    this.lastError = null;
    this.signedInAt = new Date().toISOString();
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.lock.then(work, work);
    this.lock = run.catch(() => {});
    return run;
  }
}
