import type { FetchLike } from '@modelcontextprotocol/client';
import { createGuardedFetch, type OutboundPolicy } from '../net/outbound-guard.js';

/**
 * The fetch behind one server's OAuth: every request the SDK makes because the server or its
 * authorization server named a URL (protected-resource and authorization-server metadata, dynamic
 * client registration, token requests, the MCP endpoint's redirects) goes through the outbound guard
 * (net/outbound-guard.ts). On top of it: a registration waits for the person's Sign in, the config's
 * `headers` (meant for the MCP server) stay at the server's own origin, and an answer that is not
 * JSON is reported by its status and media type, never its text.
 */

/** Dynamic client registration the SDK is about to make, and whether the person agreed to it. */
export interface RegistrationGate {
  /** The registration endpoint the SDK would POST to now (no client is held yet), or undefined. */
  pendingEndpoint(): string | undefined;
  /** True while a sign-in the person started (Sign in on the card) runs. */
  consented(): boolean;
}

/** A registration that waits for the person to press Sign in; nothing was sent. */
export class RegistrationConsentNeeded extends Error {
  readonly code = 'registration_consent';
  constructor(
    /** Where the dashboard would be registered as a client (the registration endpoint's origin). */
    readonly origin: string,
  ) {
    super(`registering the dashboard as an OAuth client at ${origin} waits for the person to press Sign in`);
    this.name = 'RegistrationConsentNeeded';
  }
}

/** An OAuth answer that is not JSON, said by its HTTP status and media type only (never its text). */
export class NotJsonAnswerError extends Error {
  readonly code = 'not_json';
  constructor(
    readonly status: number,
    /** The media type, or a word for a missing or odd one. */
    readonly contentType: string,
  ) {
    super(`The authorization server answered something that is not JSON (HTTP ${status}, ${contentType}).`);
    this.name = 'NotJsonAnswerError';
  }
}

/** What one server's OAuth fetch needs. */
export interface OAuthFetchOptions {
  policy: OutboundPolicy;
  /** Header names from the server's config `headers`: sent to its own origin only. */
  configHeaders: readonly string[];
  registration: RegistrationGate;
}

const answers = new WeakSet<Response>();

/** True for a response the OAuth fetch returned (the connection doctor does not diagnose the MCP endpoint from it). */
export function isOAuthAnswer(response: Response): boolean {
  return answers.has(response);
}

/** A media type as the card may show it: a plain `type/subtype`, else a word. */
function shownType(header: string | null): string {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (!type) return 'no content type';
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,39}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,59}$/.test(type)
    ? type
    : 'an unusual content type';
}

/** `response` whose `json()` fails with `NotJsonAnswerError` instead of the parser's quote of the body. */
function jsonByCode(response: Response): Response {
  const parse = response.json.bind(response);
  Object.defineProperty(response, 'json', {
    value: async () => {
      try {
        return await parse();
      } catch (error) {
        if (error instanceof SyntaxError)
          throw new NotJsonAnswerError(response.status, shownType(response.headers.get('content-type')));
        throw error;
      }
    },
  });
  answers.add(response);
  return response;
}

function withoutHeaders(init: RequestInit | undefined, names: readonly string[]): RequestInit | undefined {
  if (!names.length || !init?.headers) return init;
  const headers = new Headers(init.headers);
  for (const name of names) headers.delete(name);
  return { ...init, headers };
}

function sameResource(url: URL, endpoint: string): boolean {
  try {
    const target = new URL(endpoint);
    target.hash = '';
    return new URL(url.href.split('#')[0]!).href === target.href;
  } catch {
    return false;
  }
}

/** The guarded fetch for one server's OAuth requests (see the module comment). */
export function createOAuthFetch(options: OAuthFetchOptions): FetchLike {
  const guarded = createGuardedFetch(options.policy);
  const own = new URL(options.policy.serverUrl).origin;
  return async (input, init) => {
    const url = new URL(String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const endpoint = options.registration.pendingEndpoint();
    if (method === 'POST' && endpoint && sameResource(url, endpoint) && !options.registration.consented())
      throw new RegistrationConsentNeeded(new URL(endpoint).origin);
    const request = url.origin === own ? init : withoutHeaders(init, options.configHeaders);
    return jsonByCode(await guarded(url, request));
  };
}
