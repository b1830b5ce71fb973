import { canonical } from '../audit/audit-log.js';
import type { MCPBridge } from '../bridge/mcp-bridge.js';
import { LOCAL_CODES, MCPError } from '../bridge/mcp-error.js';
import type { PolicyGate } from '../policy/policy-gate.js';
import type { HostTool, ToolInvoker } from '../invocation/tool-invoker.js';
import type { CallerContext, JSONSchema, MCPServerInfo, MCPTool, ToolResult } from '../shared/types.js';
import { agentCaller, type AgentGrant } from './agent-identity.js';
import { HOST_TOOLS, type HostToolDefinition } from './host-tool-definitions.js';
import { appToolCallName } from '../mcp-apps/app-tools.js';
import { hostToolName, HOST_PREFIX, uniqueNames, webmcpToolName } from './webmcp-names.js';
import type { WidgetAgentHost } from './widget-agents.js';

/** Runs the person-facing steps of a call (WebMCP's `requestUserInteraction`, where offered). */
export type Interact = <T>(step: () => Promise<T>) => Promise<T>;

/** What an agent gets back: a tool result (errors are results with `isError`, never exceptions). */
export interface AgentToolResult {
  content: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** One tool as an agent surface (WebMCP) offers it. */
export interface AgentToolSpec {
  name: string;
  description: string;
  inputSchema: JSONSchema;
  readOnly: boolean;
  kind: 'server' | 'host';
  serverName: string;
  toolName: string;
  /** Changes when anything the agent sees of the tool changes (the registration is then renewed). */
  fingerprint: string;
  run(input: unknown, interact?: Interact): Promise<AgentToolResult>;
}

/** A tool an open MCP App view offers the host (the draft's `tools/list` on the view), as the shell hands it over. */
export interface AppToolOffer {
  serverName: string;
  /** The app's name (its title), for the description. */
  appName: string;
  /** The tool as the app listed it (core/mcp-apps/app-tools.ts: no annotations, no _meta). */
  tool: MCPTool;
  /** Runs it through the invoker for `caller` (the policy, the dialog, then the view). */
  call(args: Record<string, unknown>, caller: CallerContext, interact?: Interact): Promise<ToolResult>;
}

function text(value: string): AgentToolResult {
  return { content: [{ type: 'text', text: value }] };
}

/** A refusal or failure as a tool error the agent can read: what happened, the policy rule, what to do. */
export function errorResult(error: unknown): AgentToolResult {
  const e = error as MCPError & { data?: { rule?: unknown }; code?: unknown };
  // A widget action refused by the agent gate (unknown agent, not allowed, invalid params…) names its reason code.
  const refusedAction = (e as Error)?.name === 'AgentActionRefused' && typeof e.code === 'string';
  const rule = typeof e?.data?.rule === 'string' ? e.data.rule : refusedAction ? (e.code as string) : undefined;
  const code = typeof e?.jsonrpcCode === 'number' ? e.jsonrpcCode : refusedAction ? LOCAL_CODES.denied : undefined;
  const message = (e as Error)?.message ?? String(error);
  const kind =
    code === LOCAL_CODES.denied
      ? 'denied'
      : code === LOCAL_CODES.cancelled
        ? 'cancelled'
        : code === LOCAL_CODES.invalidArguments
          ? 'invalid-arguments'
          : 'failed';
  const prefix =
    kind === 'denied'
      ? 'Refused by the dashboard policy'
      : kind === 'cancelled'
        ? 'Not done'
        : kind === 'invalid-arguments'
          ? 'Invalid arguments'
          : 'Failed';
  return {
    isError: true,
    content: [{ type: 'text', text: `${prefix}${rule ? ` (rule ${rule})` : ''}: ${message}` }],
    structuredContent: { error: { kind, message, ...(rule ? { rule } : {}), ...(code !== undefined ? { code } : {}) } },
  };
}

/** A server's result as plain JSON (it is the server's data: nothing of ours rides along). */
function fromToolResult(result: ToolResult): AgentToolResult {
  const copy = JSON.parse(
    JSON.stringify({
      content: Array.isArray(result.content) ? result.content : [],
      structuredContent: result.structuredContent,
      isError: result.isError === true,
    }),
  ) as AgentToolResult;
  if (!copy.isError) delete copy.isError;
  return copy;
}

function readOnlyOf(tool: MCPTool): boolean {
  const c = tool.hostStatus?.kind;
  const type = (tool._meta as { mcpletType?: unknown } | undefined)?.mcpletType;
  return (
    (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true ||
    (c === 'mcplet' && type === 'read')
  );
}

/**
 * What an agent can do in this dashboard: every tool of every connected server that the policy would let
 * this agent call (model-visible, routable, pools granted), plus a few host tools. Every call goes through
 * the one ToolInvoker with the caller surface `agent` — the same rows, dialog, passkey and audit as any call.
 */
export class AgentSurface {
  constructor(
    private readonly options: {
      bridge: MCPBridge;
      invoker: ToolInvoker;
      policy: PolicyGate;
      widgets: WidgetAgentHost;
      agent: () => AgentGrant;
    },
  ) {}

  private caller(): CallerContext {
    return agentCaller(this.options.agent());
  }

  /** Connected servers with their info. */
  private servers(): MCPServerInfo[] {
    const { bridge } = this.options;
    return bridge
      .listServers()
      .map((name) => bridge.getServer(name))
      .filter((s) => s?.state === 'connected' && s.info)
      .map((s) => s!.info!);
  }

  /** The servers' tools this agent may see and call (MCPlet §8.2, §3.4; MCP Apps visibility). */
  serverTools(): AgentToolSpec[] {
    const caller = this.caller();
    const list: AgentToolSpec[] = [];
    for (const info of this.servers()) {
      for (const tool of this.options.policy.visibleTools(info.serverName, info.tools, caller)) {
        const readOnly = readOnlyOf(tool);
        const title = typeof tool.title === 'string' && tool.title ? `${tool.title}: ` : '';
        const description = `${title}${typeof tool.description === 'string' && tool.description ? tool.description : `Tool "${tool.name}"`} (MCP server "${info.serverName}", through the dashboard)`;
        const inputSchema = (
          tool.inputSchema && typeof tool.inputSchema === 'object' ? tool.inputSchema : { type: 'object' }
        ) as JSONSchema;
        const serverName = info.serverName;
        const toolName = tool.name;
        list.push({
          name: webmcpToolName(serverName, toolName),
          description,
          inputSchema,
          readOnly,
          kind: 'server',
          serverName,
          toolName,
          fingerprint: canonical({ description, inputSchema, readOnly }),
          run: async (input, interact) => {
            try {
              return fromToolResult(
                await this.options.invoker.invoke(
                  { serverName, toolName, args: input ?? {} },
                  this.caller(),
                  interact ? { interact } : {},
                ),
              );
            } catch (error) {
              return errorResult(error);
            }
          },
        });
      }
    }
    return list;
  }

  /** The dashboard's own tools for agents; each through the policy (a host tool is decided like a read tool). */
  hostTools(): AgentToolSpec[] {
    return HOST_TOOLS.map((def) => ({
      name: hostToolName(def.name),
      description: def.description,
      inputSchema: def.inputSchema,
      readOnly: def.readOnly,
      kind: 'host' as const,
      serverName: HOST_PREFIX,
      toolName: def.name,
      fingerprint: canonical({ description: def.description, inputSchema: def.inputSchema }),
      run: (input: unknown, interact?: Interact) => this.runHostTool(def, input, interact),
    }));
  }

  /** The tools of open MCP App views (set by the page once its AppHost exists). */
  appToolSource: () => AppToolOffer[] = () => [];

  /**
   * The tools open MCP App views offer, for this agent under the same policy as a server's tools: decided as
   * `app.<name>` on the view's server (a tool the policy would deny this agent is not offered).
   */
  appTools(): AgentToolSpec[] {
    const caller = this.caller();
    return this.appToolSource().flatMap((offer) => {
      const { serverName, tool } = offer;
      const toolName = appToolCallName(tool.name);
      if (!this.options.policy.visibleTools(serverName, [{ ...tool, name: toolName }], caller).length) return [];
      const description = `${tool.title ? `${tool.title}: ` : ''}${tool.description ?? `Tool "${tool.name}"`} (offered by the MCP App "${offer.appName}" of server "${serverName}", through the dashboard)`;
      const spec: AgentToolSpec = {
        name: webmcpToolName(serverName, toolName),
        description,
        inputSchema: tool.inputSchema,
        readOnly: false,
        kind: 'server',
        serverName,
        toolName,
        fingerprint: canonical({ description, inputSchema: tool.inputSchema, app: true }),
        run: async (input, interact) => {
          try {
            const args = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<
              string,
              unknown
            >;
            return fromToolResult(await offer.call(args, this.caller(), interact));
          } catch (error) {
            return errorResult(error);
          }
        },
      };
      return [spec];
    });
  }

  /** Everything, with unique names. */
  tools(): AgentToolSpec[] {
    return uniqueNames([...this.hostTools(), ...this.serverTools(), ...this.appTools()]);
  }

  private async runHostTool(def: HostToolDefinition, input: unknown, interact?: Interact): Promise<AgentToolResult> {
    const args = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
    const caller = this.caller();
    const context = {
      bridge: this.options.bridge,
      widgets: this.options.widgets,
      agent: this.options.agent(),
      caller,
      serverTools: (name: string) => this.serverTools().filter((t) => t.serverName === name),
    };
    try {
      if (!def.throughInvoker) return await def.run(args, context);
      // Decided on the server the tool reaches (or on "dashboard" for the dashboard's own state).
      const serverName = typeof args.server === 'string' && def.perServer ? args.server : HOST_PREFIX;
      if (def.perServer && !this.options.bridge.isConnected(serverName)) {
        throw new MCPError(
          `There is no connected server named "${serverName}". Call dashboard__list_servers to see the servers and their state.`,
          { jsonrpcCode: LOCAL_CODES.notConnected, serverName },
        );
      }
      let out: AgentToolResult | undefined;
      const virtual: HostTool = {
        tool: def.tool,
        run: async () => {
          out = await def.run(args, context);
          return { content: [] };
        },
      };
      await this.options.invoker.invoke({ serverName, toolName: def.name, args }, caller, {
        virtual,
        ...(interact ? { interact } : {}),
      });
      return out ?? text('Done.');
    } catch (error) {
      return errorResult(error);
    }
  }
}
