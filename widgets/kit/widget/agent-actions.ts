import type {
  ActionResult,
  AgentActionContext,
  AgentAPI,
  AgentProgress,
  JSONSchema,
  MCPTool,
  Unsubscribe,
} from '../../../src/core/shared/types.js';

/** One action a widget offers agents (MCP-WP §3.5). */
export interface KitAgentAction<E> {
  action: string;
  description: string;
  /** JSON Schema of `params` (the host validates against it before `run`). */
  params: JSONSchema;
  /** Only reads or changes what the widget shows (MCP-WP-17.1.5): agents get these by default. */
  readOnly: boolean;
  /** Does the action; returns its data, throws to fail. */
  run(element: E, params: Record<string, unknown>, context: AgentActionContext | undefined): Promise<unknown>;
}

const NO_PARAMS: JSONSchema = { type: 'object', properties: {}, additionalProperties: false };

function freezeDeep<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value as Record<string, unknown>)) freezeDeep(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * An AgentAPI (MCP-WP-3.5.2) from a list of actions. The capabilities are one JSON Schema built once, and
 * every call returns an equal copy (MCP-WP-17.1.3): `oneOf` one branch per action, each naming the action in
 * `properties.action.const`, its params schema, a description and `x-mcpwp-readOnly`. Progress of every run
 * (queued → running → succeeded/failed) goes to `subscribe` handlers.
 */
export function createAgentApi<E>(element: E, actions: ReadonlyArray<KitAgentAction<E>>): AgentAPI {
  const capabilities = freezeDeep({
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Agent actions',
    type: 'object',
    oneOf: actions.map((a) => ({
      title: a.action,
      description: a.description,
      type: 'object',
      properties: { action: { const: a.action }, params: a.params },
      required: ['action', 'params'],
      additionalProperties: false,
      'x-mcpwp-readOnly': a.readOnly,
    })),
  });
  const handlers = new Set<(update: AgentProgress) => void>();
  const progress = (action: string, state: AgentProgress['state'], message?: string) => {
    for (const handler of [...handlers]) {
      try {
        handler({ action, state, ...(message ? { message } : {}), lastUpdated: Date.now() });
      } catch {
        // a subscriber's failure is its own
      }
    }
  };
  return Object.freeze({
    getCapabilities: () => JSON.parse(JSON.stringify(capabilities)) as JSONSchema,
    async executeAction(action: string, params: object, context?: AgentActionContext): Promise<ActionResult> {
      const found = actions.find((a) => a.action === action);
      if (!found)
        return { success: false, error: { message: `No action "${String(action)}".`, code: 'UNKNOWN_ACTION' } };
      progress(action, 'queued');
      progress(action, 'running');
      try {
        const data = await found.run(element, (params ?? {}) as Record<string, unknown>, context);
        progress(action, 'succeeded');
        return { success: true, ...(data !== undefined ? { data } : {}) };
      } catch (error) {
        const message = (error as Error)?.message ?? String(error);
        progress(action, 'failed', message);
        return {
          success: false,
          error: {
            message,
            ...(typeof (error as { code?: unknown }).code === 'string'
              ? { code: (error as { code: string }).code }
              : {}),
          },
        };
      }
    },
    subscribe(handler: (update: AgentProgress) => void): Unsubscribe {
      if (typeof handler === 'function') handlers.add(handler);
      return () => handlers.delete(handler);
    },
  });
}

/** What the common actions need from a server widget. */
export interface AgentReadableWidget {
  info:
    | {
        serverName: string;
        tools: MCPTool[];
        resources: Array<{ uri: string; name?: string; title?: string; mimeType?: string }>;
      }
    | undefined;
  getStatus(): unknown;
  getMCPInfo(): unknown;
}

function matches(query: unknown, ...texts: unknown[]): boolean {
  if (typeof query !== 'string' || !query) return true;
  const q = query.toLowerCase();
  return texts.some((t) => typeof t === 'string' && t.toLowerCase().includes(q));
}

/** `get-status`: what the card header shows (MCP-WP-5.2.1, 5.3.1). */
export const getStatusAction: KitAgentAction<AgentReadableWidget> = {
  action: 'get-status',
  description: "The widget's status and its server's connection details.",
  params: NO_PARAMS,
  readOnly: true,
  run: async (el) => ({ status: el.getStatus(), info: el.getMCPInfo() }),
};

/** `list-tools`: the server's tools as this widget lists them, optionally filtered. */
export const listToolsAction: KitAgentAction<AgentReadableWidget> = {
  action: 'list-tools',
  description:
    "Lists the server's tools (name, title, description, read-only hint), optionally only those matching a search text.",
  params: { type: 'object', properties: { query: { type: 'string', maxLength: 200 } }, additionalProperties: false },
  readOnly: true,
  run: async (el, p) =>
    (el.info?.tools ?? [])
      .filter((t) => matches(p.query, t.name, t.title, t.description))
      .map((t) => ({
        name: t.name,
        ...(t.title ? { title: t.title } : {}),
        ...(typeof t.description === 'string' ? { description: t.description } : {}),
        readOnlyHint: (t.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true,
      })),
};

/** `list-resources`: the server's resources, optionally filtered. */
export const listResourcesAction: KitAgentAction<AgentReadableWidget> = {
  action: 'list-resources',
  description: "Lists the server's resources (URI, name, MIME type), optionally only those matching a search text.",
  params: { type: 'object', properties: { query: { type: 'string', maxLength: 200 } }, additionalProperties: false },
  readOnly: true,
  run: async (el, p) =>
    (el.info?.resources ?? [])
      .filter((r) => matches(p.query, r.uri, r.name, r.title))
      .map((r) => ({
        uri: r.uri,
        ...(r.name ? { name: r.name } : {}),
        ...(r.mimeType ? { mimeType: r.mimeType } : {}),
      })),
};

/** What a widget with a tool form offers. */
export interface AgentToolWidget extends AgentReadableWidget {
  /** Shows a tool in the widget's form; returns the runner, or undefined when there is no such tool. */
  showTool(name: string): Promise<
    | {
        invokeForAgent(
          args: Record<string, unknown>,
          invocationId: string,
        ): Promise<{
          result?: unknown;
          error?: { message: string; code?: number; rule?: string };
          cancelled?: boolean;
        }>;
      }
    | undefined
  >;
}

/** `select-tool` (view only) and `invoke-tool` (a call the agent makes: policy, dialog and audit as any agent call). */
export function toolActions(): KitAgentAction<AgentToolWidget>[] {
  const toolParam = { type: 'string', minLength: 1, maxLength: 500, description: 'Tool name, as list-tools gives it' };
  return [
    {
      action: 'select-tool',
      description:
        'Shows one tool and its form in the widget, so the person sees what you are looking at. Changes nothing on the server.',
      params: { type: 'object', properties: { tool: toolParam }, required: ['tool'], additionalProperties: false },
      readOnly: true,
      run: async (el, p) => {
        if (!(await el.showTool(String(p.tool))))
          throw Object.assign(new Error(`The server has no tool "${String(p.tool)}".`), { code: 'NOT_FOUND' });
        return { shown: String(p.tool) };
      },
    },
    {
      action: 'invoke-tool',
      description:
        "Fills the tool's form with the arguments and invokes it for you: the dashboard's policy decides, the person may be asked to confirm, and the call is audited as yours.",
      params: {
        type: 'object',
        properties: { tool: toolParam, arguments: { type: 'object' } },
        required: ['tool'],
        additionalProperties: false,
      },
      readOnly: false,
      run: async (el, p, context) => {
        if (!context)
          throw Object.assign(new Error('invoke-tool runs only for an agent the dashboard authorised.'), {
            code: 'NO_AGENT',
          });
        const runner = await el.showTool(String(p.tool));
        if (!runner)
          throw Object.assign(new Error(`The server has no tool "${String(p.tool)}".`), { code: 'NOT_FOUND' });
        const outcome = await runner.invokeForAgent(
          (p.arguments ?? {}) as Record<string, unknown>,
          context.invocationId,
        );
        if (outcome.error)
          throw Object.assign(new Error(outcome.error.message), {
            code: outcome.error.rule ?? (outcome.error.code !== undefined ? String(outcome.error.code) : 'FAILED'),
          });
        if (outcome.cancelled)
          throw Object.assign(new Error('The call was cancelled; nothing more was done.'), { code: 'CANCELLED' });
        return { result: outcome.result };
      },
    },
  ];
}
