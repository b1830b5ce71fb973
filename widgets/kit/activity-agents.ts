import type { EventBusInterface, Unsubscribe } from '../../src/core/types.js';
import type { ActivityEntry } from './activity.js';

type Add = (entry: Omit<ActivityEntry, 'id' | 'time'>) => void;
type Mine = (d: { serverName?: string } | undefined) => boolean;
type AgentEvent = { serverName?: string; widgetId?: string; action?: string; caller?: { id?: string }; reason?: string; code?: string; result?: { success?: boolean; error?: { message?: string } } };
type MessageEvent = { serverName?: string; from?: string; to?: string; type?: string; outcome?: string; reason?: string; code?: string; delivered?: number; bytes?: number };

/**
 * Activity of agents and widget messages (issue 17): every agent action on a widget of the server, and every
 * message its widgets sent or were refused (who, to whom, type; never the payload). Agent tool calls are the
 * server's tool lines, marked with the agent (`agentOf`).
 */
export function trackAgentActivity(bus: EventBusInterface, mine: Mine, add: Add): Unsubscribe[] {
  const agentLine = (d: AgentEvent, outcome: ActivityEntry['outcome'], messageKey: string, message: string) =>
    add({ kind: 'agent', name: `${d.widgetId ?? ''} ${d.action ?? ''}`.trim(), outcome, message, messageKey, messageVars: { agent: d.caller?.id ?? '', reason: d.reason ?? d.result?.error?.message ?? '' } });
  return [
    bus.on('mcp:agent:action-started', (d: AgentEvent) => {
      if (mine(d)) agentLine(d, 'started', 'activity.agentStarted', `Agent "${d.caller?.id ?? ''}" runs this action.`);
    }),
    bus.on('mcp:agent:action-result', (d: AgentEvent) => {
      if (mine(d)) agentLine(d, 'ok', 'activity.agentDone', `Done for agent "${d.caller?.id ?? ''}".`);
    }),
    bus.on('mcp:agent:action-error', (d: AgentEvent) => {
      if (mine(d)) agentLine(d, 'error', 'activity.agentFailed', `Failed for agent "${d.caller?.id ?? ''}": ${d.result?.error?.message ?? ''}`);
    }),
    bus.on('mcp:agent:action-refused', (d: AgentEvent) => {
      if (mine(d)) agentLine(d, 'error', 'activity.agentRefused', `Refused to agent "${d.caller?.id ?? ''}": ${d.reason ?? ''}`);
    }),
    bus.on('mcp:host:widget-message', (d: MessageEvent) => {
      if (!mine(d)) return;
      const name = `${d.from ?? ''} \u2192 ${d.to ?? ''}`;
      if (d.outcome === 'delivered') {
        add({ kind: 'message', name, outcome: 'ok', message: `"${d.type ?? ''}", ${d.bytes ?? 0} bytes, delivered to ${d.delivered ?? 0}`, messageKey: 'activity.messageDelivered', messageVars: { type: d.type ?? '', bytes: d.bytes ?? 0, count: d.delivered ?? 0 } });
      } else {
        add({ kind: 'message', name, outcome: 'error', message: `Refused: ${d.reason ?? ''}`, messageKey: 'activity.messageRefused', messageVars: { reason: d.reason ?? '' } });
      }
    }),
  ];
}

/** The agent a tool event was for (`{ source: 'agent' }`, MCP-WP-17.1.4), to mark the server's tool line. */
export function agentOf(d: { source?: unknown; caller?: { surface?: string; id?: string } } | undefined): string | undefined {
  return d?.source === 'agent' && d.caller?.surface === 'agent' && typeof d.caller.id === 'string' ? d.caller.id : undefined;
}
