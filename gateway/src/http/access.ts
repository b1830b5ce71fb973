import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, type Refusal } from './security.js';
import type { GatewayLimits } from '../config/limits.js';

/** Why a launch code was refused. */
export type LaunchRefusal = 'unknown' | 'used' | 'expired';

interface Code {
  expiresAt: number;
  used: boolean;
}

interface Credential {
  /** Requests using this token whose response is still open (the page's event stream counts). */
  inFlight: number;
  timer: NodeJS.Timeout | undefined;
}

/** How long a used or expired code is remembered, so opening it again says why it fails. */
const REMEMBER_CODES_MS = 60 * 60_000;

function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Who may use the gateway. The address the gateway prints or opens carries a **launch code**
 * (`#code=…`): single use, refused `launchCodeTtlMs` after it was made. The page exchanges it once
 * (`POST /api/launch/exchange`) for an **access token**, a fresh 256-bit bearer per page, and keeps
 * that in its tab's sessionStorage so a reload works. A token lives while a page uses it: it is
 * forgotten once no request has used it for `credentialIdleMs` — the page's event stream and its
 * polling keep it alive, so when the tab or the browser closes, what the browser left on disk (its
 * history, session files and session storage) opens nothing. Only digests are kept; the secrets
 * themselves are never stored or logged by the gateway.
 */
export class Access {
  private readonly codes = new Map<string, Code>();
  private readonly credentials = new Map<string, Credential>();

  constructor(
    private readonly limits: Pick<GatewayLimits, 'launchCodeTtlMs' | 'credentialIdleMs'>,
    /** Called when a token expires, with how many remain. */
    private readonly onExpired: (remaining: number) => void = () => {},
  ) {}

  /** A new launch code. */
  mintCode(now = Date.now()): { code: string; expiresAt: number } {
    this.prune(now);
    const code = randomBytes(32).toString('base64url');
    const expiresAt = now + this.limits.launchCodeTtlMs;
    this.codes.set(digest(code), { expiresAt, used: false });
    return { code, expiresAt };
  }

  /** Spends a launch code: a new access token, or why not. */
  exchange(code: unknown, now = Date.now()): { ok: true; token: string } | { ok: false; reason: LaunchRefusal } {
    if (typeof code !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(code)) return { ok: false, reason: 'unknown' };
    const entry = this.codes.get(digest(code));
    if (!entry) return { ok: false, reason: 'unknown' };
    if (entry.used) return { ok: false, reason: 'used' };
    if (now >= entry.expiresAt) return { ok: false, reason: 'expired' };
    entry.used = true;
    const token = randomBytes(32).toString('base64url');
    const credential: Credential = { inFlight: 0, timer: undefined };
    this.credentials.set(digest(token), credential);
    this.arm(digest(token), credential);
    return { ok: true, token };
  }

  /**
   * Checks the request's bearer token. On success the request counts as a use of the token until its
   * response closes. Lookup is by SHA-256 digest, so nothing about the token leaks through timing.
   */
  check(req: IncomingMessage, res: ServerResponse): Refusal | undefined {
    const given = bearerToken(req);
    if (given === undefined) return { status: 401, reason: 'Missing "Authorization: Bearer <token>" header.' };
    const key = digest(given);
    const credential = this.credentials.get(key);
    if (!credential) return { status: 401, reason: 'Invalid token.' };
    credential.inFlight += 1;
    clearTimeout(credential.timer);
    credential.timer = undefined;
    res.once('close', () => {
      credential.inFlight -= 1;
      if (credential.inFlight === 0 && this.credentials.get(key) === credential) this.arm(key, credential);
    });
    return undefined;
  }

  /** Number of live access tokens (diagnostics and tests). */
  get liveTokens(): number {
    return this.credentials.size;
  }

  /** Forgets every token and code (the gateway is stopping). */
  close(): void {
    for (const credential of this.credentials.values()) clearTimeout(credential.timer);
    this.credentials.clear();
    this.codes.clear();
  }

  private arm(key: string, credential: Credential): void {
    credential.timer = setTimeout(() => {
      if (this.credentials.get(key) !== credential || credential.inFlight > 0) return;
      this.credentials.delete(key);
      this.onExpired(this.credentials.size);
    }, this.limits.credentialIdleMs);
    credential.timer.unref();
  }

  private prune(now: number): void {
    for (const [key, entry] of this.codes) if (now - entry.expiresAt > REMEMBER_CODES_MS) this.codes.delete(key);
  }
}

/** What the page is told when its launch code is refused (it shows this and what to do). */
export function launchRefusalMessage(reason: LaunchRefusal): string {
  const next =
    'Press Enter in the terminal where mcp-dashboard runs to get a new address (or restart it), then open that address.';
  switch (reason) {
    case 'used':
      return `This dashboard address was already used: each address opens the dashboard once. ${next}`;
    case 'expired':
      return `This dashboard address has expired: an address works for one minute after the gateway prints it. ${next}`;
    default:
      return `This dashboard address is not from the running gateway (it may have been restarted). ${next}`;
  }
}
