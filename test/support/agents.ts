// A dashboard on server-everything whose config names two agents — "reader" (read-only widget actions) and
// "operator" (all) — with WebMCP handing the page's tools to "reader": what the AgentAPI tests share.
import { expect } from '@open-wc/testing';
import type { AgentActionRefused } from '../../src/core/agents/widget-agents.js';
import { waitFor } from './gateway.js';
import { useDashboard, type DashboardEnv } from './setup.js';

/** One bus event as the tests record it, with who caused it. */
export type BusEvent = { event: string; data: Record<string, unknown>; source: string };

/** The env of an AgentAPI block and what it records. */
export interface AgentsEnv {
  env: DashboardEnv;
  /** Every `mcp:*` event since the dashboard was ready. */
  events: BusEvent[];
  /** The host's gate for widget agent actions. */
  widgets: () => NonNullable<DashboardEnv['dashboard']['services']>['agents']['widgets'];
  /** The refusal `promise` rejects with (fails when it resolves). */
  refusal: (promise: Promise<unknown>) => Promise<AgentActionRefused>;
}

/** Registers the hooks of an AgentAPI block: the dashboard is ready once the panel's AgentAPI is registered. */
export function useAgentsDashboard(): AgentsEnv {
  const events: BusEvent[] = [];
  const env = useDashboard({
    mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'] } },
    dashboard: { webmcp: { agent: 'reader' }, agents: { reader: { pools: [] }, operator: { widgetActions: 'all' } } },
  });
  before(async () => {
    expect((await env.card('everything')).phase).to.equal('ready');
    env.dashboard.services!.bus.on('mcp:*', (data, meta) =>
      events.push({ event: meta.event, data: (data ?? {}) as Record<string, unknown>, source: meta.source }),
    );
    await waitFor(() => env.dashboard.services!.agents.widgets.list().length > 0, 10_000, 'the panel\u2019s AgentAPI');
  });
  const refusal = async (promise: Promise<unknown>): Promise<AgentActionRefused> => {
    try {
      await promise;
    } catch (error) {
      return error as AgentActionRefused;
    }
    throw new Error('expected a refusal');
  };
  return { env, events, widgets: () => env.dashboard.services!.agents.widgets, refusal };
}
