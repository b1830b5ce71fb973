import { GatewayRequestError, type GatewayClient } from './gateway-client.js';

/**
 * What `GET /api/servers` says about a remote server's OAuth (`summary.auth`). The gateway is the
 * OAuth client: the page never sees a token, only this.
 */
export interface GatewayAuthSummary {
  /** `sign-in`: a person signs in through the browser; `machine`: client credentials or cross-app access. */
  mode: 'sign-in' | 'machine';
  /** `unknown` until the server asks; `required` after it asked and no token works; `failed` when getting one failed. */
  state: 'unknown' | 'required' | 'signed-in' | 'failed';
  /** Scopes granted, or asked for while not signed in. */
  scope: string | null;
  signedInAt: string | null;
  /** Why the last attempt failed (already phrased for the user). */
  message: string | null;
}

/** The server summary's optional OAuth part (present for remote servers). */
export type WithAuth = { auth?: GatewayAuthSummary | null };

/** The JSON-RPC error code the gateway answers with when a server needs (more) authorization. */
export const AUTH_REQUIRED_CODE = -32010;

/** True when an MCP error (from connect or a call) says the server needs the user to sign in. */
export function needsSignIn(error: unknown): boolean {
  const data = (error as { data?: { step?: unknown; signIn?: unknown } } | undefined)?.data;
  return !!data && data.step === 'auth' && data.signIn === true;
}

async function post(gateway: GatewayClient, path: string): Promise<unknown> {
  const response = await gateway.fetch(`${gateway.baseUrl}${path}`, { method: 'POST' });
  const text = await response.text();
  let body: { error?: string } = {};
  try {
    body = JSON.parse(text) as { error?: string };
  } catch {
    // not JSON: the status says enough
  }
  if (!response.ok)
    throw new GatewayRequestError(response.status, body.error ?? `The gateway answered ${response.status}.`);
  return body;
}

/**
 * Starts signing in to `server`: the gateway prepares the authorization request and answers with the
 * URL to open in a new tab, or says it is already authorized (a refresh or machine credentials worked).
 */
export async function startSignIn(
  gateway: GatewayClient,
  server: string,
): Promise<{ authorizationUrl?: string; authorized?: boolean }> {
  return (await post(gateway, `/api/servers/${encodeURIComponent(server)}/sign-in`)) as {
    authorizationUrl?: string;
    authorized?: boolean;
  };
}

/** Signs out of `server`: the gateway forgets its tokens and registration and ends its sessions. */
export async function signOut(gateway: GatewayClient, server: string): Promise<void> {
  await post(gateway, `/api/servers/${encodeURIComponent(server)}/sign-out`);
}
