import type { DashboardPolicySettings } from '../shared/config/dashboard-config.js';
import type { CallerContext } from '../shared/types.js';

/** The id the browser's agent gets when `dashboard.webmcp.agent` names none. */
export const DEFAULT_AGENT_ID = 'browser-agent';

/** What the dashboard config grants one agent (MCPlet §3.4 pools, MCP-WP-17.1.5 widget actions). */
export interface AgentGrant {
  id: string;
  pools: string[];
  widgetActions: 'read-only' | 'all';
  /** False for the default browser agent when the config names no entry for it: no pools, read-only actions. */
  configured: boolean;
}

/**
 * The agent behind WebMCP. The browser tells a page nothing about which agent calls it, so the page
 * cannot take an identity from the request: the dashboard config says which entry of `dashboard.agents`
 * applies (`dashboard.webmcp.agent`), and the surface itself — only the browser calls a registered tool's
 * `execute` — is what authenticates it as "the browser's agent" (MCP-WP-17.1.2).
 */
export function webmcpAgent(settings: Pick<DashboardPolicySettings, 'agents' | 'webmcp'>): AgentGrant {
  const id = settings.webmcp.agent ?? DEFAULT_AGENT_ID;
  return agentGrant(settings, id) ?? { id, pools: [], widgetActions: 'read-only', configured: false };
}

/** The grant of a configured agent; undefined for an id the config does not know (refused). */
export function agentGrant(
  settings: Pick<DashboardPolicySettings, 'agents' | 'webmcp'>,
  id: string,
): AgentGrant | undefined {
  const entry = Object.prototype.hasOwnProperty.call(settings.agents, id) ? settings.agents[id] : undefined;
  if (entry)
    return { id, pools: [...entry.pools], widgetActions: entry.widgetActions ?? 'read-only', configured: true };
  if (id === (settings.webmcp.agent ?? DEFAULT_AGENT_ID))
    return { id, pools: [], widgetActions: 'read-only', configured: false };
  return undefined;
}

/** The caller an agent's operations run as (the host sets it; a request never does). */
export function agentCaller(
  agent: Pick<AgentGrant, 'id'>,
  via?: { widgetId: string; serverName: string },
): CallerContext {
  return { surface: 'agent', id: agent.id, ...(via ? { widgetId: via.widgetId, serverName: via.serverName } : {}) };
}
