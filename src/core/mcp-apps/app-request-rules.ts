import { visibleToApp } from '../mcplet/visibility.js';
import type { MCPTool } from '../shared/types.js';

/** A refusal at the app boundary, in JSON-RPC terms. */
export interface AppRefusal {
  ok: false;
  /** JSON-RPC error code sent back to the view. */
  code: number;
  /** What the view (and the activity log) is told. */
  message: string;
}

/** JSON-RPC "method not found": the tool does not exist for this caller. */
const NOT_FOUND = -32601;
/** JSON-RPC "invalid params". */
const INVALID_PARAMS = -32602;

/**
 * Decides whether a view may call `name` (MCP Apps "Visibility": a host MUST reject `tools/call`
 * from apps for tools whose visibility lacks `app`; app calls stay on the app's own server).
 * The view can only name a tool, never a server: the call always goes to `viewServer`, and a name
 * that exists only elsewhere is refused. AppBridge forwards whatever the view sends; this is the check.
 */
export function checkAppToolCall(input: {
  viewServer: string;
  name: unknown;
  tools: readonly MCPTool[];
  otherServers?: ReadonlyMap<string, readonly MCPTool[]>;
}): { ok: true; tool: MCPTool } | AppRefusal {
  const { viewServer, name, tools } = input;
  if (typeof name !== 'string' || name.length === 0 || name.length > 256) {
    return { ok: false, code: INVALID_PARAMS, message: 'tools/call needs a tool name.' };
  }
  const tool = tools.find((t) => t.name === name);
  if (!tool) {
    const elsewhere = [...(input.otherServers ?? new Map<string, readonly MCPTool[]>()).entries()]
      .filter(([server, list]) => server !== viewServer && list.some((t: MCPTool) => t.name === name))
      .map(([server]) => server);
    const hint = elsewhere.length
      ? ` It exists on ${elsewhere.map((s) => `"${s}"`).join(', ')}, but an app may only call tools of its own server.`
      : '';
    return { ok: false, code: NOT_FOUND, message: `Server "${viewServer}" has no tool named "${name}".${hint}` };
  }
  if (!visibleToApp(tool)) {
    return {
      ok: false,
      code: NOT_FOUND,
      message: `Tool "${name}" of "${viewServer}" is not available to apps (its visibility does not include "app").`,
    };
  }
  return { ok: true, tool };
}

/** A link a view asked to open, once it passed the checks. */
export interface CheckedLink {
  ok: true;
  url: string;
  host: string;
}

/**
 * `ui/open-link`: only absolute http(s) URLs, no credentials in them (a `https://bank.example@evil`
 * link shows one host and opens another), at most 2048 characters. Everything else is refused before
 * the user is asked.
 */
export function checkOpenLink(raw: unknown): CheckedLink | AppRefusal {
  if (typeof raw !== 'string' || raw.length === 0)
    return { ok: false, code: INVALID_PARAMS, message: 'ui/open-link needs a URL.' };
  if (raw.length > 2048)
    return { ok: false, code: INVALID_PARAMS, message: 'The link is longer than 2048 characters.' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, code: INVALID_PARAMS, message: 'The link is not an absolute URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      code: INVALID_PARAMS,
      message: `Only http and https links can be opened, not "${url.protocol}".`,
    };
  }
  if (url.username || url.password)
    return { ok: false, code: INVALID_PARAMS, message: 'Links with a user name or password in them are not opened.' };
  return { ok: true, url: url.href, host: url.host };
}

/** A `resources/read` URI from a view: a non-empty string (the read always goes to the view's server). */
export function checkAppResourceRead(uri: unknown): { ok: true; uri: string } | AppRefusal {
  if (typeof uri !== 'string' || uri.length === 0 || uri.length > 4096)
    return { ok: false, code: INVALID_PARAMS, message: 'resources/read needs a URI.' };
  return { ok: true, uri };
}
