import type { IncomingMessage } from 'node:http';
import { isInitializeRequest, isJsonContentType, parseJSONRPCMessage } from '@modelcontextprotocol/server';

/** Why a request that would open a session was refused, as the SDK's transport would say it. */
export interface InitializeRefusal {
  status: number;
  code: number;
  message: string;
}

/** The SDK's transport refuses batches longer than this (its MAX_BATCH_SIZE). */
const MAX_BATCH = 100;

/**
 * Checks a request that would open a new session the way the SDK's Streamable HTTP transport will,
 * *before* the gateway starts a server process for it: `Accept` must name both JSON and SSE,
 * `Content-Type` must be JSON, the body must be valid JSON-RPC, and `initialize` must be the only
 * message. A request the transport would refuse would otherwise leave a child process that no
 * session can ever reach. The parsing is the SDK's own (`parseJSONRPCMessage`, `isInitializeRequest`).
 */
export function checkInitialize(req: IncomingMessage, body: unknown): InitializeRefusal | undefined {
  const accept = String(req.headers.accept ?? '');
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return {
      status: 406,
      code: -32000,
      message: 'Not Acceptable: Client must accept both application/json and text/event-stream',
    };
  }
  if (!isJsonContentType(req.headers['content-type'] ?? null)) {
    return { status: 415, code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' };
  }
  const raw = Array.isArray(body) ? body : [body];
  if (raw.length > MAX_BATCH)
    return { status: 400, code: -32600, message: `Invalid Request: Batch must not exceed ${MAX_BATCH} messages` };
  let messages;
  try {
    messages = raw.map((m) => parseJSONRPCMessage(m));
  } catch {
    return { status: 400, code: -32700, message: 'Parse error: Invalid JSON-RPC message' };
  }
  const initializes = messages.filter((m) => isInitializeRequest(m)).length;
  if (initializes === 0)
    return {
      status: 400,
      code: -32600,
      message: 'Bad request: send "initialize" first to open a session (no mcp-session-id header was given).',
    };
  if (messages.length > 1)
    return { status: 400, code: -32600, message: 'Invalid Request: Only one initialization request is allowed' };
  return undefined;
}
