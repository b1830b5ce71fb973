import {
  createServerWidget,
  getStatusAction,
  listResourcesAction,
  type DependenciesObject,
  type KitAgentAction,
  type MCPServerInfo,
  type MCPWidgetInterface,
} from '../kit/index.js';
import './resource-explorer.js';

/** Widget factory for mcp-resource-explorer-widget (MCP-WP §3, §12). */
export default function createResourceExplorerWidget(
  dependencies: DependenciesObject,
  mcpServerInfo: MCPServerInfo,
): MCPWidgetInterface {
  return createServerWidget(dependencies, mcpServerInfo, {
    element: 'mcp-resource-explorer-widget',
    icon: '\u{1F4C2}',
    widgetType: 'resource-explorer',
    moduleUrl: import.meta.url,
    // Sends the resource a person picks to tool browsers ("Use in tool browser", MCP-WP §6.5).
    permissions: {
      mcpOperations: { readResource: true, subscribeToUpdates: true },
      storage: 'none',
      widgetCommunication: { canSend: true, canReceive: false, allowedTargets: ['tool-browser'] },
    },
    agentActions: [getStatusAction, listResourcesAction] as ReadonlyArray<KitAgentAction<never>>,
  });
}
