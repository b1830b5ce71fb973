import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Security headers for every page the gateway serves. `extra.connect` adds origins the page may fetch
 * from (the configured widget registries).
 */
export function pageSecurityHeaders(
  frameOrigins: string[] = [],
  extra: { connect?: string[] } = {},
): Record<string, string> {
  const frames = frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'";
  const connect = ["'self'", ...(extra.connect ?? [])].join(' ');
  return {
    // ajv compiles validators with `new Function`, hence 'unsafe-eval'; installed widgets run from the
    // verified bytes through blob: URLs, hence blob: (see docs/decisions/security-page-csp.md).
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self' 'unsafe-eval' blob:",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src ${connect}`,
      `frame-src ${frames}`,
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

/** Serves the built UI from `root`; returns false when the path is not a file there. */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  headers: Record<string, string>,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://gateway.invalid');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  if (pathname.includes('\0')) return false;
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const base = resolve(root);
  const file = resolve(join(base, normalize(pathname)));
  if (file !== base && !file.startsWith(base + sep)) return false;
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const cache = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': info.size, 'Cache-Control': cache });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  createReadStream(file).pipe(res);
  return true;
}
