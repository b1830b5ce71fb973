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
import { OutboundRefusedError } from '../net/outbound-guard.js';
import { NotJsonAnswerError, RegistrationConsentNeeded } from './oauth-fetch.js';
import { safeSnippet } from '../../../src/core/shared/text/control-chars.js';

/** JSON-RPC error code the gateway answers with when a server needs (more) authorization. In the implementation-defined server range. */
export const AUTH_REQUIRED = -32010;

/** Why authorization failed, as the page reads it from `error.data.reason`. */
export type AuthReason = 'sign-in' | 'insufficient-scope' | 'refused' | 'credentials' | 'misconfigured';

/** The structured part of an authorization failure (beside the doctor's `problem` in JSON-RPC `error.data`). */
export interface AuthProblem {
  step: 'auth';
  reason: AuthReason;
  server: string;
  /** Scopes the server asked for, when it said. */
  scope?: string;
  /** Whether pressing Sign in can fix it. */
  signIn: boolean;
}

/**
 * An authorization failure, said the way the connection doctor says things: the doctor's `kind`
 * (one per sentence, so the card can translate it: `doctor.<kind>` in src/shell/i18n/messages/…/doctor-oauth.ts
 * repeats these sentences word for word), what happened, what to do, the values the sentences name,
 * and the sign-in fields of `AuthProblem`.
 */
export interface AuthFailure {
  kind: string;
  what: string;
  action: string;
  details: Record<string, string>;
  problem: AuthProblem;
  /** `what` and `action` together: the JSON-RPC error message and the terminal line. */
  message: string;
}

/** The SDK's errors carry brands (`Symbol.hasInstance`), so `instanceof` works across copies of the package. */
function isA(error: unknown, type: abstract new (...args: never[]) => unknown): boolean {
  return error instanceof type;
}

/** OAuth error codes are short ASCII words; anything else from the authorization server is not repeated. */
function safeCode(code: unknown): string {
  return typeof code === 'string' && /^[a-z_]{1,64}$/.test(code) ? code : 'error';
}

/** Where a server's OAuth settings live, as the messages name it. */
function where(server: string, configFile: string): string {
  return `"mcpServers.${server}.oauth" in ${configFile}`;
}

/** Builds one failure; `details` are the sentence's placeholders (server and configFile always). */
export function authFailure(
  kind: string,
  what: string,
  action: string,
  base: FailureBase,
  problem: Omit<AuthProblem, 'step' | 'server'>,
  details: Record<string, string> = {},
): AuthFailure {
  return {
    kind,
    what,
    action,
    details: {
      server: base.server,
      configFile: base.configFile,
      mode: base.interactive ? 'sign-in' : 'machine',
      ...details,
    },
    problem: { step: 'auth', server: base.server, ...problem },
    message: `${what} ${action}`,
  };
}

/** ` (scope)` or nothing, as the scope sentences put it. */
export function scopeSuffix(scope: string | undefined): string {
  return scope ? ` (${scope})` : '';
}

/** Who the failure is about: the server, its config file, and whether a person signs in to it. */
export type FailureBase = { server: string; configFile: string; interactive: boolean };

/** The server wants more permissions (`insufficient_scope`, or a 401 after one). */
export function scopeFailure(base: FailureBase, scope: string | undefined): AuthFailure {
  return authFailure(
    'oauth-scope',
    `Server "${base.server}" needs more permissions${scopeSuffix(scope)}.`,
    base.interactive
      ? 'Press Sign in on its card to grant them.'
      : `Add them to "scope" in ${where(base.server, base.configFile)}.`,
    base,
    { reason: 'insufficient-scope', signIn: base.interactive, ...(scope ? { scope } : {}) },
    { scopeSuffix: scopeSuffix(scope) },
  );
}

/** The server says "insufficient scope" for scopes the token already has: signing in again would ask for the same (and loop). */
export function scopeHeldFailure(base: FailureBase, scope: string | undefined): AuthFailure {
  return authFailure(
    'oauth-scope-held',
    `Server "${base.server}" refuses with "insufficient scope"${scopeSuffix(scope)} although you are signed in with those permissions.`,
    'Signing in again would not change that; ask the server\u2019s owner what your account is missing.',
    base,
    { reason: 'insufficient-scope', signIn: false, ...(scope ? { scope } : {}) },
    { scopeSuffix: scopeSuffix(scope) },
  );
}

/**
 * Turns a failure of the SDK's OAuth client into what the user reads, or undefined when `error` has
 * nothing to do with authorization. Messages say what happened and what to do; they never repeat a
 * token, a secret or text the authorization server made up (mix-up attacks put words there).
 */
export function describeAuthFailure(
  error: unknown,
  server: string,
  interactive: boolean,
  configFile: string,
): AuthFailure | undefined {
  const base = { server, configFile, interactive };
  const check = `Check ${where(server, configFile)}.`;
  const guarded = guardFailure(error, base);
  if (guarded) return guarded;
  if (isA(error, UnauthorizedError)) {
    if (!interactive)
      return authFailure(
        'oauth-credentials',
        `Server "${server}" refused the gateway's machine credentials.`,
        check,
        base,
        { reason: 'credentials', signIn: false },
      );
    return authFailure(
      'oauth-sign-in',
      `Server "${server}" needs you to sign in.`,
      'Press Sign in on its card.',
      base,
      { reason: 'sign-in', signIn: true },
    );
  }
  if (isA(error, InsufficientScopeError)) return scopeFailure(base, (error as InsufficientScopeError).requiredScope);
  if (isA(error, SdkHttpError)) {
    const code = (error as SdkHttpError).code;
    if (code === SdkErrorCode.ClientHttpForbidden && /insufficient_scope/.test((error as Error).message)) {
      return authFailure(
        'oauth-scope-exhausted',
        `Server "${server}" still refuses with "insufficient scope" after signing in again with the scopes it asked for; the gateway stopped asking.`,
        'Ask the server\u2019s owner which permissions your account needs.',
        base,
        { reason: 'insufficient-scope', signIn: false },
      );
    }
    if (code === SdkErrorCode.ClientHttpAuthentication) {
      return authFailure(
        'oauth-token-refused',
        `Server "${server}" refused the token the gateway just obtained for it.`,
        interactive
          ? 'Press Sign in to try again; if it keeps failing, the server and its authorization server disagree.'
          : check,
        base,
        { reason: 'refused', signIn: interactive },
      );
    }
    return undefined;
  }
  if (isA(error, IssuerMismatchError)) {
    return authFailure(
      'oauth-issuer-mismatch',
      `Signing in to "${server}" was stopped: the authorization server did not identify itself as the issuer it was discovered as (a possible mix-up attack, RFC 8414 \u00a73.3 / RFC 9207).`,
      'Nothing was sent to it. Tell whoever runs the server.',
      base,
      { reason: 'misconfigured', signIn: false },
    );
  }
  if (isA(error, AuthorizationServerMismatchError)) {
    return authFailure(
      'oauth-server-changed',
      `Signing in to "${server}" was stopped: the server now names a different authorization server than the one its credentials belong to.`,
      interactive ? 'Press Sign in to start over.' : `Check "issuer" in ${where(server, configFile)}.`,
      base,
      { reason: 'misconfigured', signIn: interactive },
    );
  }
  if (isA(error, InsecureTokenEndpointError)) {
    const tokenEndpoint = String((error as InsecureTokenEndpointError).tokenEndpoint).slice(0, 200);
    return authFailure(
      'oauth-insecure-token-endpoint',
      `Server "${server}" names a token endpoint that is not https (${tokenEndpoint}); the gateway sends no credentials there.`,
      'Tell whoever runs the server: its authorization server must use https.',
      base,
      { reason: 'misconfigured', signIn: false },
      { tokenEndpoint },
    );
  }
  if (isA(error, RegistrationRejectedError)) {
    const status = String((error as RegistrationRejectedError).status);
    return authFailure(
      'oauth-registration-rejected',
      `The authorization server of "${server}" refused to register the dashboard as a client (HTTP ${status}).`,
      `Register a client there yourself and put its "clientId" (and "clientSecret") in ${where(server, configFile)}.`,
      base,
      { reason: 'misconfigured', signIn: false },
      { status },
    );
  }
  if (isA(error, OAuthError)) {
    const code = safeCode((error as OAuthError).code);
    return authFailure(
      'oauth-error',
      `The authorization server of "${server}" answered "${code}".`,
      interactive ? 'Press Sign in to try again.' : check,
      base,
      { reason: interactive ? 'refused' : 'credentials', signIn: interactive },
      { code },
    );
  }
  const message = (error as Error)?.message ?? '';
  if (/OAuth|authorization server|protected resource metadata|dynamic client registration/i.test(message)) {
    const reason = safeSnippet(message, 300);
    return authFailure(
      'oauth-failed',
      `Could not sign in to "${server}": ${reason}`,
      interactive ? 'Press Sign in to try again; if it keeps failing, tell whoever runs the server.' : check,
      base,
      { reason: 'misconfigured', signIn: interactive },
      { reason },
    );
  }
  return undefined;
}

/** Failures of the gateway's own OAuth rules (oauth-fetch.ts, net/outbound-guard.ts), or undefined. */
function guardFailure(error: unknown, base: FailureBase): AuthFailure | undefined {
  const { server, configFile, interactive } = base;
  if (error instanceof RegistrationConsentNeeded) {
    return authFailure(
      'oauth-sign-in-register',
      `Server "${server}" needs you to sign in.`,
      `Press Sign in on its card; the gateway then registers the dashboard as a client at ${error.origin}.`,
      base,
      { reason: 'sign-in', signIn: true },
      { registrationOrigin: error.origin },
    );
  }
  if (error instanceof OutboundRefusedError) {
    const { target, reason, allowEntry, what } = error;
    return authFailure(
      'oauth-outbound-refused',
      `Signing in to "${server}" was stopped: the gateway refused to contact ${target} (${what}), which the server named; it contacts only the server\u2019s own origin and public https addresses.`,
      allowEntry
        ? `If you trust it, add "${allowEntry}" to "mcpServers.${server}.oauth.allowHosts" in ${configFile}.`
        : 'Tell whoever runs the server.',
      base,
      { reason: 'misconfigured', signIn: false },
      { target, reason, targetKind: what, ...(allowEntry ? { allowEntry } : {}) },
    );
  }
  if (error instanceof NotJsonAnswerError) {
    const status = String(error.status);
    return authFailure(
      'oauth-not-json',
      `Could not sign in to "${server}": its authorization server answered something that is not JSON (HTTP ${status}, ${error.contentType}).`,
      interactive
        ? 'Press Sign in to try again; if it keeps failing, tell whoever runs the server.'
        : `Check ${where(server, configFile)}.`,
      base,
      { reason: 'misconfigured', signIn: interactive },
      { status, contentType: error.contentType },
    );
  }
  if ((error as Error | undefined)?.name === 'ZodError') {
    return authFailure(
      'oauth-invalid-answer',
      `Could not sign in to "${server}": its authorization server answered JSON that is not the OAuth document the gateway asked for.`,
      interactive
        ? 'Press Sign in to try again; if it keeps failing, tell whoever runs the server.'
        : `Check ${where(server, configFile)}.`,
      base,
      { reason: 'misconfigured', signIn: interactive },
    );
  }
  return undefined;
}

/**
 * An unexpected failure said by its kind only — an error code or the error's class name — never its
 * text, which may quote what a server answered.
 */
export function failureCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = (error as { code?: unknown } | undefined)?.code ?? cause?.code;
  if (typeof code === 'string' && /^[A-Za-z_][A-Za-z0-9_]{1,40}$/.test(code)) return code;
  const name = (error as Error | undefined)?.name;
  return typeof name === 'string' && /^[A-Za-z]{1,40}$/.test(name) ? name : 'Error';
}
