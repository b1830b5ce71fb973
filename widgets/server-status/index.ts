import {
  createServerWidget,
  getStatusAction,
  type DependenciesObject,
  type KitAgentAction,
  type MCPServerInfo,
  type MCPWidgetInterface,
} from '../kit/index.js';
import './server-status.js';

/** Widget factory for mcp-server-status-widget (MCP-WP §3, §12). */
export default function createServerStatusWidget(
  dependencies: DependenciesObject,
  mcpServerInfo: MCPServerInfo,
): MCPWidgetInterface {
  return createServerWidget(dependencies, mcpServerInfo, {
    element: 'mcp-server-status-widget',
    icon: '\u{1F6A6}',
    widgetType: 'server-status',
    moduleUrl: import.meta.url,
    permissions: { storage: 'none' },
    agentActions: [getStatusAction] as ReadonlyArray<KitAgentAction<never>>,
  });
}
