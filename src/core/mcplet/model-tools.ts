import type { MCPServerInfo } from '../shared/types.js';
import { webmcpToolName } from '../agents/webmcp-names.js';
import { visibleToModel } from './visibility.js';

/**
 * One tool as a model/agent surface would see it, in the shape of WebMCP's `ModelContextTool`
 * (name, description, inputSchema, annotations) minus `execute`, plus where it comes from.
 */
export interface ModelToolDescriptor {
  /** Unique across servers: `<server>__<tool>` (see webmcpToolName for names that need cleaning). */
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
 * schema). `allowed` narrows it to what the policy lets one agent call (pools, exclusions): the host passes
 * its configured agent, so this is the list WebMCP registers.
 */
export function modelVisibleTools(
  servers: Iterable<MCPServerInfo>,
  allowed: (serverName: string, tool: MCPServerInfo['tools'][number]) => boolean = () => true,
): ModelToolDescriptor[] {
  const list: ModelToolDescriptor[] = [];
  for (const info of servers) {
    for (const tool of info.tools) {
      // Hidden: app-only tools, and tools the host excludes from routing (MCPlet §5.3.1, `hostStatus`).
      if (!visibleToModel(tool) || tool.hostStatus?.routable === false || !allowed(info.serverName, tool)) continue;
      list.push({
        name: webmcpToolName(info.serverName, tool.name),
        serverName: info.serverName,
        toolName: tool.name,
        description: typeof tool.description === 'string' ? tool.description : '',
        inputSchema: tool.inputSchema ?? { type: 'object' },
        annotations: {
          readOnlyHint: (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true,
        },
      });
    }
  }
  return list;
}
