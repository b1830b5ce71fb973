import * as client from 'openid-client';
import type { TeamSettings } from './settings.js';

/** A person as the identity provider names them after sign-in. */
export interface SignedIn {
  sub: string;
  email: string | undefined;
  name: string | undefined;
  groups: string[];
  /** Kept for RP-initiated logout (`id_token_hint`). */
  idToken: string | undefined;
}

/** A sign-in on its way: what the callback must check, kept by the gateway under the state. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  /** Where the person was going (a path of the dashboard). */
  returnTo: string;
  expiresAt: number;
}

/** Why the team's provider could not be used; said at start and on the sign-in page. */
export class OidcError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OidcError';
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The gateway as an OpenID Connect relying party, through openid-client (docs/decisions/team-oidc.md):
 * authorization code with PKCE (S256), state and nonce, the ID token checked by the library, groups from
 * the ID token or else from UserInfo. Nothing of the flow is written here by hand.
 */
export class OidcRelyingParty {
  private constructor(
    private readonly settings: TeamSettings,
    private readonly config: client.Configuration,
  ) {}

  /** Discovers the provider; an unreachable or wrong issuer, or one that is not an OpenID provider, is an OidcError saying which. */
  static async discover(settings: TeamSettings): Promise<OidcRelyingParty> {
    const issuer = new URL(settings.oidc.issuer);
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    let config: client.Configuration;
    try {
      config = await client.discovery(
        issuer,
        settings.oidc.clientId,
        { client_secret: settings.oidc.clientSecret },
        undefined,
        { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 },
      );
    } catch (error) {
      throw new OidcError(
        `cannot use the OpenID provider ${settings.oidc.issuer} (team.oidc.issuer): ${describe(error)}. Check the issuer URL (its /.well-known/openid-configuration must answer) and that the gateway can reach it.`,
      );
    }
    return new OidcRelyingParty(settings, config);
  }

  /** The provider's address to send a person to, and what the callback will check. */
  async begin(returnTo: string, now = Date.now()): Promise<{ url: URL; pending: PendingSignIn }> {
    const verifier = client.randomPKCECodeVerifier();
    const pending: PendingSignIn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier,
      returnTo,
      expiresAt: now + 10 * 60_000,
    };
    const offered = this.config.serverMetadata().scopes_supported;
    const scopes = [...this.settings.oidc.scopes];
    if (offered?.includes(this.settings.oidc.groupsClaim) && !scopes.includes(this.settings.oidc.groupsClaim))
      scopes.push(this.settings.oidc.groupsClaim);
    const url = client.buildAuthorizationUrl(this.config, {
      redirect_uri: this.settings.redirectUri,
      scope: scopes.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /** Finishes a sign-in at the callback: the code is exchanged and the ID token checked; throws OidcError. */
  async finish(callbackUrl: URL, pending: PendingSignIn): Promise<SignedIn> {
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(this.config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OidcError(`the sign-in could not be completed: ${describe(error)}`);
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcError('the provider sent no ID token');
    let source: Record<string, unknown> = claims;
    const claim = this.settings.oidc.groupsClaim;
    if (claims[claim] === undefined && tokens.access_token) {
      try {
        source = { ...(await client.fetchUserInfo(this.config, tokens.access_token, claims.sub)), ...claims };
      } catch (error) {
        throw new OidcError(`the provider's UserInfo could not be read for groups: ${describe(error)}`);
      }
    }
    const rawGroups = source[claim];
    const groups = Array.isArray(rawGroups)
      ? rawGroups.filter((g): g is string => typeof g === 'string')
      : typeof rawGroups === 'string'
        ? [rawGroups]
        : [];
    return {
      sub: claims.sub,
      email: typeof source.email === 'string' ? source.email : undefined,
      name: typeof source.name === 'string' ? source.name : undefined,
      groups,
      idToken: tokens.id_token,
    };
  }

  /** The provider's RP-initiated logout address, when it offers one. */
  endSessionUrl(idToken: string | undefined): string | undefined {
    if (!this.config.serverMetadata().end_session_endpoint) return undefined;
    const parameters: Record<string, string> = { post_logout_redirect_uri: `${this.settings.publicOrigin}/` };
    if (idToken) parameters.id_token_hint = idToken;
    else parameters.client_id = this.settings.oidc.clientId;
    return client.buildEndSessionUrl(this.config, parameters).href;
  }
}

/** An error from openid-client or fetch, in one line (the library's code, the provider's error and description). */
function describe(error: unknown): string {
  const e = error as { message?: string; code?: string; error?: string; error_description?: string; cause?: unknown };
  const parts = [
    e.error ? `${e.error}${e.error_description ? `: ${e.error_description}` : ''}` : (e.message ?? String(error)),
  ];
  const cause = e.cause as { code?: string; message?: string } | undefined;
  if (cause?.code || cause?.message) parts.push(`(${cause.code ?? cause.message})`);
  return parts.join(' ');
}
