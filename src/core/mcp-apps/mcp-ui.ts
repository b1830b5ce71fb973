import type { MCPResource } from '../shared/types.js';
import { decodeBase64Utf8 } from './ui-resource.js';

/** mcp-ui's resource payload as MCP-WP-16.2.1 defines it. */
export interface UIResource {
  uri: string;
  mimeType: string;
  content: string;
}

/** The mcp-ui MIME types MCP-WP-16.2.2 lists, and whether this host renders each. */
export const MCP_UI_MIME_TYPES: Readonly<Record<string, 'supported' | 'unsupported'>> = {
  'text/html': 'supported',
  'text/uri-list': 'supported',
  'application/vnd.mcp-ui.remote-dom': 'unsupported',
};

const MAX_CONTENT = 5 * 1024 * 1024;

/** The payload is not a usable mcp-ui resource; the message says why. */
export class UIResourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UIResourceError';
  }
}

function baseMime(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

/** The listed resources that are mcp-ui resources this host renders (MCP-WP-16.5.1 discovery). */
export function mcpUiResourcesOf(resources: readonly MCPResource[] | undefined): MCPResource[] {
  return (resources ?? []).filter(
    (r) =>
      typeof r.uri === 'string' &&
      r.uri.startsWith('ui://') &&
      typeof r.mimeType === 'string' &&
      MCP_UI_MIME_TYPES[baseMime(r.mimeType)] === 'supported',
  );
}

/**
 * Reads an mcp-ui resource in any of the shapes it travels in — MCP-WP's `{ uri, mimeType, content }`,
 * an MCP embedded resource `{ type: 'resource', resource: { uri, mimeType, text | blob } }`, or a
 * `resources/read` content item — and checks it: a `ui://` URI, a MIME type this host renders,
 * content present and at most 5 MB.
 */
export function parseUIResource(value: unknown): UIResource {
  if (!value || typeof value !== 'object') throw new UIResourceError('An mcp-ui resource must be an object.');
  let record = value as Record<string, unknown>;
  if (record.type === 'resource' && record.resource && typeof record.resource === 'object')
    record = record.resource as Record<string, unknown>;
  const { uri, mimeType } = record;
  if (typeof uri !== 'string' || !uri.startsWith('ui://'))
    throw new UIResourceError(`An mcp-ui resource needs a ui:// URI, not ${JSON.stringify(uri)?.slice(0, 80)}.`);
  if (typeof mimeType !== 'string') throw new UIResourceError(`${uri} has no MIME type.`);
  const base = baseMime(mimeType);
  const support =
    MCP_UI_MIME_TYPES[base] ?? (base.startsWith('application/vnd.mcp-ui.remote-dom') ? 'unsupported' : undefined);
  if (support === undefined)
    throw new UIResourceError(`${uri} is "${mimeType}", which is not an mcp-ui type (text/html, text/uri-list).`);
  if (support === 'unsupported')
    throw new UIResourceError(
      `${uri} is a remote-dom resource; this dashboard renders only text/html and text/uri-list mcp-ui resources.`,
    );
  let content: string;
  if (typeof record.content === 'string') content = record.content;
  else if (typeof record.text === 'string') content = record.text;
  else if (typeof record.blob === 'string') {
    try {
      content = decodeBase64Utf8(record.blob);
    } catch {
      throw new UIResourceError(`${uri} has a "blob" that is not valid base64.`);
    }
  } else throw new UIResourceError(`${uri} has no content.`);
  if (content.length > MAX_CONTENT) throw new UIResourceError(`${uri} is larger than 5 MB.`);
  return { uri, mimeType: base, content };
}

/**
 * The URL of a `text/uri-list` resource: its first non-comment line, which must be an https URL
 * (MCP-WP-16.3.3 rejects http; credentials in the URL are refused too).
 */
export function uriListTarget(content: string): URL {
  const line = content
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('#'));
  if (!line) throw new UIResourceError('The uri-list is empty.');
  let url: URL;
  try {
    url = new URL(line);
  } catch {
    throw new UIResourceError(`"${line.slice(0, 120)}" is not a URL.`);
  }
  if (url.protocol !== 'https:')
    throw new UIResourceError(`Only https URLs are loaded (MCP-WP-16.3.3), not "${url.protocol}".`);
  if (url.username || url.password)
    throw new UIResourceError('URLs with a user name or password in them are not loaded.');
  return url;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The document the sandbox loads for a `text/uri-list` resource: one full-size frame on the URL,
 * itself sandboxed without `allow-same-origin` (MCP-WP-16.3.3: same restrictions as text/html).
 * The view's CSP lists only that URL's origin in `frame-src`.
 */
export function uriListDocument(url: URL): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head><body><iframe src="${escapeAttribute(url.href)}" sandbox="allow-scripts allow-forms" referrerpolicy="no-referrer" title="${escapeAttribute(url.host)}"></iframe></body></html>`;
}
