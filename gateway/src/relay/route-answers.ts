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
    (Array.isArray(body) ? body : [body]).find((m) => (m as { method?: unknown })?.method === 'initialize')?.id ??
    (body as { id?: unknown } | null)?.id ??
    null;
  sendJsonRpcAnswer(res, 200, {
    jsonrpc: '2.0',
    id,
    error: { code: -32000, message: `${problem.message} ${problem.action}`, data: { problem } },
  });
}

/** Why one more session is refused, in words for the card: what the cap is, that this tab is not connected, and what to do. */
export function sessionCapMessage(
  name: string,
  kind: 'single' | 'shared' | 'children' | 'sessions',
  max: number,
): string {
  switch (kind) {
    case 'single':
      return `Server "${name}" is marked "single" in the config: it runs as one process, and a dashboard tab is using it. Close the other tab (or wait until it has been idle) and try again.`;
    case 'shared':
      return `Server "${name}" already serves ${max} sessions from its one shared process, the most the gateway keeps for one server. This tab is not connected to it: close dashboard tabs you no longer use and reload.`;
    case 'children':
      return `Server "${name}" runs one process per open dashboard tab, and all ${max} it may run ("maxChildren" in the config) are in use, so this tab is not connected to it. Close dashboard tabs you no longer use (a tab idle for 5 minutes gives its place up by itself) and reload; an administrator can raise "maxChildren", or mark the server "shared" if its tools keep nothing per person.`;
    default:
      return `Server "${name}" already has ${max} sessions in use, the most the gateway runs at once for one server (each open dashboard tab uses one). Close dashboard tabs you no longer use and try again.`;
  }
}
