import type { EventBusInterface, Unsubscribe } from '../../src/core/types.js';
import { errorText } from './tool-text.js';

/** One line of a server's activity. */
export interface ActivityEntry {
  id: number;
  time: number;
  kind: 'tool' | 'resource' | 'prompt' | 'server' | 'log';
  name: string;
  outcome: 'started' | 'ok' | 'error' | 'cancelled' | 'info';
  latency?: number;
  request?: unknown;
  response?: unknown;
  message?: string;
}

let nextId = 0;

/**
 * Follows the bus for one server and keeps its most recent activity (calls, reads, prompts,
 * connection changes, server log messages). Returns an unsubscribe.
 */
export function trackActivity(
  bus: EventBusInterface,
  serverName: string,
  onEntry: (entry: ActivityEntry) => void,
): Unsubscribe {
  const mine = (d: { serverName?: string } | undefined) => d?.serverName === serverName;
  const add = (entry: Omit<ActivityEntry, 'id' | 'time'>) => onEntry({ ...entry, id: ++nextId, time: Date.now() });
  const subs: Unsubscribe[] = [
    bus.on('mcp:tool:calling', (d: { serverName: string; toolName: string; args: unknown }) => {
      if (mine(d)) add({ kind: 'tool', name: d.toolName, outcome: 'started', request: d.args });
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
  ];
  return () => subs.forEach((u) => u());
}
