// Tool invocation: requests, callers, argument problems and the MCPlet result check.

/** Payload of `mcp:tool:invoke-requested` (MCP-WP §8.2), with our correlation id. */
export interface ToolInvokeRequest {
  serverName: string;
  toolName: string;
  args: Record<string, unknown>;
  /** Extension: echoed on calling/result/error/cancelled so the caller can correlate. */
  requestId?: string;
  /** Extension: request timeout in ms for this call; progress notifications reset it. */
  timeout?: number;
  /** Extension: run as an MCP task where the tool's `execution.taskSupport` is "optional" ("Run in background"). */
  task?: boolean;
  /**
   * Extension: the user chose "Send when back online". The call is confirmed now, as any call;
   * while the server is unreachable it waits in the host's queue and is sent, in order, once it is back.
   */
  whenOnline?: boolean;
  /** Extension: the id of the agent action this widget runs (see AgentActionContext). */
  agentInvocation?: string;
}

/** Payload of `mcp:tool:cancel-requested` (extension): stop a running call of your own. */
export interface ToolCancelRequest {
  requestId: string;
  reason?: string;
}

/**
 * Who is asking for an operation. `surface` is the MCPlet caller surface; `id` names the caller
 * ('host', a widget id such as 'server-panel:everything', an app view id, an agent id).
 */
export interface CallerContext {
  surface: 'user' | 'widget' | 'app' | 'agent';
  id: string;
  /**
   * The server this caller belongs to (a widget's or an MCP App's own server). Calls to another
   * server are refused. Required for 'app' callers; for widgets the host knows it already.
   */
  serverName?: string;
  /**
   * For 'app' callers: the open view making the call (one per opening; a consent remembered "for this
   * view" ends when that view closes) and the view's `ui://` resource (its own tool is the tool that
   * declares this resource). Set by the host, never taken from the request.
   */
  viewId?: string;
  resourceUri?: string;
  /**
   * For 'agent' callers acting through a widget's AgentAPI: that widget's id. The call must then pass the
   * widget's own checks too (its server, trust and permissions) before the agent's rows apply.
   */
  widgetId?: string;
}

/** The host's MCPlet check of a tool result (MCPlet §9), carried on `mcp:tool:result` as `mcplet`. */
export interface McpletResultCheck {
  /** The §9.1 envelope, when the result uses it. */
  envelope?: {
    kind: 'result' | 'error';
    result?: unknown;
    code?: string;
    message?: string;
    meaning?: string;
    guidance?: string;
    meta?: Record<string, unknown>;
  };
  /** The result checked against `_meta.mcpletToolResultSchemaUri` (§9.2); absent when none is declared. */
  schema?: {
    uri: string;
    state: 'valid' | 'invalid' | 'unavailable' | 'not-applicable';
    problems?: ArgumentProblem[];
    reason?: string;
  };
}

/** One argument validation problem, addressed by JSON pointer. */
export interface ArgumentProblem {
  /** JSON pointer into the arguments object ('' = the whole object). */
  path: string;
  message: string;
  /** The JSON Schema keyword that failed (e.g. 'minimum'), so a widget can word it in its locale. */
  keyword?: string;
  /** The keyword's parameters (e.g. `{ limit: 3 }`). */
  params?: Record<string, unknown>;
}
