import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJsonRpcError } from '../relay/route-answers.js';
import type { ServerRouter } from '../relay/server-router.js';
import { readBody, safeDecode, sendJson } from './http-io.js';
import type { Drain } from './drain.js';

/** `GET /api/servers/<name>/stderr`: the server's bounded stderr (the gateway's notes are redacted). True when it answered. */
export function handleStderr(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  servers: Map<string, ServerRouter>,
  configFile: string,
): boolean {
  const match = /^\/api\/servers\/([^/]+)\/stderr$/.exec(path);
  if (!match || req.method !== 'GET') return false;
  const server = servers.get(safeDecode(match[1]!));
  if (!server) {
    sendJson(res, 404, { error: `No server named "${safeDecode(match[1]!)}" in ${configFile}.` });
    return true;
  }
  sendJson(res, 200, { name: server.name, stderr: server.log.text() });
  return true;
}

/**
 * `POST /api/servers/<name>/restart`: starts a server the gateway stopped restarting (a crash loop) again. Answers
 * `{ restarted: true }`, or `{ restarted: false, reason }` when it was not stopped. True when it answered.
 */
export function handleRestart(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  servers: Map<string, ServerRouter>,
  configFile: string,
): boolean {
  const match = /^\/api\/servers\/([^/]+)\/restart$/.exec(path);
  if (!match) return false;
  if (req.method !== 'POST') {
    sendJson(res, 405, { error: 'Use POST to restart a server.' });
    return true;
  }
  const name = safeDecode(match[1]!);
  const server = servers.get(name);
  if (!server) {
    sendJson(res, 404, { error: `No server named "${name}" in ${configFile}.` });
    return true;
  }
  if (server.restartFailing()) sendJson(res, 200, { restarted: true });
  else
    sendJson(res, 200, {
      restarted: false,
      reason: `Server "${name}" was not stopped by the gateway; it starts on its own when a page connects.`,
    });
  return true;
}

/** `/mcp/<name>`: the MCP endpoint of one configured server, handed to its router. True when it answered. */
export async function handleMcp(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  servers: Map<string, ServerRouter>,
  configFile: string,
  drain?: Drain,
): Promise<boolean> {
  const match = /^\/mcp\/([^/]+)$/.exec(path);
  if (!match) return false;
  const name = safeDecode(match[1]!);
  const server = servers.get(name);
  if (!server) {
    sendJsonRpcError(res, 404, -32601, `No server named "${name}" in ${configFile}.`);
    return true;
  }
  if (server.disabled) {
    sendJsonRpcError(res, 403, -32600, `Server "${name}" is disabled in ${configFile}.`);
    return true;
  }
  if (!['GET', 'POST', 'DELETE'].includes(req.method ?? '')) {
    sendJsonRpcError(res, 405, -32600, 'Method not allowed.');
    return true;
  }
  let body: unknown;
  if (req.method === 'POST') {
    const parsed = await readBody(req);
    if (!parsed.ok) {
      sendJsonRpcError(res, parsed.status, -32700, parsed.message);
      return true;
    }
    body = parsed.value;
  }
  if (drain?.admit(req, res, body)) return true;
  await server.handle(req, res, body);
  return true;
}
