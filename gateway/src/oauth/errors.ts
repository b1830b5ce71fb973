import {
  AuthorizationServerMismatchError,
  InsecureTokenEndpointError,
  InsufficientScopeError,
  IssuerMismatchError,
  OAuthError,
  RegistrationRejectedError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';

/** JSON-RPC error code the gateway answers with when a server needs (more) authorization. In the implementation-defined server range. */
export const AUTH_REQUIRED = -32010;

/** Why authorization failed, as the page reads it from `error.data.reason`. */
export type AuthReason = 'sign-in' | 'insufficient-scope' | 'refused' | 'credentials' | 'misconfigured';

/** The structured part of an authorization failure (`error.data` in JSON-RPC; `step: 'auth'` in the doctor's terms). */
export interface AuthProblem {
  step: 'auth';
  reason: AuthReason;
  server: string;
  /** Scopes the server asked for, when it said. */
  scope?: string;
  /** Whether pressing Sign in can fix it. */
  signIn: boolean;
}

/** The SDK's errors carry brands (`Symbol.hasInstance`), so `instanceof` works across copies of the package. */
function isA(error: unknown, type: abstract new (...args: never[]) => unknown): boolean {
  return error instanceof type;
}

/** OAuth error codes are short ASCII words; anything else from the authorization server is not repeated. */
function safeCode(code: unknown): string {
  return typeof code === 'string' && /^[a-z_]{1,64}$/.test(code) ? code : 'error';
}

/**
 * Turns a failure of the SDK's OAuth client into what the user reads, or undefined when `error` has
 * nothing to do with authorization. Messages say what happened and what to do; they never repeat a
 * token, a secret or text the authorization server made up (mix-up attacks put words there).
 */
export function describeAuthFailure(error: unknown, server: string, interactive: boolean, configFile: string): { message: string; problem: AuthProblem } | undefined {
  const where = `"mcpServers.${server}.oauth" in ${configFile}`;
  const problem = (reason: AuthReason, signIn: boolean, scope?: string): AuthProblem => ({ step: 'auth', reason, server, signIn, ...(scope ? { scope } : {}) });
  if (isA(error, UnauthorizedError)) {
    if (!interactive) return { message: `Server "${server}" refused the gateway's machine credentials. Check ${where}.`, problem: problem('credentials', false) };
    return { message: `Server "${server}" needs you to sign in. Press Sign in on its card.`, problem: problem('sign-in', true) };
  }
  if (isA(error, InsufficientScopeError)) {
    const scope = (error as InsufficientScopeError).requiredScope;
    return { message: `Server "${server}" needs more permissions${scope ? ` (${scope})` : ''}. Press Sign in on its card to grant them.`, problem: problem('insufficient-scope', interactive, scope) };
  }
  if (isA(error, SdkHttpError)) {
    const code = (error as SdkHttpError).code;
    if (code === SdkErrorCode.ClientHttpForbidden && /insufficient_scope/.test((error as Error).message)) {
      return { message: `Server "${server}" still refuses with "insufficient scope" after signing in again with the scopes it asked for; the gateway stopped asking. Ask the server's owner which permissions your account needs.`, problem: problem('insufficient-scope', false) };
    }
    if (code === SdkErrorCode.ClientHttpAuthentication) {
      return { message: `Server "${server}" refused the token the gateway just obtained for it. ${interactive ? 'Press Sign in to try again; if it keeps failing, the server and its authorization server disagree.' : `Check ${where}.`}`, problem: problem('refused', interactive) };
    }
    return undefined;
  }
  if (isA(error, IssuerMismatchError)) {
    return { message: `Signing in to "${server}" was stopped: the authorization server did not identify itself as the issuer it was discovered as (a possible mix-up attack, RFC 8414 §3.3 / RFC 9207). Nothing was sent to it.`, problem: problem('misconfigured', false) };
  }
  if (isA(error, AuthorizationServerMismatchError)) {
    return { message: `Signing in to "${server}" was stopped: the server now names a different authorization server than the one its credentials belong to. ${interactive ? 'Press Sign in to start over.' : `Check "issuer" in ${where}.`}`, problem: problem('misconfigured', interactive) };
  }
  if (isA(error, InsecureTokenEndpointError)) {
    return { message: `Server "${server}" names a token endpoint that is not https (${(error as InsecureTokenEndpointError).tokenEndpoint}); the gateway sends no credentials there.`, problem: problem('misconfigured', false) };
  }
  if (isA(error, RegistrationRejectedError)) {
    const status = (error as RegistrationRejectedError).status;
    return { message: `The authorization server of "${server}" refused to register the dashboard as a client (HTTP ${status}). Register a client there yourself and put its "clientId" (and "clientSecret") in ${where}.`, problem: problem('misconfigured', false) };
  }
  if (isA(error, OAuthError)) {
    const code = safeCode((error as OAuthError).code);
    return { message: `The authorization server of "${server}" answered "${code}". ${interactive ? 'Press Sign in to try again.' : `Check ${where}.`}`, problem: problem(interactive ? 'refused' : 'credentials', interactive) };
  }
  const message = (error as Error)?.message ?? '';
  if (/OAuth|authorization server|protected resource metadata|dynamic client registration/i.test(message)) {
    return { message: `Could not sign in to "${server}": ${message.slice(0, 300)}`, problem: problem('misconfigured', interactive) };
  }
  return undefined;
}
