import {
  createServerWidget,
  getStatusAction,
  listResourcesAction,
  listToolsAction,
  toolActions,
  type DependenciesObject,
  type KitAgentAction,
  type MCPServerInfo,
  type MCPWidgetInterface,
} from '../kit/index.js';
import './server-panel.js';

/** Widget factory for mcp-server-panel-widget (MCP-WP §3, §12; the default). */
export default function createServerPanelWidget(
  dependencies: DependenciesObject,
  mcpServerInfo: MCPServerInfo,
): MCPWidgetInterface {
  return createServerWidget(dependencies, mcpServerInfo, {
    element: 'mcp-server-panel-widget',
    icon: '\u{1F9F0}',
    widgetType: 'server-panel',
    moduleUrl: import.meta.url,
    permissions: {
      mcpOperations: { invokeTool: true, readResource: true, getPrompt: true, subscribeToUpdates: true },
      storage: 'none',
    },
    agentActions: [getStatusAction, listToolsAction, listResourcesAction, ...toolActions()] as ReadonlyArray<
      KitAgentAction<never>
    >,
  });
}
