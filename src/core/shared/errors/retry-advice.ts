/**
 * Whether trying a failed request again can help. Only failures of the way there or of the moment can: a lost
 * connection, a timeout, an overloaded or restarting server, an HTTP 5xx on the way. A request the server refused
 * or could not parse fails the same way every time, whatever code it came with: a server that answers
 * "cannot execute DELETE in a read-only transaction" with -32603 (Internal error) has refused the request, not
 * broken down. Pure: shared by the host (MCPError) and the widget kit's tool runner.
 */

/** What kind of failure a JSON-RPC error is, for the advice a person gets. */
export type FailureKind = 'transient' | 'refused' | 'malformed' | 'blocked';

/** Words of a failure that another try may not meet. */
const TRANSIENT =
  /time[ds]? ?out|timeout|temporar|unavailable|try again|retry later|ECONNRESET|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|EPIPE|socket hang up|connection (?:was )?(?:reset|closed|lost|refused|terminated)|too many requests|rate.?limit|overloaded|\bbusy\b|deadlock|bad gateway|gateway timeout|\b50[0234]\b/i;

/** Codes of failures the dashboard itself met on the way (connection lost, no answer in time). */
const LOST = new Set([-32000, -32001]);
/** Codes of a request that was malformed or named something the server does not offer. */
const MALFORMED = new Set([-32700, -32600, -32601, -32602]);
/** Codes of a request the dashboard blocked, or that names a resource that does not exist. */
const BLOCKED = new Set([-32002, -32003]);

/** The kind of a failure with this JSON-RPC code and message. */
export function failureKind(code: number | undefined, message = ''): FailureKind {
  if (code === undefined) return TRANSIENT.test(message) ? 'transient' : 'refused';
  if (LOST.has(code)) return 'transient';
  if (MALFORMED.has(code)) return 'malformed';
  if (BLOCKED.has(code)) return 'blocked';
  return TRANSIENT.test(message) ? 'transient' : 'refused';
}

/** True when trying the same request again may succeed. */
export function canRetry(code: number | undefined, message?: string): boolean {
  return failureKind(code, message) === 'transient';
}
