// The bridge's per-server connections and the state its modules share.

import type { Client } from '@modelcontextprotocol/client';
import type { EventBus } from '../services/event-bus.js';
import type { GatewayClient } from '../shared/gateway-api/gateway-client.js';
import type { McpClientSdk } from './mcp-sdk.js';
import { LOCAL_CODES, MCPError } from './mcp-error.js';
import type { ConnectionState, MCPServerConnection, MCPServerInfo } from '../shared/types.js';
import type { DiscoveryHook } from './options.js';

/** One configured server as the bridge tracks it. */
export interface Connection {
  serverName: string;
  transport: 'stdio' | 'http';
  state: ConnectionState;
  client: Client | null;
  info: MCPServerInfo | undefined;
  lastError: string | null;
  subscriptions: Map<string, Set<(uri: string) => void>>;
  /** Incremented on each connect so stale close events from an old client are ignored. */
  generation: number;
  /** `info` came from the gateway's catalog and no session has discovered the server yet. */
  seeded?: boolean;
  /** Settles when the connect in flight has finished (either way); calls made meanwhile wait for it. */
  ready?: Promise<void>;
  /** Settles `ready`: called when the connect the host started after seeding has finished. */
  settleReady?: () => void;
  /** Settles when something needs the seeded server's session now (a call, a read): the host stops waiting to open it. */
  demanded?: Promise<void>;
  /** Settles `demanded`. */
  demand?: () => void;
  /**
   * The generation whose session the gateway no longer knew (404): a request it refused that way never reached
   * the server, so it may be sent once more on the new session.
   */
  lostGeneration?: number;
}

/** What the bridge's modules share: its settings, its connections and the discovery hook installed now. */
export interface BridgeContext {
  readonly bus: EventBus;
  readonly gateway: GatewayClient;
  readonly clientInfo: { name: string; version: string };
  readonly requestTimeout: number;
  readonly loadSdk: () => Promise<McpClientSdk>;
  readonly connections: Map<string, Connection>;
  /** Read where it is used: the host may install or remove it while a discovery runs. */
  discoveryHook: DiscoveryHook | undefined;
  /** The synchronous part of the hook, for lists shown from the gateway's catalog before discovery. */
  seedHook: ((info: MCPServerInfo) => void) | undefined;
}

/** A new, not yet connected entry for a server. */
export function newConnection(serverName: string, transport: 'stdio' | 'http'): Connection {
  return {
    serverName,
    transport,
    state: 'idle',
    client: null,
    info: undefined,
    lastError: null,
    subscriptions: new Map(),
    generation: 0,
  };
}

/** The server's client, or an `MCPError` saying why there is none (unknown server, not connected). */
export function clientFor(context: BridgeContext, serverName: string, operation: string): Client {
  const connection = context.connections.get(serverName);
  if (!connection) {
    throw new MCPError(`There is no server named "${serverName}" in this dashboard.`, {
      jsonrpcCode: LOCAL_CODES.notConnected,
      serverName,
      operation,
    });
  }
  if (!connection.client || connection.state !== 'connected') {
    throw new MCPError(
      `Server "${serverName}" is not connected${connection.lastError ? `: ${connection.lastError}` : '.'}`,
      {
        jsonrpcCode: LOCAL_CODES.notConnected,
        serverName,
        operation,
      },
    );
  }
  return connection.client;
}

/**
 * The server's client once a connect in flight has finished: a call made while a server shown from
 * the catalog is still opening its session waits for it rather than failing.
 */
export async function readyClient(context: BridgeContext, serverName: string, operation: string): Promise<Client> {
  const connection = context.connections.get(serverName);
  if (connection?.state === 'connecting' && connection.ready) {
    connection.demand?.();
    await connection.ready;
  }
  return clientFor(context, serverName, operation);
}

/** Closes the connection's client (if any), so its late events are ignored, and reports the disconnect. */
export async function closeClient(bus: EventBus, connection: Connection, reason: string): Promise<void> {
  const client = connection.client;
  connection.client = null;
  connection.generation += 1;
  if (!client) return;
  try {
    await client.close();
  } catch {
    // closing a broken transport can throw; the connection is gone either way
  }
  bus.emit('mcp:server:disconnected', { serverName: connection.serverName, reason });
}

/** Read-only view of one connection. */
export function connectionView(c: Connection): MCPServerConnection {
  return { serverName: c.serverName, transport: c.transport, state: c.state, info: c.info, lastError: c.lastError };
}
