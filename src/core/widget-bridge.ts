import type { HostCallOptions, MCPBridge } from './mcp-bridge.js';
import type { ToolInvoker } from './tool-invoker.js';
import type { CallOptions, MCPBridgeInterface, Unsubscribe } from './types.js';

/** A widget's MCPBridge plus the means to release what it holds. */
export interface WidgetBridgeHandle {
  bridge: MCPBridgeInterface;
  /** Cancels the widget's resource subscriptions (MCP-WP-3.4.2). */
  dispose(): void;
  /** Resource subscriptions the widget still holds. */
  subscriptions(): number;
}

/**
 * Builds the MCPBridge handed to one widget. `callTool` goes through the ToolInvoker — the same
 * validation and confirmation as `mcp:tool:invoke-requested` — so a widget cannot bypass the
 * dialog (MCP-WP-11.2.4). The raw bridge is captured in closures and never exposed.
 */
export function createWidgetBridge(raw: MCPBridge, invoker: ToolInvoker, widgetId: string): WidgetBridgeHandle {
  const subscriptions = new Set<Unsubscribe>();
  let disposed = false;
  const bridge: MCPBridgeInterface = Object.freeze({
    getServer: (serverName: string) => raw.getServer(serverName),
    listServers: () => raw.listServers(),
    isConnected: (serverName: string) => raw.isConnected(serverName),
    callTool: (serverName: string, toolName: string, args: object, options: CallOptions = {}) =>
      invoker.invoke({ serverName, toolName, args }, { surface: 'widget', id: widgetId }, options as HostCallOptions),
    readResource: (serverName: string, uri: string) => raw.readResource(serverName, uri),
    getPrompt: (serverName: string, promptName: string, args: object) => raw.getPrompt(serverName, promptName, args),
    createMessage: (serverName: string, request: Parameters<MCPBridge['createMessage']>[1]) => raw.createMessage(serverName, request, { kind: 'widget', id: widgetId }),
    listTools: (serverName: string) => raw.listTools(serverName),
    listResources: (serverName: string) => raw.listResources(serverName),
    listPrompts: (serverName: string) => raw.listPrompts(serverName),
    subscribeToResource: (serverName: string, uri: string, callback: (uri: string) => void) => {
      if (disposed) return () => {};
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
