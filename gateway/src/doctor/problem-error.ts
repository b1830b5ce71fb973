import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';

/** JSON-RPC code for "server exited or is restarting" — in the implementation-defined server range. */
export const SERVER_GONE = -32000;

/** A JSON-RPC error object. */
export type RpcError = { code: number; message: string; data?: unknown };

/** The error a user reads for a problem the doctor diagnosed: what happened, what to do, and the diagnosis as data. */
export function problemError(problem: ConnectionProblem, extra: Record<string, unknown> = {}): RpcError {
  return { code: SERVER_GONE, message: `${problem.message} ${problem.action}`, data: { ...extra, problem } };
}
