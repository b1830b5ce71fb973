/**
 * The OAuth part of the config file: a remote server's `oauth` object (how the gateway signs in to it)
 * and `dashboard.oauth` (where the gateway keeps tokens). Shared by the gateway, which validates the
 * file, and the browser, which only ever sees the non-secret summary. Pure: no I/O.
 */

/** The identity provider step of cross-app access (an enterprise IdP's ID token exchanged for an ID-JAG). */
export interface OAuthIdpConfig {
  /** The IdP's token endpoint (RFC 8693 token exchange). */
  tokenEndpoint: string;
  /** This client's id at the IdP. */
  clientId: string;
  clientSecret?: string;
  /** The user's ID token from the IdP, or a file holding it (relative to the config file). */
  idToken?: string;
  idTokenFile?: string;
}

/** How the gateway gets a token for one remote server. Every key is optional: `{}` means "discover and register". */
export interface OAuthServerConfig {
  /**
   * `authorization_code` (default): a person signs in through the browser.
   * `client_credentials`: machine to machine, with `clientSecret` or a private key (RFC 7523 JWT).
   * `cross_app_access`: an enterprise IdP's ID token, exchanged for an ID-JAG and then an access token.
   */
  grant?: 'authorization_code' | 'client_credentials' | 'cross_app_access';
  /** A pre-registered client id (no dynamic registration). */
  clientId?: string;
  clientSecret?: string;
  /** How the client authenticates at the token endpoint; by default the SDK picks from the server's list. */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post' | 'none' | 'private_key_jwt';
  /** PEM private key for `private_key_jwt`, inline or as a file relative to the config file. */
  privateKey?: string;
  privateKeyFile?: string;
  /** JWS algorithm of the private key, e.g. ES256 or RS256 (default ES256). */
  algorithm?: string;
  /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
  scope?: string;
  /** An https URL of this client's metadata document, used as client id where the server supports it. */
  clientMetadataUrl?: string;
  /** The authorization server's issuer these credentials belong to; they are sent to no other. */
  issuer?: string;
  /** Name shown on the authorization server's consent page (default "MCP Dashboard"). */
  clientName?: string;
  idp?: OAuthIdpConfig;
  /**
   * Hosts (`host` or `host:port`) the gateway may contact for this server's OAuth although they are not
   * the server's own origin nor a public https address: a loopback, private-network or plain-http
   * authorization server that the server names.
   */
  allowHosts?: string[];
}

/** `dashboard.oauth`: the gateway's OAuth storage. */
export interface DashboardOAuthConfig {
  /** File for tokens and registrations (default: $XDG_CONFIG_HOME/mcp-dashboard/oauth-tokens.json). */
  tokenFile?: string;
}

const text = { type: 'string', minLength: 1 } as const;
const url = { type: 'string', pattern: '^https?://' } as const;

/** JSON Schema (draft-07) of a server's `oauth` object. */
export const oauthServerSchema = {
  type: 'object',
  properties: {
    grant: { enum: ['authorization_code', 'client_credentials', 'cross_app_access'] },
    clientId: text,
    clientSecret: text,
    tokenEndpointAuthMethod: { enum: ['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt'] },
    privateKey: text,
    privateKeyFile: text,
    algorithm: { type: 'string', pattern: '^(ES|RS|PS)(256|384|512)$|^EdDSA$' },
    scope: text,
    clientMetadataUrl: { type: 'string', pattern: '^https://[^/]+/.+' },
    issuer: url,
    clientName: text,
    allowHosts: { type: 'array', items: text, maxItems: 64 },
    idp: {
      type: 'object',
      required: ['tokenEndpoint', 'clientId'],
      properties: { tokenEndpoint: url, clientId: text, clientSecret: text, idToken: text, idTokenFile: text },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

/** `dashboard.oauth` in the dashboard object's schema. */
export const dashboardOAuthSchemaProperties = {
  oauth: {
    type: 'object',
    properties: { tokenFile: text },
    additionalProperties: false,
  },
} as const;

/** An `allowHosts` entry: a host name or IP address as a URL spells it (IPv6 in brackets), and a port if given. */
export interface AllowHost {
  host: string;
  port?: number;
}

/**
 * Parses an `allowHosts` entry ("idp.internal", "idp.internal:8443", "10.0.0.5", "[fd00::1]:443");
 * a string says what is wrong with it.
 */
export function parseAllowHost(entry: string): AllowHost | string {
  if (entry.includes('*')) return 'has a wildcard; name each host (e.g. "idp.internal:8443")';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry))
    return 'is a URL; give only its host or host:port (e.g. "idp.internal:8443")';
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:/?#@\s[\]\\]+)(?::(\d{1,5}))?$/.exec(entry);
  if (!match) return 'is not a host or host:port (e.g. "idp.internal:8443" or "localhost:9000")';
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return 'has a port outside 1–65535';
  let host: string;
  try {
    host = new URL(`http://${match[1]}/`).hostname;
  } catch {
    return 'is not a valid host name or IP address';
  }
  return port === undefined ? { host } : { host, port };
}

/** Rules a schema cannot say well: what each grant needs. Returns readable problems with their JSON path. */
export function checkOAuthConfig(name: string, oauth: OAuthServerConfig): string[] {
  const at = `at /mcpServers/${name}/oauth`;
  const problems: string[] = [];
  const grant = oauth.grant ?? 'authorization_code';
  const hasKey = oauth.privateKey !== undefined || oauth.privateKeyFile !== undefined;
  if (oauth.privateKey !== undefined && oauth.privateKeyFile !== undefined)
    problems.push(`${at}: give "privateKey" or "privateKeyFile", not both`);
  if (grant === 'client_credentials') {
    if (!oauth.clientId)
      problems.push(
        `${at}: "client_credentials" needs "clientId" (the id the authorization server gave this machine client)`,
      );
    if (!oauth.clientSecret && !hasKey)
      problems.push(
        `${at}: "client_credentials" needs "clientSecret", or "privateKey"/"privateKeyFile" for private_key_jwt`,
      );
  }
  if (grant === 'cross_app_access') {
    if (!oauth.clientId || !oauth.clientSecret)
      problems.push(
        `${at}: "cross_app_access" needs "clientId" and "clientSecret" (this client at the MCP server's authorization server)`,
      );
    if (!oauth.idp)
      problems.push(
        `${at}: "cross_app_access" needs "idp" with "tokenEndpoint", "clientId" and "idToken" or "idTokenFile"`,
      );
    else if (!oauth.idp.idToken && !oauth.idp.idTokenFile) problems.push(`${at}/idp: needs "idToken" or "idTokenFile"`);
  }
  if (grant === 'authorization_code' && oauth.clientSecret && !oauth.clientId)
    problems.push(`${at}: "clientSecret" without "clientId"; add the pre-registered client id`);
  if (oauth.tokenEndpointAuthMethod === 'private_key_jwt' && !hasKey)
    problems.push(`${at}: "private_key_jwt" needs "privateKey" or "privateKeyFile"`);
  (oauth.allowHosts ?? []).forEach((entry, i) => {
    const parsed = parseAllowHost(entry);
    if (typeof parsed === 'string') problems.push(`${at}/allowHosts/${i}: "${entry}" ${parsed}`);
  });
  return problems;
}
