import type { DependenciesObject, MCPServerInfo, MCPWidgetInterface } from '../kit/index.js';
import { McpServerPanelWidget } from './server-panel.js';

/** Widget factory for mcp-server-panel-widget (MCP-WP §3, §12). */
export default function createServerPanelWidget(dependencies: DependenciesObject, mcpServerInfo: MCPServerInfo): MCPWidgetInterface {
  const element = document.createElement('mcp-server-panel-widget') as McpServerPanelWidget;
  element.deps = dependencies;
  element.info = mcpServerInfo;
  const { capabilities } = mcpServerInfo;
  return {
    api: {
      element,
      async initialize() {
        element.start();
      },
      async destroy() {
        element.stop();
      },
      async refresh() {
        await element.refresh();
      },
    },
    widget: {
      protocolVersion: '1.0.0',
      element: 'mcp-server-panel-widget',
      displayName: `${mcpServerInfo.serverName}`,
      icon: '\u{1F9F0}',
      category: 'MCP Servers',
      mcpServerName: mcpServerInfo.serverName,
      transport: mcpServerInfo.transport,
      mcpProtocolVersion: mcpServerInfo.protocolVersion,
      capabilities: {
        tools: Boolean(capabilities.tools),
        resources: Boolean(capabilities.resources),
        prompts: Boolean(capabilities.prompts),
        sampling: Boolean(capabilities.sampling),
      },
      permissions: { mcpOperations: { invokeTool: true, readResource: true, getPrompt: true, subscribeToUpdates: true }, storage: 'none' },
      widgetType: 'server-panel',
      priority: 0,
    },
  };
}
