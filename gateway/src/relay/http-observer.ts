/**
 * A fetch for the HTTP upstream transports that remembers the last answer that was not a usable MCP
 * reply: its status, content type and whether it was an HTML page. The SDK's transports report
 * such answers as errors whose text can be a whole HTML page ("Cannot POST /sse"); the connection
 * doctor (doctor/diagnoses.ts) diagnoses from these facts instead, so no upstream HTML ever reaches the card.
 */

import { isOAuthAnswer } from '../oauth/oauth-fetch.js';

/** What the gateway saw of an upstream HTTP answer. */
export interface ObservedResponse {
  method: string;
  url: string;
  status: number;
  statusText: string;
  contentType: string;
  /** The body starts like an HTML document. */
  html: boolean;
  /** `WWW-Authenticate` was sent (an authorization challenge). */
  challenge: boolean;
}

const PEEK_BYTES = 2048;

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Reads at most `PEEK_BYTES` of a cloned body; never the whole of a long page. */
async function peek(response: Response): Promise<string> {
  const reader = response.clone().body?.getReader();
  if (!reader) return '';
  let text = '';
  const decoder = new TextDecoder();
  try {
    while (text.length < PEEK_BYTES) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // a body that breaks off still tells us what it started with
  } finally {
    void reader.cancel().catch(() => {});
  }
  return text;
}

/** True for text that starts like an HTML document. */
export function looksLikeHtml(text: string): boolean {
  return (
    /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<!--)/i.test(text) ||
    /<\/(html|body|title|pre|h1)>/i.test(text.slice(0, PEEK_BYTES))
  );
}

/** Wraps `base` (default: global fetch) and records unusable answers. */
export class HttpObserver {
  /** The last answer that was an error or not MCP (JSON or an event stream), if any. */
  last: ObservedResponse | undefined;
  /** The status of the last answer of any kind. */
  lastStatus: number | undefined;

  /** `base`: the fetch to wrap (default: global fetch; for OAuth servers the gateway's challenge-reading fetch). */
  constructor(private readonly base: (input: string | URL, init?: RequestInit) => Promise<Response> = fetch) {}

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    // The SDK's transports fetch by URL (string or URL object); a wrapped base such as the OAuth fetch takes only those.
    const response = await this.base(input as string | URL, init);
    // OAuth discovery (RFC 8414 / RFC 9728 well-known documents, often 404 while the SDK tries each
    // variant) is not the MCP endpoint answering; the SDK reports its failures as OAuth errors.
    if (String(input instanceof Request ? input.url : input).includes('/.well-known/')) return response;
    // Neither is any other request made on the server's word (registration, a token request): what
    // such a target answered is the SDK's to report as an OAuth failure, never shown as the server's.
    if (isOAuthAnswer(response)) return response;
    this.lastStatus = response.status;
    const type = mediaType(response.headers.get('content-type'));
    const usable =
      response.ok &&
      (type === 'application/json' ||
        type === 'text/event-stream' ||
        response.status === 202 ||
        response.status === 204);
    if (!usable) {
      const body = response.status === 202 || response.status === 204 ? '' : await peek(response);
      this.last = {
        method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
        url: String(input instanceof Request ? input.url : input),
        status: response.status,
        statusText: response.statusText,
        contentType: type,
        html: type === 'text/html' || type === 'application/xhtml+xml' || looksLikeHtml(body),
        challenge: response.headers.has('www-authenticate'),
      };
    }
    return response;
  };

  /** Forgets what was seen (a new attempt starts). */
  reset(): void {
    this.last = undefined;
  }
}
