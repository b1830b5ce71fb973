import type { HostCallOptions, MCPBridge } from './mcp-bridge.js';
import { LOCAL_CODES, MCPError } from './mcp-error.js';
import type { GatedOperation } from '../policy/widget-grants.js';
import type { ToolInvoker } from '../invocation/tool-invoker.js';
import { checkAgentPrompt } from '../agents/agent-prompts.js';
import type {
  CallOptions,
  CompletionRef,
  LogLevel,
  MCPBridgeInterface,
  RootEntry,
  Unsubscribe,
} from '../shared/types.js';

/** A widget's MCPBridge plus the means to release what it holds. */
export interface WidgetBridgeHandle {
  bridge: MCPBridgeInterface;
  /** Cancels the widget's resource subscriptions (MCP-WP-3.4.2). */
  dispose(): void;
  /** Resource subscriptions the widget still holds. */
  subscriptions(): number;
}

/**
 * Checks one operation for this widget (MCP-WP-11.4.3); throws when it is not allowed. The host's
 * implementation also shows and audits the violation.
 */
export type OperationGate = (operation: GatedOperation, serverName?: string) => void;

/** The error a widget sees when its permissions refuse an operation. */
function denied(error: unknown, serverName: string | undefined, operation: string): MCPError {
  return new MCPError((error as Error)?.message ?? String(error), {
    jsonrpcCode: LOCAL_CODES.denied,
    data: { permission: operation },
    serverName,
    operation,
  });
}

/** Only the options a widget may set (MCP-WP-6.2 CallOptions); host-only ones (caller, request id, host tools) never pass. */
function widgetCallOptions(options: CallOptions | undefined): HostCallOptions {
  const { onProgress, signal, timeout, _meta, task, whenOnline } = options ?? {};
  return {
    ...(typeof onProgress === 'function' ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
    ...(typeof timeout === 'number' ? { timeout } : {}),
    ...(_meta && typeof _meta === 'object' ? { _meta } : {}),
    ...(task === true ? { task: true } : {}),
    ...(whenOnline === true ? { whenOnline: true } : {}),
  };
}

/**
 * Builds the MCPBridge handed to one widget. `callTool` goes through the ToolInvoker — the same
 * policy, validation and confirmation as `mcp:tool:invoke-requested` — so a widget cannot bypass the
 * dialog (MCP-WP-11.2.4). Every other operation is checked against the widget's permissions first
 * (MCP-WP-11.4.3). The raw bridge is captured in closures and never exposed.
 */
export function createWidgetBridge(
  raw: MCPBridge,
  invoker: ToolInvoker,
  widgetId: string,
  gate: OperationGate = () => {},
): WidgetBridgeHandle {
  const subscriptions = new Set<Unsubscribe>();
  let disposed = false;
  const check = (operation: GatedOperation, serverName?: string): void => {
    try {
      gate(operation, serverName);
    } catch (error) {
      throw denied(error, serverName, operation);
    }
  };
  const guarded = <T>(operation: GatedOperation, serverName: string, run: () => Promise<T>): Promise<T> => {
    try {
      check(operation, serverName);
    } catch (error) {
      return Promise.reject(error);
    }
    return run();
  };
  const bridge: MCPBridgeInterface = Object.freeze({
    getServer: (serverName: string) => raw.getServer(serverName),
    listServers: () => raw.listServers(),
    isConnected: (serverName: string) => raw.isConnected(serverName),
    callTool: async (serverName: string, toolName: string, args: object, options: CallOptions = {}) =>
      // With a live agentInvocation id the widget acts for an agent: the call runs as that agent.
      invoker.invoke(
        { serverName, toolName, args },
        invoker.widgetCaller(widgetId, options?.agentInvocation),
        widgetCallOptions(options),
      ),
    readResource: (serverName: string, uri: string) =>
      guarded('readResource', serverName, () =>
        raw.readResource(serverName, uri, { caller: { surface: 'widget', id: widgetId } }),
      ),
    getPrompt: (serverName: string, promptName: string, args: object) =>
      guarded('getPrompt', serverName, () =>
        raw.getPrompt(serverName, promptName, args, { caller: { surface: 'widget', id: widgetId } }),
      ),
    createMessage: (
      serverName: string,
      request: Parameters<MCPBridge['createMessage']>[1],
      options?: Pick<CallOptions, 'agentInvocation'>,
    ) =>
      guarded('createMessage', serverName, async () => {
        if (options?.agentInvocation === undefined)
          return raw.createMessage(serverName, request, { kind: 'widget', id: widgetId });
        // For an agent action: only while it runs, the prompt checked against the schema first (MCP-WP-17.1.6).
        const agent = invoker.widgetCaller(widgetId, options.agentInvocation);
        await checkAgentPrompt(serverName, request);
        return raw.createMessage(serverName, request, { kind: 'widget', id: widgetId, agent: agent.id });
      }),
    listTools: (serverName: string) => guarded('discover', serverName, () => raw.listTools(serverName)),
    listResources: (serverName: string) => guarded('discover', serverName, () => raw.listResources(serverName)),
    listPrompts: (serverName: string) => guarded('discover', serverName, () => raw.listPrompts(serverName)),
    // Client features. Completions need the permission of what they complete; tasks belong to tool calls; roots
    // give a server more of this computer, so only a widget that may call its tools may change them.
    complete: (
      serverName: string,
      ref: CompletionRef,
      argument: { name: string; value: string },
      context?: Record<string, string>,
    ) =>
      guarded(ref?.type === 'ref/resource' ? 'readResource' : 'getPrompt', serverName, () =>
        raw.features.complete(serverName, ref, argument, context),
      ),
    getTasks: (serverName: string) => {
      check('discover', serverName);
      return raw.features.tasks.list(serverName);
    },
    listTasks: (serverName: string) => guarded('discover', serverName, () => raw.features.listTasks(serverName)),
    cancelTask: (serverName: string, taskId: string) =>
      guarded('invokeTool', serverName, () => raw.features.cancelTask(serverName, taskId)),
    fetchTaskResult: (serverName: string, taskId: string) =>
      guarded('invokeTool', serverName, () => raw.features.fetchTaskResult(serverName, taskId)),
    getLog: (serverName: string) => {
      check('discover', serverName);
      return raw.features.logs.list(serverName);
    },
    getLoggingLevel: (serverName: string) => {
      check('discover', serverName);
      return raw.features.logs.level(serverName);
    },
    setLoggingLevel: (serverName: string, level: LogLevel) =>
      guarded('discover', serverName, () => raw.features.setLoggingLevel(serverName, level)),
    getRoots: (serverName: string) => {
      check('discover', serverName);
      return raw.features.rootsFor(serverName);
    },
    setRoots: (serverName: string, roots: RootEntry[]) =>
      guarded('invokeTool', serverName, () => raw.features.setRoots(serverName, roots)),
    subscribeToResource: (serverName: string, uri: string, callback: (uri: string) => void) => {
      if (disposed) return () => {};
      check('subscribeToUpdates', serverName);
      const inner = raw.subscribeToResource(serverName, uri, callback);
      const unsubscribe = () => {
        if (subscriptions.delete(unsubscribe)) inner();
      };
      subscriptions.add(unsubscribe);
      return unsubscribe;
    },
  });
  return {
    bridge,
    dispose() {
      disposed = true;
      for (const unsubscribe of [...subscriptions]) unsubscribe();
    },
    subscriptions: () => subscriptions.size,
  };
}
