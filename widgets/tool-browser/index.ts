import {
  createServerWidget,
  getStatusAction,
  listToolsAction,
  toolActions,
  type DependenciesObject,
  type KitAgentAction,
  type MCPServerInfo,
  type MCPWidgetInterface,
} from '../kit/index.js';
import './tool-browser.js';

/** Widget factory for mcp-tool-browser-widget (MCP-WP §3, §12). */
export default function createToolBrowserWidget(
  dependencies: DependenciesObject,
  mcpServerInfo: MCPServerInfo,
): MCPWidgetInterface {
  return createServerWidget(dependencies, mcpServerInfo, {
    element: 'mcp-tool-browser-widget',
    icon: '\u{1F50E}',
    widgetType: 'tool-browser',
    moduleUrl: import.meta.url,
    // Receives resource URIs from resource explorers (MCP-WP §6.5); sends nothing.
    permissions: {
      mcpOperations: { invokeTool: true },
      storage: 'none',
      widgetCommunication: { canSend: false, canReceive: true, allowedSources: ['resource-explorer'] },
    },
    agentActions: [getStatusAction, listToolsAction, ...toolActions()] as ReadonlyArray<KitAgentAction<never>>,
  });
}
