// Small HTTP helpers of the gateway's routes: JSON answers, bounded JSON bodies, path segments.
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY = 4 * 1024 * 1024;

/** Sends `value` as JSON (never cached). */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  sendJsonText(res, status, JSON.stringify(value), headers);
}

/** Sends JSON already serialised (large answers built from pre-serialised parts, such as the catalog). */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/** Reads a request's JSON body, at most `maxBytes`; a refusal says the status and why. */
export async function readBody(
  req: IncomingMessage,
  maxBytes = MAX_BODY,
): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return { ok: false, status: 413, message: `Request body larger than ${maxBytes} bytes.` };
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return {
      ok: false,
      status: 400,
      message: `Parse error: the body is not valid JSON (${(error as Error).message}).`,
    };
  }
}

/** A path segment decoded, or as it is when it is not valid percent-encoding. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
