import {
  createServerWidget,
  getStatusAction,
  type DependenciesObject,
  type KitAgentAction,
  type MCPServerInfo,
  type MCPWidgetInterface,
} from '../kit/index.js';
import './activity-log.js';

/** Widget factory for mcp-activity-log-widget (MCP-WP §3, §12). */
export default function createActivityLogWidget(
  dependencies: DependenciesObject,
  mcpServerInfo: MCPServerInfo,
): MCPWidgetInterface {
  return createServerWidget(dependencies, mcpServerInfo, {
    element: 'mcp-activity-log-widget',
    icon: '\u{1F4DC}',
    widgetType: 'activity-log',
    moduleUrl: import.meta.url,
    permissions: { storage: 'none' },
    agentActions: [getStatusAction] as ReadonlyArray<KitAgentAction<never>>,
  });
}
