import type { AgentDependencyHosts } from '../../core/agents/agent-dependencies.js';
import { webmcpAgent, type AgentGrant } from '../../core/agents/agent-identity.js';
import { AgentSurface } from '../../core/agents/agent-surface.js';
import { WidgetAgentHost } from '../../core/agents/widget-agents.js';
import type { EventBus } from '../../core/services/event-bus.js';
import type { GatewayClient } from '../../core/shared/gateway-api/gateway-client.js';
import type { LazySchemaValidator } from '../../core/invocation/lazy-validator.js';
import type { MCPBridge } from '../../core/bridge/mcp-bridge.js';
import { MessagingHub } from '../../core/messaging/widget-messaging.js';
import { OfflineHost } from '../../core/offline/offline-host.js';
import type { ToolInvoker } from '../../core/invocation/tool-invoker.js';
import type { PolicyServices } from '../services/policy-services.js';

/** The agent host services: widget agents, the agent tool surface, widget messaging and offline support. */
export interface AgentServices {
  widgets: WidgetAgentHost;
  surface: AgentSurface;
  messaging: MessagingHub;
  offline: OfflineHost;
  /** What widget dependencies are built from. */
  hosts: AgentDependencyHosts;
  /** The agent WebMCP callers act as (from `dashboard.webmcp.agent`). */
  agent(): AgentGrant;
  dispose(): void;
}

/** Wires them to the bus, the bridge, the invoker and the policy (one set per page). */
export function createAgentServices(options: {
  bus: EventBus;
  bridge: MCPBridge;
  invoker: ToolInvoker;
  validator: LazySchemaValidator;
  policy: PolicyServices;
  gateway: GatewayClient;
}): AgentServices {
  const { bus, bridge, invoker, validator, policy, gateway } = options;
  const agent = () => webmcpAgent(policy.settings());
  const widgets = new WidgetAgentHost({ bus, validator, audit: policy.audit, settings: () => policy.settings() });
  const surface = new AgentSurface({ bridge, invoker, policy: policy.gate, widgets, agent });
  const messaging = new MessagingHub({
    bus,
    audit: policy.audit,
    permission: (widgetId) => policy.grants.get(widgetId)?.permissions.widgetCommunication,
    serverOf: (widgetId) => policy.grants.get(widgetId)?.serverName,
  });
  const offline = new OfflineHost({
    bus,
    bridge,
    probe: async () => Object.fromEntries((await gateway.listServers()).map((s) => [s.name, s.state])),
  });
  offline.start();
  // The invoker runs a widget's calls for an agent action as that agent, and queues "Send when back online" calls here.
  invoker.agentCaller = (widgetId, invocationId) => widgets.callerFor(widgetId, invocationId);
  invoker.deferred = offline;
  return {
    widgets,
    surface,
    messaging,
    offline,
    hosts: { messaging, offline, widgetAgents: widgets },
    agent,
    dispose() {
      offline.dispose();
      invoker.agentCaller = undefined;
      invoker.deferred = undefined;
    },
  };
}
