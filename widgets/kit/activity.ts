import type { EventBusInterface, Unsubscribe } from '../../src/core/types.js';
import { errorText } from './tool-text.js';
import { agentOf, trackAgentActivity } from './activity-agents.js';

/** One line of a server's activity. */
export interface ActivityEntry {
  id: number;
  time: number;
  kind: 'tool' | 'resource' | 'prompt' | 'server' | 'log' | 'app' | 'agent' | 'message';
  name: string;
  outcome: 'started' | 'ok' | 'error' | 'cancelled' | 'info';
  latency?: number;
  request?: unknown;
  response?: unknown;
  message?: string;
  /** The message as a kit catalog key and its variables, so a table can word it in the user's language. */
  messageKey?: string;
  messageVars?: Record<string, unknown>;
}

let nextId = 0;

/**
 * Follows the bus for one server and keeps its most recent activity (calls, reads, prompts,
 * connection changes, server log messages, and what its MCP App views did). Returns an unsubscribe.
 */
export function trackActivity(
  bus: EventBusInterface,
  serverName: string,
  onEntry: (entry: ActivityEntry) => void,
): Unsubscribe {
  const mine = (d: { serverName?: string } | undefined) => d?.serverName === serverName;
  const add = (entry: Omit<ActivityEntry, 'id' | 'time'>) => onEntry({ ...entry, id: ++nextId, time: Date.now() });
  const subs: Unsubscribe[] = [
    bus.on('mcp:tool:calling', (d: { serverName: string; toolName: string; args: unknown; source?: unknown; caller?: { surface?: string; id?: string } }) => {
      const agent = agentOf(d);
      if (mine(d)) add({ kind: 'tool', name: d.toolName, outcome: 'started', request: d.args, ...(agent ? { message: `Called by agent "${agent}"`, messageKey: 'activity.byAgent', messageVars: { agent } } : {}) });
    }),
    bus.on('mcp:tool:result', (d: { serverName: string; toolName: string; args: unknown; result: { isError?: boolean }; latency: number }) => {
      if (mine(d)) add({ kind: 'tool', name: d.toolName, outcome: d.result?.isError ? 'error' : 'ok', latency: d.latency, request: d.args, response: d.result });
    }),
    bus.on('mcp:tool:error', (d: { serverName: string; toolName: string; args: unknown; error: unknown; latency?: number }) => {
      if (mine(d)) add({ kind: 'tool', name: d.toolName, outcome: 'error', latency: d.latency, request: d.args, message: errorText(d.error).message });
    }),
    bus.on('mcp:tool:cancelled', (d: { serverName: string; toolName: string; sent?: boolean; latency?: number }) => {
      if (mine(d)) {
        add({ kind: 'tool', name: d.toolName, outcome: 'cancelled', latency: d.latency, message: d.sent ? 'Cancelled while running; the server was told to stop' : 'Cancelled before sending' });
      }
    }),
    bus.on('mcp:resource:read', (d: { serverName: string; uri: string; contents: unknown }) => {
      if (mine(d)) add({ kind: 'resource', name: d.uri, outcome: 'ok', response: d.contents });
    }),
    bus.on('mcp:resource:error', (d: { serverName: string; uri: string; error: unknown }) => {
      if (mine(d)) add({ kind: 'resource', name: d.uri, outcome: 'error', message: errorText(d.error).message });
    }),
    bus.on('mcp:prompt:result', (d: { serverName: string; promptName: string; messages: unknown }) => {
      if (mine(d)) add({ kind: 'prompt', name: d.promptName, outcome: 'ok', response: d.messages });
    }),
    bus.on('mcp:prompt:error', (d: { serverName: string; promptName: string; error: unknown }) => {
      if (mine(d)) add({ kind: 'prompt', name: d.promptName, outcome: 'error', message: errorText(d.error).message });
    }),
    bus.on('mcp:server:connected', (d) => {
      if (mine(d)) add({ kind: 'server', name: 'connected', outcome: 'info' });
    }),
    bus.on('mcp:server:disconnected', (d: { serverName: string; reason?: string }) => {
      if (mine(d)) add({ kind: 'server', name: 'disconnected', outcome: 'error', message: d.reason });
    }),
    bus.on('mcp:server:log', (d: { serverName: string; level?: string; data?: unknown }) => {
      if (mine(d)) add({ kind: 'log', name: String(d.level ?? 'info'), outcome: 'info', message: typeof d.data === 'string' ? d.data : JSON.stringify(d.data) });
    }),
    ...trackAppActivity(bus, mine, add),
    ...trackAgentActivity(bus, mine, add),
  ];
  return () => subs.forEach((u) => u());
}

type AppEvent = { serverName: string; viewId: string; toolName?: string; resourceUri?: string; text?: string; level?: string; data?: unknown;
  url?: string; outcome?: string; reason?: string; method?: string; message?: string; mode?: string; content?: unknown; structuredContent?: unknown };

/** Activity of MCP App views (host events `mcp:app:*`), one entry per thing the user may want to know. */
function trackAppActivity(
  bus: EventBusInterface,
  mine: (d: { serverName?: string } | undefined) => boolean,
  add: (entry: Omit<ActivityEntry, 'id' | 'time'>) => void,
): Unsubscribe[] {
  const on = (event: string, map: (d: AppEvent) => Omit<ActivityEntry, 'id' | 'time'>) =>
    bus.on(event, (d: AppEvent) => {
      if (mine(d)) add(map(d));
    });
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return [
    on('mcp:app:opened', (d) => ({ kind: 'app', name: d.toolName ?? d.viewId, outcome: 'started', message: `Opening the app ${d.resourceUri ?? ''}`, messageKey: 'app.opening', messageVars: { uri: d.resourceUri ?? '' } })),
    on('mcp:app:ready', (d) => ({ kind: 'app', name: d.viewId, outcome: 'ok', message: 'The app is running.', messageKey: 'app.running' })),
    on('mcp:app:message', (d) => ({ kind: 'app', name: 'ui/message', outcome: 'info', message: `Message from the app: ${d.text ?? ''}`, messageKey: 'app.message', messageVars: { text: d.text ?? '' }, request: d.content })),
    on('mcp:app:log', (d) => ({ kind: 'log', name: `app ${d.level ?? 'info'}`, outcome: 'info', message: text(d.data) })),
    on('mcp:app:context', (d) => ({
      kind: 'app',
      name: 'ui/update-model-context',
      outcome: 'info',
      message: 'The app updated what it tells the model.',
      messageKey: 'app.context',
      response: { content: d.content, structuredContent: d.structuredContent },
    })),
    on('mcp:app:link', (d) => ({ kind: 'app', name: 'ui/open-link', outcome: d.outcome === 'opened' ? 'ok' : d.outcome === 'declined' ? 'cancelled' : 'error', message: `${d.url ?? ''}${d.reason ? ` \u2014 ${d.reason}` : ''}` })),
    on('mcp:app:refused', (d) => ({ kind: 'app', name: d.method ?? 'request', outcome: 'error', message: `Refused: ${d.message ?? ''}`, messageKey: 'app.refused', messageVars: { message: d.message ?? '' } })),
    on('mcp:app:display-mode', (d) => ({ kind: 'app', name: 'display mode', outcome: 'info', message: `Now shown ${d.mode}.`, messageKey: 'app.mode', messageVars: { mode: d.mode ?? '' } })),
    on('mcp:app:error', (d) => ({ kind: 'app', name: d.viewId, outcome: 'error', message: d.message })),
    on('mcp:app:closed', (d) => ({ kind: 'app', name: d.viewId, outcome: 'info', message: `Closed: ${d.reason ?? ''}`, messageKey: 'app.closed', messageVars: { reason: d.reason ?? '' } })),
  ];
}
