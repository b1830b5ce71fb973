import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import type { OAuthServerConfig } from '../../../src/core/shared/config/oauth-config-schema.js';

/** A PEM key from `privateKey` or `privateKeyFile` (relative to the config file); undefined when neither is set. */
export function readPrivateKey(oauth: OAuthServerConfig, configDir: string, where: string): string | undefined {
  if (oauth.privateKey) return oauth.privateKey;
  if (!oauth.privateKeyFile) return undefined;
  const file = resolve(configDir, oauth.privateKeyFile);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the private key file ${file} named in ${where}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** The user's IdP ID token for cross-app access, read when it is needed (a file can be refreshed by another tool). */
function readIdToken(oauth: OAuthServerConfig, configDir: string, where: string): string {
  const idp = oauth.idp!;
  if (idp.idToken) return idp.idToken;
  const file = resolve(configDir, idp.idTokenFile!);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(`cannot read the ID token file ${file} named in ${where}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * The SDK's own providers for servers no person signs in to: `client_credentials` with a client
 * secret (client_secret_basic) or a private key (private_key_jwt, RFC 7523), and cross-app access
 * (an enterprise IdP's ID token → ID-JAG by token exchange → access token by the JWT bearer grant).
 * They keep their token in memory; a new one is fetched after a gateway restart without anyone's help.
 */
export function machineProvider(oauth: OAuthServerConfig, configDir: string, where: string): OAuthClientProvider {
  const common = {
    clientId: oauth.clientId!,
    clientName: oauth.clientName ?? 'MCP Dashboard',
    scope: oauth.scope,
    ...(oauth.issuer ? { expectedIssuer: oauth.issuer } : {}),
  };
  if (oauth.grant === 'cross_app_access') {
    const idp = oauth.idp!;
    return new CrossAppAccessProvider({
      ...common,
      clientSecret: oauth.clientSecret!,
      assertion: async (ctx) => {
        const grant = await requestJwtAuthorizationGrant({
          tokenEndpoint: idp.tokenEndpoint,
          audience: ctx.authorizationServerUrl,
          resource: ctx.resourceUrl,
          idToken: readIdToken(oauth, configDir, where),
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          scope: ctx.scope,
          fetchFn: ctx.fetchFn,
        });
        return grant.jwtAuthGrant;
      },
    } as ConstructorParameters<typeof CrossAppAccessProvider>[0]);
  }
  const privateKey = readPrivateKey(oauth, configDir, where);
  if (privateKey) {
    return new PrivateKeyJwtProvider({
      ...common,
      privateKey,
      algorithm: oauth.algorithm ?? 'ES256',
    } as ConstructorParameters<typeof PrivateKeyJwtProvider>[0]);
  }
  return new ClientCredentialsProvider({ ...common, clientSecret: oauth.clientSecret! } as ConstructorParameters<
    typeof ClientCredentialsProvider
  >[0]);
}
