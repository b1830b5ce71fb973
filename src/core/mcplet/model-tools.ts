import type { MCPServerInfo } from '../types.js';
import { visibleToModel } from './visibility.js';

/**
 * One tool as a model/agent surface would see it, in the shape of WebMCP's `ModelContextTool`
 * (name, description, inputSchema, annotations) minus `execute`, plus where it comes from.
 */
export interface ModelToolDescriptor {
  /** Unique across servers: `<server>__<tool>`. */
  name: string;
  serverName: string;
  toolName: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: boolean };
}

/**
 * The tool list a model or agent would be given (MCP Apps "Visibility": a host MUST NOT include
 * tools whose visibility lacks `model`; MCPlet §8.2: app-only tools are hidden from the LLM tool
 * schema). The dashboard has no agent yet; this is the one list any future agent surface (a WebMCP
 * `registerTool` adapter, a chat panel) must be built from.
 */
export function modelVisibleTools(servers: Iterable<MCPServerInfo>): ModelToolDescriptor[] {
  const list: ModelToolDescriptor[] = [];
  for (const info of servers) {
    for (const tool of info.tools) {
      // Hidden: app-only tools, and tools the host excludes from routing (MCPlet §5.3.1, `hostStatus`).
      if (!visibleToModel(tool) || tool.hostStatus?.routable === false) continue;
      list.push({
        name: `${info.serverName}__${tool.name}`,
        serverName: info.serverName,
        toolName: tool.name,
        description: typeof tool.description === 'string' ? tool.description : '',
        inputSchema: tool.inputSchema ?? { type: 'object' },
        annotations: { readOnlyHint: (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true },
      });
    }
  }
  return list;
}
