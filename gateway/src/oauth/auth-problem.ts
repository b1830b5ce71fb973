import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { httpProblem } from '../doctor/diagnoses.js';
import { problemError, type RpcError } from '../relay/handshake.js';
import type { ServerSupervisor } from '../relay/supervisor.js';
import { AUTH_REQUIRED, type AuthFailure } from './errors.js';

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

/**
 * When `error` (from an upstream send or start) is about authorization: records the diagnosis on the
 * server (card and terminal) and returns the JSON-RPC error for the client — code -32010, the
 * diagnosis as `data.problem` and the sign-in fields beside it (a server that offers no OAuth gets
 * the doctor's plain "authorization needed" instead). Undefined for any other error.
 */
export function authError(supervisor: ServerSupervisor, error: unknown): RpcError | undefined {
  const url = supervisor.url() ?? '';
  if (supervisor.auth?.notOffered(error)) {
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
    return problemError(supervisor.noteProblem(httpProblem(supervisor.site(), url, error, seen, 'streamable-http')));
  }
  const failure = supervisor.auth?.describe(error);
  if (!failure) return undefined;
  const problem = supervisor.noteProblem(authConnectionProblem(failure, url));
  return { code: AUTH_REQUIRED, message: failure.message, data: { ...failure.problem, problem } };
}
