import type { MCPResource, MCPResourceContents, MCPTool, ResourceContents } from '../shared/types.js';

/** The MIME type of an MCP App view (MCP Apps "UI Resource Format"). */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** Largest view we load; a bigger resource is refused with a message rather than freezing the page. */
export const MAX_VIEW_BYTES = 5 * 1024 * 1024;

/** A view's HTML and the `_meta.ui` settings that shape its sandbox, as declared (not yet validated). */
export interface UiResource {
  uri: string;
  html: string;
  /** Declared `_meta.ui.csp` (validate with `validateAppCsp`). */
  csp?: unknown;
  /** Declared `_meta.ui.permissions` (intersect with `resolvePermissions`). */
  permissions?: unknown;
  prefersBorder?: boolean;
  domain?: string;
}

/** The resource could not be used as a view; the message says why, for the user. */
export class UiResourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UiResourceError';
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The `ui://` view linked from a tool: `_meta.ui.resourceUri`, or the deprecated flat
 * `_meta["ui/resourceUri"]` (the nested form wins). Anything that is not a `ui://` URI is ignored.
 */
export function toolUiResourceUri(tool: Pick<MCPTool, '_meta'> | undefined): string | undefined {
  const meta = asRecord(tool?._meta);
  if (!meta) return undefined;
  const nested = asRecord(meta.ui)?.resourceUri;
  const uri = nested !== undefined ? nested : meta['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') && uri.length <= 2048 && !/[\s<>"]/.test(uri)
    ? uri
    : undefined;
}

/** True when `mimeType` names an MCP App view (case and spacing around `;` do not matter). */
export function isMcpAppMimeType(mimeType: unknown): boolean {
  return typeof mimeType === 'string' && mimeType.toLowerCase().replace(/\s+/g, '') === MCP_APP_MIME_TYPE;
}

/** Decodes base64 to UTF-8 text. */
export function decodeBase64Utf8(blob: string): string {
  const binary = atob(blob);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/**
 * Picks the view out of a `resources/read` result: the content item for `uri` (or the only one),
 * which must be `text/html;profile=mcp-app` with `text` or base64 `blob`. `_meta.ui` comes from the
 * content item, falling back to the `resources/list` entry as the spec allows.
 */
export function extractUiResource(result: ResourceContents | undefined, uri: string, listed?: MCPResource): UiResource {
  const contents = Array.isArray(result?.contents) ? result!.contents : [];
  if (contents.length === 0) throw new UiResourceError(`The server returned no content for ${uri}.`);
  const item: MCPResourceContents | undefined =
    contents.find((c) => c?.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined);
  if (!item)
    throw new UiResourceError(`The server returned ${contents.length} items for ${uri}, none of them for that URI.`);
  if (!isMcpAppMimeType(item.mimeType)) {
    throw new UiResourceError(
      `${uri} is "${String(item.mimeType ?? 'no MIME type')}", not an MCP App view (${MCP_APP_MIME_TYPE}).`,
    );
  }
  let html: string;
  if (typeof item.text === 'string') html = item.text;
  else if (typeof item.blob === 'string') {
    if (item.blob.length > (MAX_VIEW_BYTES * 4) / 3 + 4)
      throw new UiResourceError(`${uri} is larger than ${MAX_VIEW_BYTES / 1024 / 1024} MB.`);
    try {
      html = decodeBase64Utf8(item.blob);
    } catch {
      throw new UiResourceError(`${uri} has a "blob" that is not valid base64.`);
    }
  } else throw new UiResourceError(`${uri} has neither "text" nor "blob".`);
  if (html.length > MAX_VIEW_BYTES)
    throw new UiResourceError(`${uri} is larger than ${MAX_VIEW_BYTES / 1024 / 1024} MB.`);
  if (!html.trim()) throw new UiResourceError(`${uri} is empty.`);
  const ui = asRecord(asRecord(item._meta)?.ui) ?? asRecord(asRecord(listed?._meta)?.ui) ?? {};
  return {
    uri,
    html,
    csp: ui.csp,
    permissions: ui.permissions,
    prefersBorder: typeof ui.prefersBorder === 'boolean' ? ui.prefersBorder : undefined,
    domain: typeof ui.domain === 'string' ? ui.domain : undefined,
  };
}
