/**
 * Keeps OAuth credentials out of what the gateway says. Messages about a failed sign-in reach the
 * card, `GET /api/servers`, the callback page and the terminal; some of their text comes from the
 * SDK or from the authorization server (an error body, a URL), which could carry a token, a client
 * secret or an authorization code. Every such text passes through `scrubSecrets` first.
 */

import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { safeLines } from '../../../src/core/shared/text/control-chars.js';
import type { AuthFailure } from './errors.js';

const REDACTED = '[redacted]';

/** Credential-bearing parameter names, as they appear in form bodies, URLs and JSON. */
const NAMED =
  /\b(access_token|refresh_token|id_token|client_secret|client_assertion|assertion|code_verifier|subject_token|actor_token|password)(["']?\s*[:=]\s*["']?)([^"'&\s,;}]+)/gi;
/** An authorization code in a redirect URL or a token request's form body. */
const CODE = /([?&]code=)[^&\s"'#]+/g;
/** Authorization header values (Bearer, Basic, DPoP). */
const SCHEME = /\b(Bearer|Basic|DPoP)\s+[A-Za-z0-9\-._~+/]+=*/g;
/** The SDK quotes an authorization server's unparseable answer whole ("… Raw body: <text>"): untrusted, maybe an echo. */
const RAW_BODY = /(Raw body:)[\s\S]*/g;
/** A compact JWT anywhere (a signed client assertion or a JWT access token). */
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/**
 * `text` with the `known` secrets (the server's current tokens, its client secret) and anything that
 * looks like a credential replaced by "[redacted]".
 */
export function scrubSecrets(text: string, known: ReadonlyArray<string | undefined> = []): string {
  let out = text;
  const secrets = known
    .filter((s): s is string => typeof s === 'string' && s.length >= 6)
    .sort((a, b) => b.length - a.length);
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  return out
    .replace(RAW_BODY, (_m, label: string) => `${label} [not shown]`)
    .replace(NAMED, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`)
    .replace(CODE, (_m, start: string) => `${start}${REDACTED}`)
    .replace(SCHEME, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(JWT, REDACTED);
}

const sources = new Set<() => ReadonlyArray<string | undefined>>();
let guarded = false;

/**
 * The SDK's OAuth code warns on the console ("[mcp-sdk] Could not refresh OAuth tokens … Cause: …"),
 * quoting the authorization server's answer: in the gateway that is the terminal. Such lines are
 * passed through `scrubSecrets` with the secrets `known` returns (each gateway adds its own source).
 */
export function guardSdkWarnings(known: () => ReadonlyArray<string | undefined>): void {
  sources.add(known);
  if (guarded) return;
  guarded = true;
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] !== 'string' || !args[0].startsWith('[mcp-sdk]')) return warn(...args);
    const secrets = [...sources].flatMap((source) => source());
    return warn(...args.map((a) => (typeof a === 'string' ? safeLines(scrubSecrets(a, secrets)).join('\n') : a)));
  };
}

/**
 * The secrets a provider holds now, for `scrubSecrets`: its tokens and its registered client's secret (when it has
 * them at hand; a provider that reads them asynchronously has none to give here), and the config's client secret.
 */
export function providerSecrets(
  provider: OAuthClientProvider,
  configSecret: string | undefined,
): Array<string | undefined> {
  const tokens = provider.tokens() as { access_token?: string; refresh_token?: string; id_token?: string } | undefined;
  const held = typeof (tokens as { then?: unknown } | undefined)?.then === 'function' ? undefined : tokens;
  const client = provider.clientInformation() as { client_secret?: string } | undefined;
  const registered = typeof (client as { then?: unknown } | undefined)?.then === 'function' ? undefined : client;
  return [held?.access_token, held?.refresh_token, held?.id_token, registered?.client_secret, configSecret];
}

/** A failure to show, with every text in it passed through `scrub`. */
export function scrubFailure(failure: AuthFailure, scrub: (text: string) => string): AuthFailure {
  const details = Object.fromEntries(Object.entries(failure.details).map(([k, v]) => [k, scrub(v)]));
  return {
    ...failure,
    what: scrub(failure.what),
    action: scrub(failure.action),
    message: scrub(failure.message),
    details,
  };
}
