import type { MCPTool } from '../shared/types.js';

/** An invocation surface a tool may be visible to (MCPlet §6.3, MCP Apps `McpUiToolVisibility`). */
export type ToolSurface = 'model' | 'app';

const SURFACES: readonly ToolSurface[] = ['model', 'app'];

function readList(value: unknown): ToolSurface[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((v): v is ToolSurface => SURFACES.includes(v as ToolSurface));
}

/**
 * Where a tool may be invoked from. `_meta.ui.visibility` (MCP Apps) and `_meta.visibility` (MCPlet)
 * are both read; when both are present a surface must be allowed by both (the stricter wins). When
 * neither is present the MCP Apps default applies: `['model', 'app']`.
 */
export function toolVisibility(tool: Pick<MCPTool, '_meta'>): ToolSurface[] {
  const meta = (tool._meta ?? {}) as Record<string, unknown>;
  const ui = (meta.ui && typeof meta.ui === 'object' ? meta.ui : {}) as Record<string, unknown>;
  const fromUi = readList(ui.visibility);
  const fromMcplet = readList(meta.visibility);
  if (!fromUi && !fromMcplet) return ['model', 'app'];
  if (fromUi && fromMcplet) return fromUi.filter((s) => fromMcplet.includes(s));
  return (fromUi ?? fromMcplet)!;
}

/** True when an MCP App (a `ui://` view of the same server) may call this tool. */
export function visibleToApp(tool: Pick<MCPTool, '_meta'>): boolean {
  return toolVisibility(tool).includes('app');
}

/** True when a model/agent surface may see and call this tool (app-only tools are hidden). */
export function visibleToModel(tool: Pick<MCPTool, '_meta'>): boolean {
  return toolVisibility(tool).includes('model');
}
