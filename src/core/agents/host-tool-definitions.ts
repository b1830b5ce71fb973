import type { MCPBridge } from '../bridge/mcp-bridge.js';
import type { CallerContext, JSONSchema, MCPTool } from '../shared/types.js';
import type { AgentGrant } from './agent-identity.js';
import type { AgentToolResult, AgentToolSpec } from './agent-surface.js';
import type { WidgetAgentHost } from './widget-agents.js';

/** What a host tool may use. */
export interface HostToolContext {
  bridge: MCPBridge;
  widgets: WidgetAgentHost;
  agent: AgentGrant;
  caller: CallerContext;
  serverTools(serverName: string): AgentToolSpec[];
}

/** One tool the dashboard itself offers agents. */
export interface HostToolDefinition {
  name: string;
  description: string;
  inputSchema: JSONSchema;
  readOnly: boolean;
  /** Decided by the policy as this tool (a confirmation the first time, which may be remembered) before it runs. */
  throughInvoker: boolean;
  /** Decided on the server named by `args.server` (else on "dashboard"). */
  perServer: boolean;
  /** The tool as the policy and the confirmation dialog see it. */
  tool: MCPTool;
  run(args: Record<string, unknown>, context: HostToolContext): Promise<AgentToolResult>;
}

const NO_ARGS = { type: 'object', properties: {}, additionalProperties: false } as const;

function json(data: unknown, isError = false): AgentToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(data, null, 2) }],
    structuredContent: data,
    ...(isError ? { isError: true } : {}),
  };
}

/** A host tool as the policy sees it: an MCPlet read tool visible to the model (confirmed the first time; row C6). */
function readTool(name: string, title: string, description: string, inputSchema: JSONSchema): MCPTool {
  return {
    name,
    title,
    description,
    inputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: { mcpletType: 'read', visibility: ['model'] },
  } as MCPTool;
}

const LIST_SERVERS_DESCRIPTION =
  'Lists the MCP servers of this dashboard with their state (connected or not), how many tools an agent may use on each, and their resources and prompts.';
const READ_SCHEMA = {
  type: 'object',
  properties: {
    server: { type: 'string', minLength: 1, description: 'Server name (see dashboard__list_servers)' },
    uri: { type: 'string', minLength: 1, maxLength: 4096, description: 'Resource URI' },
  },
  required: ['server', 'uri'],
  additionalProperties: false,
};
const PROMPT_SCHEMA = {
  type: 'object',
  properties: {
    server: { type: 'string', minLength: 1 },
    name: { type: 'string', minLength: 1, description: 'Prompt name' },
    arguments: { type: 'object', additionalProperties: { type: 'string' }, description: 'Prompt arguments (strings)' },
  },
  required: ['server', 'name'],
  additionalProperties: false,
};
const ACTION_SCHEMA = {
  type: 'object',
  properties: {
    widget: {
      type: 'string',
      minLength: 1,
      description: 'Widget id, e.g. "tool-browser:everything" (see dashboard__list_widget_actions)',
    },
    action: { type: 'string', minLength: 1 },
    params: { type: 'object', description: "The action's params, as its schema in the widget's capabilities says" },
  },
  required: ['widget', 'action'],
  additionalProperties: false,
};

/** The host tools: list servers; read a resource; get a prompt; list and run widget actions (MCP-WP §17). */
export const HOST_TOOLS: readonly HostToolDefinition[] = [
  {
    name: 'list_servers',
    description: LIST_SERVERS_DESCRIPTION,
    inputSchema: NO_ARGS,
    readOnly: true,
    throughInvoker: true,
    perServer: false,
    tool: readTool('list_servers', 'List servers (dashboard)', LIST_SERVERS_DESCRIPTION, NO_ARGS),
    async run(_args, { bridge, serverTools }) {
      const servers = bridge.listServers().map((name) => {
        const s = bridge.getServer(name);
        return {
          name,
          state: s?.state ?? 'unknown',
          agentTools: s?.state === 'connected' ? serverTools(name).map((t) => t.name) : [],
          resources: s?.info?.resources.length ?? 0,
          prompts: (s?.info?.prompts ?? []).map((p) => p.name),
          ...(s?.lastError ? { lastError: s.lastError } : {}),
        };
      });
      return json({ servers });
    },
  },
  {
    name: 'read_resource',
    description: "Reads one resource of a server (resources/read), for example a URI from the server's resource list.",
    inputSchema: READ_SCHEMA,
    readOnly: true,
    throughInvoker: true,
    perServer: true,
    tool: readTool(
      'read_resource',
      'Read a resource (dashboard)',
      'An agent reads one resource of this server.',
      READ_SCHEMA,
    ),
    async run(args, { bridge, caller }) {
      const result = await bridge.readResource(String(args.server), String(args.uri), { caller });
      const contents = Array.isArray(result?.contents) ? result.contents : [];
      return { content: contents.map((c) => ({ type: 'resource', resource: c })), structuredContent: { contents } };
    },
  },
  {
    name: 'get_prompt',
    description: 'Gets the messages of one prompt of a server (prompts/get) with its arguments.',
    inputSchema: PROMPT_SCHEMA,
    readOnly: true,
    throughInvoker: true,
    perServer: true,
    tool: readTool(
      'get_prompt',
      'Get a prompt (dashboard)',
      'An agent gets the messages of one prompt of this server.',
      PROMPT_SCHEMA,
    ),
    async run(args, { bridge, caller }) {
      const params = (args.arguments && typeof args.arguments === 'object' ? args.arguments : {}) as Record<
        string,
        string
      >;
      return json(await bridge.getPrompt(String(args.server), String(args.name), params, { caller }));
    },
  },
  {
    name: 'list_widget_actions',
    description:
      "Lists the widgets that offer agent actions (MCP-WP AgentAPI), each with its capabilities: a JSON Schema of the actions and their params. Read-only actions are open to agents; others need the dashboard config's grant.",
    inputSchema: NO_ARGS,
    readOnly: true,
    throughInvoker: false,
    perServer: false,
    tool: readTool(
      'list_widget_actions',
      'List widget actions (dashboard)',
      'Lists what widgets let agents do.',
      NO_ARGS,
    ),
    async run(_args, { widgets, agent }) {
      const list = widgets.list().map((w) => {
        if (w.problem) return { widget: w.widgetId, server: w.serverName, problem: w.problem };
        return {
          widget: w.widgetId,
          server: w.serverName,
          capabilities: widgets.capabilities(w.widgetId),
          actions: w.actions.map((a) => ({
            action: a.action,
            readOnly: a.readOnly,
            allowed: a.readOnly || agent.widgetActions === 'all',
          })),
        };
      });
      return json({ agent: agent.id, widgetActions: agent.widgetActions, widgets: list });
    },
  },
  {
    name: 'run_widget_action',
    description:
      'Runs one action of a widget for you (MCP-WP AgentAPI executeAction). The params are checked against the widget\u2019s schema first; tool calls the action makes go through the same confirmation and policy as any agent call.',
    inputSchema: ACTION_SCHEMA,
    readOnly: false,
    throughInvoker: false,
    perServer: false,
    tool: readTool('run_widget_action', 'Run a widget action (dashboard)', 'Runs one widget action.', ACTION_SCHEMA),
    async run(args, { widgets, agent }) {
      const result = await widgets.execute(
        agent.id,
        String(args.widget ?? ''),
        String(args.action ?? ''),
        args.params ?? {},
      );
      return json(result, !result.success);
    },
  },
];
