import type { HostCallOptions, MCPBridge } from './mcp-bridge.js';
import { LOCAL_CODES, MCPError } from './mcp-error.js';
import type { GatedOperation } from './policy/widget-grants.js';
import type { ToolInvoker } from './tool-invoker.js';
import type { CallOptions, CompletionRef, LogLevel, MCPBridgeInterface, RootEntry, Unsubscribe } from './types.js';

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
  return new MCPError((error as Error)?.message ?? String(error), { jsonrpcCode: LOCAL_CODES.denied, data: { permission: operation }, serverName, operation });
}

/**
 * Builds the MCPBridge handed to one widget. `callTool` goes through the ToolInvoker — the same
 * policy, validation and confirmation as `mcp:tool:invoke-requested` — so a widget cannot bypass the
 * dialog (MCP-WP-11.2.4). Every other operation is checked against the widget's permissions first
 * (MCP-WP-11.4.3). The raw bridge is captured in closures and never exposed.
 */
export function createWidgetBridge(raw: MCPBridge, invoker: ToolInvoker, widgetId: string, gate: OperationGate = () => {}): WidgetBridgeHandle {
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
    callTool: (serverName: string, toolName: string, args: object, options: CallOptions = {}) =>
      invoker.invoke({ serverName, toolName, args }, { surface: 'widget', id: widgetId }, options as HostCallOptions),
    readResource: (serverName: string, uri: string) => guarded('readResource', serverName, () => raw.readResource(serverName, uri, { caller: { surface: 'widget', id: widgetId } })),
    getPrompt: (serverName: string, promptName: string, args: object) => guarded('getPrompt', serverName, () => raw.getPrompt(serverName, promptName, args, { caller: { surface: 'widget', id: widgetId } })),
    createMessage: (serverName: string, request: Parameters<MCPBridge['createMessage']>[1]) =>
      guarded('createMessage', serverName, () => raw.createMessage(serverName, request, { kind: 'widget', id: widgetId })),
    listTools: (serverName: string) => guarded('discover', serverName, () => raw.listTools(serverName)),
    listResources: (serverName: string) => guarded('discover', serverName, () => raw.listResources(serverName)),
    listPrompts: (serverName: string) => guarded('discover', serverName, () => raw.listPrompts(serverName)),
    // Client features. Completions need the permission of what they complete; tasks belong to tool calls; roots
    // give a server more of this computer, so only a widget that may call its tools may change them.
    complete: (serverName: string, ref: CompletionRef, argument: { name: string; value: string }, context?: Record<string, string>) =>
      guarded(ref?.type === 'ref/resource' ? 'readResource' : 'getPrompt', serverName, () => raw.features.complete(serverName, ref, argument, context)),
    getTasks: (serverName: string) => {
      check('discover', serverName);
      return raw.features.tasks.list(serverName);
    },
    listTasks: (serverName: string) => guarded('discover', serverName, () => raw.features.listTasks(serverName)),
    cancelTask: (serverName: string, taskId: string) => guarded('invokeTool', serverName, () => raw.features.cancelTask(serverName, taskId)),
    fetchTaskResult: (serverName: string, taskId: string) => guarded('invokeTool', serverName, () => raw.features.fetchTaskResult(serverName, taskId)),
    getLog: (serverName: string) => {
      check('discover', serverName);
      return raw.features.logs.list(serverName);
    },
    getLoggingLevel: (serverName: string) => {
      check('discover', serverName);
      return raw.features.logs.level(serverName);
    },
    setLoggingLevel: (serverName: string, level: LogLevel) => guarded('discover', serverName, () => raw.features.setLoggingLevel(serverName, level)),
    getRoots: (serverName: string) => {
      check('discover', serverName);
      return raw.features.rootsFor(serverName);
    },
    setRoots: (serverName: string, roots: RootEntry[]) => guarded('invokeTool', serverName, () => raw.features.setRoots(serverName, roots)),
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
