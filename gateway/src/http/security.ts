import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A fresh 256-bit token, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison (hashing first makes the lengths equal). */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Reads `Authorization: Bearer <token>`; returns the token or undefined. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** A refusal: HTTP status and the reason sent back. */
export interface Refusal {
  status: 401 | 403;
  reason: string;
}

/** The Host values accepted for a gateway listening on `port` (DNS-rebinding defence). */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** The dashboard's own origins for `port`. */
export function ownOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

/** Host must be one of ours; Origin, when sent, must be allowed. */
export function checkHostAndOrigin(
  req: IncomingMessage,
  hosts: Set<string>,
  origins: Set<string>,
): Refusal | undefined {
  const host = req.headers.host;
  if (typeof host !== 'string' || !hosts.has(host.toLowerCase())) {
    return { status: 403, reason: `Host "${String(host ?? '')}" is not allowed; use ${[...hosts].join(' or ')}.` };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !origins.has(String(origin))) {
    return { status: 403, reason: `Origin "${String(origin)}" is not allowed.` };
  }
  return undefined;
}

/** Validates an extra origin given with --allow-origin: loopback http(s) only, no path. */
export function parseAllowedOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--allow-origin "${value}" is not a URL.`);
  }
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ||
    url.origin !== value.replace(/\/$/, '')
  ) {
    throw new Error(
      `--allow-origin "${value}" must be a loopback origin such as http://localhost:8000 (scheme, host and port only).`,
    );
  }
  return url.origin;
}
