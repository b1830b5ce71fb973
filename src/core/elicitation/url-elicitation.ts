// URL-mode elicitation (MCP 2025-11-25): a server asks the user to open a page, either with
// `elicitation/create` (mode "url") or by failing a call with -32042 until the user has done so.

import { MCPError } from '../bridge/mcp-error.js';

/** JSON-RPC code of "URL elicitation required" (the call may be retried once the page was visited). */
export const URL_ELICITATION_REQUIRED = -32042;

/** One page a server wants the user to visit. All fields are untrusted server text. */
export interface UrlElicitationRequest {
  serverName: string;
  /** The server's reason, shown as text. */
  message: string;
  url: string;
  elicitationId: string;
  /** 'request': `elicitation/create`; 'required': a -32042 error blocks `toolName` until the user is done. */
  kind: 'request' | 'required';
  toolName?: string;
}

/** The user's answer: accept = the page was opened (and, for 'required', the user says they finished). */
export interface UrlElicitationAnswer {
  action: 'accept' | 'decline' | 'cancel';
}

/** Asks the user about one URL elicitation; `signal` withdraws the question. */
export type UrlElicitationHandler = (
  request: UrlElicitationRequest,
  signal?: AbortSignal,
) => Promise<UrlElicitationAnswer>;

/**
 * True only for absolute http: and https: URLs without a user name or password in them — the only ones the
 * dashboard opens for a server (the same rule as an MCP App's links: `https://user:pw@host/` can pass
 * credentials or pose as another host).
 */
export function isOpenableUrl(url: unknown): url is string {
  return openRefusal(url) === undefined;
}

/**
 * Why an address is not opened: 'scheme' (not an absolute http: or https: URL), 'credentials' (a user name or
 * password in it); undefined when it may be opened.
 */
export function openRefusal(url: unknown): 'scheme' | 'credentials' | undefined {
  if (typeof url !== 'string') return 'scheme';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'scheme';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'scheme';
  return parsed.username || parsed.password ? 'credentials' : undefined;
}

/** The pages a -32042 error asks for (`error.data.elicitations`), each checked for shape; [] when there are none. */
export function requiredElicitations(error: unknown, serverName: string, toolName?: string): UrlElicitationRequest[] {
  if (!(error instanceof MCPError) || error.jsonrpcCode !== URL_ELICITATION_REQUIRED) return [];
  const list = (error.data as { elicitations?: unknown } | undefined)?.elicitations;
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (e): e is Record<string, unknown> =>
        !!e &&
        typeof e === 'object' &&
        (e as { mode?: unknown }).mode === 'url' &&
        typeof (e as { url?: unknown }).url === 'string',
    )
    .slice(0, 5)
    .map((e) => ({
      serverName,
      kind: 'required' as const,
      url: String(e.url).slice(0, 4096),
      message: typeof e.message === 'string' ? e.message.slice(0, 2000) : '',
      elicitationId: typeof e.elicitationId === 'string' ? e.elicitationId.slice(0, 200) : '',
      ...(toolName ? { toolName } : {}),
    }));
}
