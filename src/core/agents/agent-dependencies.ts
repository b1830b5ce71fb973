import type { MessagingHub } from '../messaging/widget-messaging.js';
import type { OfflineHost } from '../offline/offline-host.js';
import type { AgentAPI, DependenciesObject, MCPBridgeInterface, Unsubscribe, WidgetAPI } from '../shared/types.js';
import type { WidgetAgentHost } from './widget-agents.js';

/** The host services behind a widget's WidgetMessaging, OfflineCache and AgentAPI. */
export interface AgentDependencyHosts {
  messaging?: MessagingHub;
  offline?: OfflineHost;
  widgetAgents?: WidgetAgentHost;
}

/** What one widget gets from them, and the means to release it. */
export interface WidgetAgentDependencies {
  dependencies: Pick<DependenciesObject, 'WidgetMessaging' | 'OfflineCache'>;
  /** Registers the widget's `api.agent` (after `initialize()`), if it has one. */
  attachApi(api: WidgetAPI): void;
  /** Message subscriptions the widget still holds. */
  subscriptions(): number;
  dispose(): void;
}

/**
 * The optional MCP-WP §6.5/§6.6 dependencies for one widget and its AgentAPI registration — the same for
 * built-in and installed widgets. Everything is scoped to the widget and released with it.
 */
export function widgetAgentDependencies(
  hosts: AgentDependencyHosts,
  widget: { widgetId: string; widgetType: string; serverName: string },
  bridge: MCPBridgeInterface,
): WidgetAgentDependencies {
  const messaging = hosts.messaging?.scoped(widget.widgetId);
  const offline = hosts.offline?.scoped(widget.widgetId, widget.serverName, bridge);
  let unregister: Unsubscribe | undefined;
  return {
    dependencies: {
      ...(messaging ? { WidgetMessaging: messaging.api } : {}),
      ...(offline ? { OfflineCache: offline } : {}),
    },
    attachApi(api: WidgetAPI) {
      const agent = api.agent as AgentAPI | undefined;
      if (!hosts.widgetAgents || !agent || typeof agent !== 'object') return;
      unregister?.();
      unregister = hosts.widgetAgents.register(widget, agent);
    },
    subscriptions: () => messaging?.size() ?? 0,
    dispose() {
      unregister?.();
      unregister = undefined;
      messaging?.dispose();
    },
  };
}
