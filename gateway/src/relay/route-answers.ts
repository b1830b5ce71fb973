import type { ServerResponse } from 'node:http';
import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';

/** Writes a JSON-RPC error as a plain HTTP response. */
export function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** Writes a JSON-RPC answer (200, or the classifier's status) for a request that never reaches a session. */
export function sendJsonRpcAnswer(res: ServerResponse, status: number, answer: unknown): void {
  const text = JSON.stringify(answer);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** True when `body` (one message or a batch) holds an `initialize` request. */
export function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (m) => m !== null && typeof m === 'object' && (m as { method?: unknown }).method === 'initialize',
  );
}

/** The answer to an `initialize` for a server that cannot start until its config is fixed (the problem says how). */
export function sendBlocked(res: ServerResponse, body: unknown, problem: ConnectionProblem): void {
  const id =
    (Array.isArray(body) ? body : [body]).find((m) => (m as { method?: unknown })?.method === 'initialize')?.id ?? null;
  sendJsonRpcAnswer(res, 200, {
    jsonrpc: '2.0',
    id,
    error: { code: -32000, message: `${problem.message} ${problem.action}`, data: { problem } },
  });
}

/** Why one more session is refused: the server is "single" and in use, or it has its most sessions. */
export function sessionCapMessage(name: string, single: boolean, maxSessions: number): string {
  return single
    ? `Server "${name}" is marked "single" in the config: it runs as one process, and a dashboard tab is using it. Close the other tab (or wait until it has been idle) and try again.`
    : `Server "${name}" already has ${maxSessions} sessions in use, the most the gateway runs at once for one server (each open dashboard tab uses one). Close dashboard tabs you no longer use and try again.`;
}
