import type { IncomingMessage, ServerResponse } from 'node:http';
import { classifyInboundRequest, type MessageClassification } from '@modelcontextprotocol/server';
import type { JsonRpc } from './request-tracker.js';

/** The outcome of classifying a session-less POST (the SDK's edge classifier). */
export type ModernRoute =
  | { kind: 'modern'; message: JsonRpc; classification: MessageClassification }
  | { kind: 'reject'; status: number; error: { code: number; message: string; data?: unknown } }
  | { kind: 'legacy' };

/** Classifies a request that has no session id, the way the SDK's dual-era entry does. */
export function classify(req: IncomingMessage, body: unknown): ModernRoute {
  const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
  const outcome = classifyInboundRequest({
    httpMethod: req.method ?? 'GET',
    protocolVersionHeader: header('mcp-protocol-version'),
    mcpMethodHeader: header('mcp-method'),
    mcpNameHeader: header('mcp-name'),
    body,
  });
  if (outcome.kind === 'modern')
    return { kind: 'modern', message: outcome.message as JsonRpc, classification: outcome.classification };
  if (outcome.kind === 'reject')
    return {
      kind: 'reject',
      status: outcome.httpStatus,
      error: {
        code: outcome.code,
        message: outcome.message,
        ...(outcome.data === undefined ? {} : { data: outcome.data }),
      },
    };
  return { kind: 'legacy' };
}

/** True when a `server/discover` answer names a 2026 protocol version. */
export function isModernDiscoverResult(message: JsonRpc): boolean {
  const versions = (message.result as { supportedVersions?: unknown } | undefined)?.supportedVersions;
  return Array.isArray(versions) && versions.some((v) => typeof v === 'string' && v >= '2026-07-28');
}

/** Writes `value` as a JSON response. */
export function writeJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Copies a web Response (JSON or an SSE stream) onto the Node response. */
export async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }) as const);
    if (done) break;
    res.write(value);
  }
  res.end();
}
