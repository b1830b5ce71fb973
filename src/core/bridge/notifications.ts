// The server notifications the bridge follows: resource updates, list changes and log messages
// (task status and elicitation completion are followed in client-features.ts).

import type { Client } from '@modelcontextprotocol/client';
import type { EventBus } from '../services/event-bus.js';
import type { Connection } from './connection.js';
import type { LogStore } from '../logging/log-store.js';

/** A kind of list a server can announce as changed. */
export type ChangedList = 'tools' | 'resources' | 'prompts';

/** Routes the server's notifications to subscribers and the bus; `refresh` re-lists a changed kind. */
export function installNotificationHandlers(
  client: Client,
  connection: Connection,
  bus: EventBus,
  refresh: (serverName: string, kind: ChangedList) => Promise<void>,
  logs: LogStore,
): void {
  const { serverName } = connection;
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    const uri = String((notification.params as { uri?: unknown })?.uri ?? '');
    for (const callback of connection.subscriptions.get(uri) ?? []) {
      try {
        callback(uri);
      } catch (error) {
        console.error('[mcp-dashboard] resource subscription callback threw', error);
      }
    }
    bus.emit('mcp:resource:updated', { serverName, uri });
  });
  for (const kind of ['tools', 'resources', 'prompts'] as const) {
    client.setNotificationHandler(`notifications/${kind}/list_changed`, () => {
      // Refresh the host's own view first, so widgets that read getServer() see the new list.
      void refresh(serverName, kind).finally(() => bus.emit('mcp:server:list-changed', { serverName, kind }));
    });
  }
  // Kept as host state (the Log view) and announced as mcp:server:log.
  client.setNotificationHandler('notifications/message', (notification) => {
    logs.add(serverName, notification.params as { level?: unknown; logger?: unknown; data?: unknown });
  });
}
