import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { httpProblem, type ProblemSite } from '../doctor/diagnoses.js';
import { problemError, type RpcError } from '../doctor/problem-error.js';
import { AUTH_REQUIRED, type AuthFailure } from './errors.js';
import { RegistrationConsentNeeded } from './oauth-fetch.js';
import type { ServerAuth } from './server-auth.js';

/**
 * Authorization failures in the connection doctor's shape. One shape serves both sides of the card:
 * the doctor renders `data.problem` (step `auth`), and the Sign in panel reads the sign-in fields
 * (`step: 'auth'`, `reason`, `signIn`, `scope`) that sit beside it in `data`.
 */

/** The doctor's diagnosis of an authorization failure (what `GET /api/servers` shows as `problem`). */
export function authConnectionProblem(failure: AuthFailure, url: string): ConnectionProblem {
  return {
    step: 'auth',
    kind: failure.kind,
    message: failure.what,
    action: failure.action,
    details: { url, ...failure.details },
    at: new Date().toISOString(),
  };
}

/** The server an authorization failure is about, and where its diagnosis is recorded. */
export interface AuthProblemTarget {
  /** The gateway's OAuth client for the server (remote servers only). */
  readonly auth: ServerAuth | undefined;
  /** The server's URL; undefined for a stdio server. */
  readonly url: string | undefined;
  /** The server's name and config file, for the doctor's messages. */
  readonly site: ProblemSite;
  /** Records a diagnosis (card and terminal); returns the copy the page may see. */
  report(problem: ConnectionProblem): ConnectionProblem;
}

/**
 * When `error` (from an upstream send or start) is about authorization: records the diagnosis on the
 * server (card and terminal) and returns the JSON-RPC error for the client — code -32010, the
 * diagnosis as `data.problem` and the sign-in fields beside it (a server that offers no OAuth gets
 * the doctor's plain "authorization needed" instead). Undefined for any other error.
 */
export function authError(target: AuthProblemTarget, error: unknown): RpcError | undefined {
  const url = target.url ?? '';
  if (target.auth?.notOffered(error)) {
    // A 401 from a server without OAuth: the doctor's own diagnosis (credentials go in "headers").
    const seen = {
      method: 'POST',
      url,
      status: 401,
      statusText: 'Unauthorized',
      contentType: '',
      html: false,
      challenge: true,
    };
    const problem = httpProblem(target.site, url, error, seen, 'streamable-http');
    if (!(error instanceof RegistrationConsentNeeded) || target.auth.registrationWasRefused(error))
      return problemError(target.report(problem));
    // Nothing was registered yet: the server may take an API key, or sign in with OAuth without metadata.
    const origin = error.origin;
    problem.details.registrationOrigin = origin;
    problem.action = `${problem.action} If it signs in with OAuth instead, press Sign in: the gateway then registers the dashboard as a client at ${origin}.`;
    return problemError(target.report(problem), {
      step: 'auth',
      server: target.site.name,
      reason: 'sign-in',
      signIn: true,
    });
  }
  const failure = target.auth?.describe(error);
  if (!failure) return undefined;
  const problem = target.report(authConnectionProblem(failure, url));
  return { code: AUTH_REQUIRED, message: failure.message, data: { ...failure.problem, problem } };
}
