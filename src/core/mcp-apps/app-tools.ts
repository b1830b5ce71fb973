// Tools an MCP App view offers the host (the draft's `tools/list` / `tools/call` on the view): what the host takes
// of the app's list, and the name such a call is decided, confirmed and audited under.

import type { JSONSchema, MCPTool } from '../shared/types.js';

/** At most this many of an app's tools are listed (the rest are ignored). */
export const MAX_APP_TOOLS = 20;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The name an app's tool is decided, confirmed and audited under: `app.<name>`. A server's own tool names are
 * never matched by it by accident of the app's choosing (a dot is not in the app's alphabet above).
 */
export function appToolCallName(name: string): string {
  return `app.${name}`;
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;
}

/**
 * The app's tools as the host lists them: at most 20, each named in WebMCP's alphabet (no dot, 64 characters),
 * with a short title and description and an object input schema. The app's `annotations` and `_meta` are dropped:
 * an app cannot call its tool read-only, hide it from a model or give it an MCPlet type — the policy decides as
 * for a tool that declares nothing.
 */
export function appToolsFrom(list: unknown): MCPTool[] {
  const tools = (list as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  const out: MCPTool[] = [];
  const seen = new Set<string>();
  for (const entry of tools) {
    if (out.length >= MAX_APP_TOOLS) break;
    const t = (entry ?? {}) as { name?: unknown; title?: unknown; description?: unknown; inputSchema?: unknown };
    if (typeof t.name !== 'string' || !NAME.test(t.name) || seen.has(t.name)) continue;
    seen.add(t.name);
    const schema = t.inputSchema as { type?: unknown } | undefined;
    const title = text(t.title, 80);
    const description = text(t.description, 300);
    out.push({
      name: t.name,
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      inputSchema:
        schema && typeof schema === 'object' && !Array.isArray(schema) && schema.type === 'object'
          ? (JSON.parse(JSON.stringify(schema)) as JSONSchema)
          : { type: 'object' },
    });
  }
  return out;
}
