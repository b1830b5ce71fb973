import { createServerWidget, type DependenciesObject, type MCPServerInfo, type MCPWidgetInterface } from '../kit/index.js';
import './tool-browser.js';

/** Widget factory for mcp-tool-browser-widget (MCP-WP §3, §12). */
export default function createToolBrowserWidget(dependencies: DependenciesObject, mcpServerInfo: MCPServerInfo): MCPWidgetInterface {
  return createServerWidget(dependencies, mcpServerInfo, {
    element: 'mcp-tool-browser-widget',
    icon: '\u{1F50E}',
    widgetType: 'tool-browser',
    moduleUrl: import.meta.url,
    permissions: { mcpOperations: { invokeTool: true }, storage: 'none' },
  });
}
