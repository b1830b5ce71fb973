// Subscriptions to `notifications/resources/updated`: one server subscription per URI, shared by every callback.

import { LOCAL_CODES, MCPError, toMCPError } from './mcp-error.js';
import type { Unsubscribe } from '../shared/types.js';
import type { BridgeContext } from './connection.js';

/**
 * Subscribes to one URI's updates; the first callback subscribes on the server, the last one to go
 * unsubscribes there. The returned function unsubscribes this callback.
 */
export function subscribeToResource(
  context: BridgeContext,
  serverName: string,
  uri: string,
  callback: (uri: string) => void,
): Unsubscribe {
  const connection = context.connections.get(serverName);
  if (!connection)
    throw new MCPError(`There is no server named "${serverName}".`, {
      jsonrpcCode: LOCAL_CODES.notConnected,
      serverName,
    });
  let callbacks = connection.subscriptions.get(uri);
  if (!callbacks) {
    callbacks = new Set();
    connection.subscriptions.set(uri, callbacks);
    connection.client?.subscribeResource({ uri }).catch((error: unknown) => {
      context.bus.emit('mcp:server:error', {
        serverName,
        error: toMCPError(error, { serverName, operation: 'resources/subscribe' }),
      });
    });
  }
  callbacks.add(callback);
  return () => {
    const set = connection.subscriptions.get(uri);
    if (!set?.delete(callback) || set.size > 0) return;
    connection.subscriptions.delete(uri);
    connection.client?.unsubscribeResource({ uri }).catch(() => {
      // the server may already be gone; nothing to clean up there
    });
  };
}
