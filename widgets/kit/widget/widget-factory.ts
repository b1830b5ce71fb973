import type {
  DependenciesObject,
  MCPServerInfo,
  MCPWidgetInterface,
  MCPWidgetMetadata,
  WidgetPermissions,
} from '../../../src/core/shared/types.js';
import type { McpServerWidgetElement } from './server-widget.js';
import { createAgentApi, type KitAgentAction } from './agent-actions.js';

/** What differs between server widgets built on McpServerWidgetElement. */
export interface ServerWidgetOptions {
  element: string;
  icon: string;
  widgetType: NonNullable<MCPWidgetMetadata['widgetType']>;
  displayName?: string;
  permissions: WidgetPermissions;
  priority?: number;
  /** The widget module's `import.meta.url`, so `getResourceUsage()` can report its gzipped size. */
  moduleUrl?: string;
  /** What the widget lets agents do (MCP-WP §3.5); read-only actions unless the host grants more (17.1.5). */
  agentActions?: ReadonlyArray<KitAgentAction<never>>;
}

/**
 * The factory body shared by the built-in widgets (MCP-WP §3): creates the registered element,
 * hands it the dependencies and server info, and returns `{ api, widget }` whose metadata
 * matches the server (MCP-WP-4.2.4, 4.2.5).
 */
export function createServerWidget(
  deps: DependenciesObject,
  info: MCPServerInfo,
  options: ServerWidgetOptions,
): MCPWidgetInterface {
  const element = document.createElement(options.element) as McpServerWidgetElement;
  element.deps = deps;
  element.info = info;
  element.moduleUrl = options.moduleUrl;
  const caps = info.capabilities ?? {};
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
      ...(options.agentActions?.length ? { agent: createAgentApi(element as never, options.agentActions) } : {}),
    },
    widget: {
      protocolVersion: '1.0.0',
      element: options.element,
      displayName: options.displayName ?? info.serverName,
      icon: options.icon,
      category: 'MCP Servers',
      mcpServerName: info.serverName,
      transport: info.transport,
      mcpProtocolVersion: info.protocolVersion,
      capabilities: {
        tools: Boolean(caps.tools),
        resources: Boolean(caps.resources),
        prompts: Boolean(caps.prompts),
        sampling: Boolean(caps.sampling),
      },
      permissions: options.permissions,
      widgetType: options.widgetType,
      priority: options.priority ?? 0,
    },
  };
}
