import type { IncomingMessage, ServerResponse } from 'node:http';

// Restored from the code main's a872cbb moved out of server.ts (that commit names http-io.ts but does not add it).

const MAX_BODY = 4 * 1024 * 1024;

/** Writes a JSON answer (never cached). */
export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

/** Reads a JSON request body of at most 4 MB. */
export async function readBody(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return { ok: false, status: 413, message: `Request body larger than ${MAX_BODY} bytes.` };
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, status: 400, message: `Parse error: the body is not valid JSON (${(error as Error).message}).` };
  }
}

/** decodeURIComponent that keeps a malformed segment as it is. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
