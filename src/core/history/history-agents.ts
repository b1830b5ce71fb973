// History entries for the agent events: agent actions on widgets (`mcp:agent:action-*`) and messages
// between widgets (`mcp:host:widget-message`, logged without the payload). Who asked comes from the
// event's caller, as for tool calls: the agent, or the sending widget.

import type { HistoryEntry } from '../shared/types/history.js';

type Data = Record<string, unknown>;
type Mapped = Omit<HistoryEntry, 'id' | 'time' | 'serverName'>;

/** `mcp:agent:action-started|result|error|refused` → one line naming the widget, the action and the agent. */
export function agentEntry(action: string, d: Data): Mapped | undefined {
  const agent = String((d.caller as { id?: unknown } | undefined)?.id ?? '');
  const name = `${String(d.widgetId ?? '')} ${String(d.action ?? '')}`.trim();
  const failure = String(d.reason ?? (d.result as { error?: { message?: unknown } } | undefined)?.error?.message ?? '');
  const line = (outcome: HistoryEntry['outcome'], messageKey: string, message: string): Mapped => ({
    kind: 'agent',
    name,
    outcome,
    message,
    messageKey,
    messageVars: { agent, reason: failure },
  });
  switch (action) {
    case 'action-started':
      return line('started', 'activity.agentStarted', `Agent "${agent}" runs this action.`);
    case 'action-result':
      return line('ok', 'activity.agentDone', `Done for agent "${agent}".`);
    case 'action-error':
      return line('error', 'activity.agentFailed', `Failed for agent "${agent}": ${failure}`);
    case 'action-refused':
      return line('error', 'activity.agentRefused', `Refused to agent "${agent}": ${failure}`);
    default:
      return undefined;
  }
}

/** One widget message: who to whom, its type and size, or why it was refused (never the payload). */
export function widgetMessageEntry(d: Data): Mapped {
  const name = `${String(d.from ?? '')} \u2192 ${String(d.to ?? '')}`;
  if (d.outcome === 'delivered') {
    const vars = { type: String(d.type ?? ''), bytes: Number(d.bytes ?? 0), count: Number(d.delivered ?? 0) };
    return {
      kind: 'message',
      name,
      outcome: 'ok',
      message: `"${vars.type}", ${vars.bytes} bytes, delivered to ${vars.count}`,
      messageKey: 'activity.messageDelivered',
      messageVars: vars,
    };
  }
  return {
    kind: 'message',
    name,
    outcome: 'error',
    message: `Refused: ${String(d.reason ?? '')}`,
    messageKey: 'activity.messageRefused',
    messageVars: { reason: String(d.reason ?? '') },
  };
}
