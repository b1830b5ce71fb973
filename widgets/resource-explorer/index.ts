import { createServerWidget, type DependenciesObject, type MCPServerInfo, type MCPWidgetInterface } from '../kit/index.js';
import './resource-explorer.js';

/** Widget factory for mcp-resource-explorer-widget (MCP-WP §3, §12). */
export default function createResourceExplorerWidget(dependencies: DependenciesObject, mcpServerInfo: MCPServerInfo): MCPWidgetInterface {
  return createServerWidget(dependencies, mcpServerInfo, {
    element: 'mcp-resource-explorer-widget',
    icon: '\u{1F4C2}',
    widgetType: 'resource-explorer',
    moduleUrl: import.meta.url,
    permissions: { mcpOperations: { readResource: true, subscribeToUpdates: true }, storage: 'none' },
  });
}
