import { createHash, randomBytes } from 'node:crypto';
import {
  createPrivateKeyJwtAuth,
  type AddClientAuthentication,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { OAuthServerConfig } from '../../../src/core/shared/config/oauth-config-schema.js';
import type { ServerTokenStore } from './token-store.js';

/** What the provider tells its server's sign-in controller. */
export interface ProviderEvents {
  /** `auth()` produced an authorization URL (state and PKCE challenge in it): a person must sign in. */
  authorizationUrl(url: URL, verifier: string | undefined): void;
  /** New tokens were saved (sign-in, refresh). */
  tokensSaved(tokens: StoredOAuthTokens): void;
}

/** The S256 PKCE challenge of a verifier (RFC 7636 §4.2). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * The gateway's `OAuthClientProvider` for one server a person signs in to (authorization code with
 * PKCE). The SDK's `auth()` drives the flow; this class only keeps what it hands over: the client
 * registration and tokens go to the token file (keyed by server name and URL), discovery state stays
 * in memory, and each authorization URL is handed to the controller with the PKCE verifier that
 * belongs to it — found by its S256 challenge, so two sign-ins started together never swap verifiers.
 */
export class GatewayOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl: string | undefined;
  /** Present only for dynamically registered clients: a pre-registered client from the config is never replaced. */
  readonly saveClientInformation?: (
    info: StoredOAuthClientInformation,
    ctx?: OAuthClientInformationContext,
  ) => Promise<void>;
  readonly addClientAuthentication?: AddClientAuthentication;
  /** The verifier `codeVerifier()` returns while a callback's code is exchanged. */
  exchangeVerifier: string | undefined;
  /** Discovery state recorded with a pending sign-in, restored for its callback. */
  exchangeDiscovery: OAuthDiscoveryState | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private recentVerifiers: string[] = [];
  private preRegisteredIssuer: string | undefined;

  constructor(
    private readonly name: string,
    private readonly serverUrl: string,
    private readonly oauth: OAuthServerConfig,
    private readonly store: ServerTokenStore,
    private readonly redirect: () => string,
    private readonly events: ProviderEvents,
    privateKey: string | undefined,
  ) {
    this.clientMetadataUrl = oauth.clientMetadataUrl;
    this.preRegisteredIssuer = oauth.issuer;
    if (!oauth.clientId) {
      this.saveClientInformation = async (info) => {
        await this.store.update(this.name, this.serverUrl, (entry) => {
          entry.client = info;
        });
      };
    }
    if (privateKey && oauth.clientId) {
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: oauth.clientId,
        subject: oauth.clientId,
        privateKey,
        alg: oauth.algorithm ?? 'ES256',
      });
    }
  }

  /** The gateway's loopback callback (its port is known once it listens). */
  get redirectUrl(): string {
    return this.redirect();
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.oauth.clientName ?? 'MCP Dashboard',
      redirect_uris: [this.redirect()],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...(this.oauth.scope ? { scope: this.oauth.scope } : {}),
      ...(this.oauth.tokenEndpointAuthMethod ? { token_endpoint_auth_method: this.oauth.tokenEndpointAuthMethod } : {}),
    };
  }

  /** An unguessable, single-use `state` (256 bits). */
  state(): string {
    return randomBytes(32).toString('base64url');
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    if (this.oauth.clientId) {
      return {
        client_id: this.oauth.clientId,
        ...(this.oauth.clientSecret ? { client_secret: this.oauth.clientSecret } : {}),
        ...(this.oauth.tokenEndpointAuthMethod
          ? { token_endpoint_auth_method: this.oauth.tokenEndpointAuthMethod }
          : {}),
        ...(this.preRegisteredIssuer ? { issuer: this.preRegisteredIssuer } : {}),
      } as StoredOAuthClientInformation;
    }
    return this.store.get(this.name, this.serverUrl)?.client;
  }

  /** True when a registered client's redirect URIs do not include today's callback (the gateway's port changed). */
  registrationIsStale(): boolean {
    if (this.oauth.clientId) return false;
    const client = this.store.get(this.name, this.serverUrl)?.client as
      { redirect_uris?: string[]; client_id?: string } | undefined;
    if (!client?.client_id || client.client_id === this.clientMetadataUrl) return false;
    return Array.isArray(client.redirect_uris) && !client.redirect_uris.includes(this.redirect());
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.store.get(this.name, this.serverUrl)?.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.store.update(this.name, this.serverUrl, (entry) => {
      entry.tokens = tokens;
      entry.savedAt = new Date().toISOString();
      entry.expiresAt = typeof tokens.expires_in === 'number' ? Date.now() + tokens.expires_in * 1000 : undefined;
    });
    this.events.tokensSaved(tokens);
  }

  saveCodeVerifier(verifier: string): void {
    this.recentVerifiers = [...this.recentVerifiers.slice(-7), verifier];
  }

  codeVerifier(): string {
    if (!this.exchangeVerifier) throw new Error('no sign-in is waiting for this code');
    return this.exchangeVerifier;
  }

  redirectToAuthorization(url: URL): void {
    const challenge = url.searchParams.get('code_challenge');
    const verifier = this.recentVerifiers.find((v) => pkceChallenge(v) === challenge);
    if (verifier) this.recentVerifiers = this.recentVerifiers.filter((v) => v !== verifier);
    this.events.authorizationUrl(url, verifier);
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.exchangeDiscovery ?? this.discovery;
  }

  /** The discovery state right now (recorded with a sign-in, so its callback is checked against the same server). */
  currentDiscovery(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'discovery' || scope === 'all') this.discovery = undefined;
    if (scope === 'verifier') return;
    if (scope === 'all') {
      await this.store.forget(this.name);
      return;
    }
    if (scope === 'client' && this.oauth.clientId) return;
    await this.store.update(this.name, this.serverUrl, (entry) => {
      if (scope === 'client') delete entry.client;
      if (scope === 'tokens') {
        delete entry.tokens;
        delete entry.expiresAt;
      }
    });
  }
}
