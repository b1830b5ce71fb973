// Opening a server's session: load the SDK, create the client, hand-shake through the gateway, discover.

import type { McpClientSdk } from './mcp-sdk.js';
import { LOCAL_CODES, MCPError, toMCPError } from './mcp-error.js';
import type { MCPServerInfo } from '../shared/types.js';
import { clientCapabilities } from '../shared/client-capabilities.js';
import { closeClient, newConnection, type BridgeContext } from './connection.js';
import { discover } from './discovery.js';
import { installNotificationHandlers, type ChangedList } from './notifications.js';
import type { ServerRequestHandlers } from './server-requests.js';
import type { ClientFeatures } from './client-features.js';
import { loadTaskRuntime, type TaskRuntime } from '../tasks/load-runtime.js';

/** What a connection needs from the bridge besides its shared context. */
export interface ConnectHooks {
  requests: ServerRequestHandlers;
  /** Re-lists a kind the server announced as changed. */
  refresh: (serverName: string, kind: ChangedList) => Promise<void>;
  /** Tasks, logs and the other client features. */
  features: ClientFeatures;
  /** Opens a new session after the gateway no longer knew this one (a replica that held it stopped). */
  reopen?: (serverName: string, transport: 'stdio' | 'http') => void;
}

/**
 * Connects (or reconnects) to a configured server and discovers its primitives. A newer connect of
 * the same server supersedes this one: its late events and its result are then ignored.
 */
export async function connectServer(
  context: BridgeContext,
  hooks: ConnectHooks,
  serverName: string,
  transport: 'stdio' | 'http',
): Promise<MCPServerInfo> {
  const { bus } = context;
  const previous = context.connections.get(serverName);
  // Lists shown from the gateway's catalog until this discovery: widgets hear what changed.
  const seededInfo = previous?.seeded ? previous.info : undefined;
  if (previous?.client) await closeClient(bus, previous, 'reconnecting');
  const connection = previous ?? newConnection(serverName, transport);
  connection.transport = transport;
  connection.generation += 1;
  connection.state = 'connecting';
  connection.lastError = null;
  context.connections.set(serverName, connection);
  const generation = connection.generation;

  let sdk: McpClientSdk;
  let runtime: TaskRuntime;
  try {
    [sdk, runtime] = await Promise.all([context.loadSdk(), loadTaskRuntime()]);
  } catch (error) {
    const mcpError = new MCPError(
      `The dashboard could not load its MCP client code (${(error as Error)?.message ?? String(error)}). Check that the gateway is running, then press Reconnect or reload the page.`,
      {
        jsonrpcCode: LOCAL_CODES.notConnected,
        serverName,
        operation: 'connect',
      },
    );
    if (connection.generation === generation) {
      connection.state = 'error';
      connection.lastError = mcpError.message;
      bus.emit('mcp:server:error', { serverName, error: mcpError });
    }
    throw mcpError;
  }
  const { StreamableHTTPClientTransport } = sdk;
  const Client = runtime.taskAwareClientClass(sdk);
  // 'auto': 2026-07-28 where the server speaks it (the gateway relays the probe), 2025-11-25 otherwise.
  const client = new Client(context.clientInfo, {
    capabilities: clientCapabilities() as never,
    listMaxPages: 1000,
    versionNegotiation: { mode: 'auto' },
  });
  client.onclose = () => {
    if (connection.generation !== generation || connection.state === 'idle') return;
    connection.state = 'disconnected';
    connection.client = null;
    bus.emit('mcp:server:disconnected', { serverName, reason: 'The connection to the gateway closed.' });
  };
  client.onerror = (error: Error) => {
    if (connection.generation !== generation) return;
    // Transport-level errors (e.g. a dropped SSE stream) are reported but do not by themselves end the session.
    bus.emit('mcp:server:error', { serverName, error: toMCPError(error, { serverName, operation: 'transport' }) });
  };
  installNotificationHandlers(client, connection, bus, hooks.refresh, hooks.features.logs);
  hooks.requests.install(client, serverName);
  hooks.requests.tasks = hooks.features.install(client, serverName, sdk, runtime);

  // A request of this session answered 404: the gateway (the replica that held the session, behind a balancer)
  // no longer knows it. Calls in flight end with a clear error (never retried), and a new session opens at once.
  let lost = false;
  const sessionLost = () => {
    if (lost || connection.generation !== generation || connection.state === 'idle') return;
    lost = true;
    const reason =
      'The gateway that held this server\u2019s session stopped or is shutting down; a new session is opening.';
    connection.state = 'connecting';
    connection.lastError = reason;
    connection.lostGeneration = generation;
    // Calls made meanwhile wait for the new session (readyClient), as they do while a session first opens.
    connection.ready = new Promise<void>((resolve) => (connection.settleReady = resolve));
    bus.emit('mcp:server:disconnected', { serverName, reason });
    void client.close().catch(() => {});
    hooks.reopen?.(serverName, transport);
  };
  const fetchWatching: typeof fetch = async (input, init) => {
    const response = await context.gateway.mcpFetch(input, init);
    const ending = (init?.method ?? 'GET').toUpperCase() === 'DELETE';
    if (response.status === 404 && !ending && new Headers(init?.headers).has('mcp-session-id')) sessionLost();
    return response;
  };
  const httpTransport = new StreamableHTTPClientTransport(context.gateway.mcpUrl(serverName), {
    fetch: fetchWatching,
    reconnectionOptions: {
      maxReconnectionDelay: 10_000,
      initialReconnectionDelay: 500,
      reconnectionDelayGrowFactor: 2,
      maxRetries: 3,
    },
  });
  try {
    await client.connect(httpTransport, { timeout: context.requestTimeout });
    connection.client = client;
    const info = await discover(context, connection, client);
    if (connection.generation !== generation)
      throw new MCPError('Superseded by a newer connection.', { jsonrpcCode: LOCAL_CODES.cancelled, serverName });
    connection.info = info;
    connection.seeded = false;
    connection.state = 'connected';
    bus.emit('mcp:server:connected', { serverName });
    for (const kind of changedSinceSeed(seededInfo, info)) bus.emit('mcp:server:list-changed', { serverName, kind });
    void hooks.features.restoreLevel(client, serverName);
    return info;
  } catch (error) {
    const mcpError = toMCPError(error, { serverName, operation: 'connect' });
    if (connection.generation === generation) {
      connection.state = 'error';
      connection.lastError = mcpError.message;
      connection.client = null;
      // Lists from the catalog are not shown for a server this page could not reach.
      if (connection.seeded) connection.info = undefined;
      connection.seeded = false;
      bus.emit('mcp:server:error', { serverName, error: mcpError });
    }
    try {
      await client.close();
    } catch {
      // already closed
    }
    throw mcpError;
  }
}

/** The lists whose content differs between the catalog's view and the session's own discovery. */
function changedSinceSeed(
  seeded: MCPServerInfo | undefined,
  info: MCPServerInfo,
): Array<'tools' | 'resources' | 'prompts'> {
  if (!seeded) return [];
  // The host's own decoration (MCPlet classification) is not what the server said.
  const text = (value: unknown) => JSON.stringify(value, (key, v: unknown) => (key === 'hostStatus' ? undefined : v));
  const kinds: Array<'tools' | 'resources' | 'prompts'> = [];
  if (text(seeded.tools) !== text(info.tools)) kinds.push('tools');
  if (
    text(seeded.resources) !== text(info.resources) ||
    text(seeded.resourceTemplates ?? []) !== text(info.resourceTemplates ?? [])
  )
    kinds.push('resources');
  if (text(seeded.prompts) !== text(info.prompts)) kinds.push('prompts');
  return kinds;
}
