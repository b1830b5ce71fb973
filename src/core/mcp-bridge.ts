import type { Client } from '@modelcontextprotocol/client';
import { loadMcpClientSdk, type McpClientSdk } from './mcp-sdk.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import type { EventBus } from './event-bus.js';
import { LOCAL_CODES, MCPError, toMCPError } from './mcp-error.js';
import { isWrongShape, listLeniently, summarizeProblems, type ListKind } from './list-items.js';
import type { GatewayClient } from './gateway-client.js';
import type {
  CallOptions,
  ConnectionState,
  MCPBridgeInterface,
  MCPPrompt,
  MCPResource,
  MCPResourceTemplate,
  MCPServerConnection,
  MCPServerInfo,
  MCPTool,
  PromptMessages,
  ResourceContents,
  SamplingRequest,
  SamplingResult,
  ToolResult,
  Unsubscribe,
} from './types.js';

/** Who asked for a sampling message: the server itself (`sampling/createMessage`) or a widget. */
export interface SamplingOrigin {
  kind: 'server' | 'widget';
  id: string;
}

/** Handles sampling for a server: asks the user (or policy) and returns what they approved. */
export type SamplingHandler = (serverName: string, request: SamplingRequest, origin?: SamplingOrigin) => Promise<SamplingResult>;

/** A server's `elicitation/create` request (form mode). */
export interface ElicitationRequest {
  message: string;
  requestedSchema: Record<string, unknown>;
  mode?: string;
  [key: string]: unknown;
}

/** The user's answer to an elicitation. */
export interface ElicitationResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** Asks the user to answer a server's elicitation. */
export type ElicitationHandler = (serverName: string, request: ElicitationRequest) => Promise<ElicitationResult>;

/** The roots the dashboard exposes to a server (`roots/list`). */
export type RootsProvider = (serverName: string) => Array<{ uri: string; name?: string }>;

/** Capabilities the dashboard declares as an MCP client (so servers offer sampling/elicitation/roots features). */
export const CLIENT_CAPABILITIES = { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } } as const;

/** Runs while a server is discovered (and when its tools are re-listed); may read resources (e.g. MCPlet schemas). */
export type DiscoveryHook = (info: MCPServerInfo, read: (uri: string) => Promise<ResourceContents>) => Promise<MCPServerInfo>;

/** Adds host-computed fields to the `mcp:tool:result` event of a call (e.g. the MCPlet result check). */
export type ResultAnnotator = (serverName: string, toolName: string, result: ToolResult) => Record<string, unknown> | undefined;

interface Connection {
  serverName: string;
  transport: 'stdio' | 'http';
  state: ConnectionState;
  client: Client | null;
  info: MCPServerInfo | undefined;
  lastError: string | null;
  subscriptions: Map<string, Set<(uri: string) => void>>;
  /** Incremented on each connect so stale close events from an old client are ignored. */
  generation: number;
}

/** Options for creating the bridge. */
export interface MCPBridgeOptions {
  bus: EventBus;
  gateway: GatewayClient;
  clientInfo?: { name: string; version: string };
  /** Default request timeout (ms); progress notifications reset it. */
  requestTimeout?: number;
  samplingHandler?: SamplingHandler;
  elicitationHandler?: ElicitationHandler;
  rootsProvider?: RootsProvider;
  /** Handshakes (connect + discovery) run at once; the rest wait (default 4, under the browser's six connections). */
  maxConcurrentHandshakes?: number;
  /** Loads the SDK's client code (default: its own chunk, on the first connection). */
  loadSdk?: () => Promise<McpClientSdk>;
}

/** Extra per-call options the host uses (correlation id for events). */
export interface HostCallOptions extends CallOptions {
  requestId?: string;
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * The host's MCPBridge (MCP-WP-6.2): one `@modelcontextprotocol/client` per server, reached through
 * the gateway's Streamable HTTP relay. Every operation emits its MCP-WP §8.2 events; JSON-RPC and
 * transport failures become `MCPError`s with the code preserved.
 *
 * This object is the raw bridge: it does not ask for confirmation. Widgets never get it; they get a
 * gated view (see widget-bridge.ts) whose `callTool` goes through the confirmation flow.
 */
export class MCPBridge implements MCPBridgeInterface {
  private readonly connections = new Map<string, Connection>();
  private readonly bus: EventBus;
  private readonly gateway: GatewayClient;
  private readonly clientInfo: { name: string; version: string };
  private readonly requestTimeout: number;
  private samplingHandler: SamplingHandler | undefined;
  private elicitationHandler: ElicitationHandler | undefined;
  private rootsProvider: RootsProvider;
  private readonly handshakes: ConcurrencyLimit;
  private discoveryHook: DiscoveryHook | undefined;
  private resultAnnotator: ResultAnnotator | undefined;
  private readonly loadSdk: () => Promise<McpClientSdk>;

  constructor(options: MCPBridgeOptions) {
    this.bus = options.bus;
    this.gateway = options.gateway;
    this.clientInfo = options.clientInfo ?? { name: 'mcp-dashboard', version: '0.1.0' };
    this.requestTimeout = options.requestTimeout ?? 60_000;
    this.samplingHandler = options.samplingHandler;
    this.elicitationHandler = options.elicitationHandler;
    this.rootsProvider = options.rootsProvider ?? (() => []);
    this.handshakes = new ConcurrencyLimit(options.maxConcurrentHandshakes ?? 4);
    this.loadSdk = options.loadSdk ?? loadMcpClientSdk;
  }

  /** Installs the human-in-the-loop sampling handler (MCP-WP-6.2.7, 6.2.8). */
  setSamplingHandler(handler: SamplingHandler | undefined): void {
    this.samplingHandler = handler;
  }

  /** Installs the handler that asks the user to answer a server's elicitation. */
  setElicitationHandler(handler: ElicitationHandler | undefined): void {
    this.elicitationHandler = handler;
  }

  /** Sets where `roots/list` answers come from (default: no roots). */
  setRootsProvider(provider: RootsProvider): void {
    this.rootsProvider = provider;
  }

  /** Tells every connected server that the roots changed (`notifications/roots/list_changed`). */
  async notifyRootsChanged(): Promise<void> {
    await Promise.all(
      [...this.connections.values()].map((c) => c.client?.sendRootsListChanged().catch(() => {
        // a server that is gone does not need to know
      })),
    );
  }

  /** Installs the hook run on discovery and tool re-listing (MCPlet classification, schema prefetch). */
  setDiscoveryHook(hook: DiscoveryHook | undefined): void {
    this.discoveryHook = hook;
  }

  /** Installs the annotator for result events. */
  setResultAnnotator(annotator: ResultAnnotator | undefined): void {
    this.resultAnnotator = annotator;
  }

  /** Connects (or reconnects) to a configured server and discovers its primitives (MCP-WP-10.1.2). */
  connect(serverName: string, transport: 'stdio' | 'http'): Promise<MCPServerInfo> {
    // Queued here rather than in the browser, so each handshake's timeout starts when it is sent.
    return this.handshakes.run(() => this.connectNow(serverName, transport));
  }

  private async connectNow(serverName: string, transport: 'stdio' | 'http'): Promise<MCPServerInfo> {
    const previous = this.connections.get(serverName);
    if (previous?.client) await this.closeClient(previous, 'reconnecting');
    const connection: Connection = previous ?? {
      serverName,
      transport,
      state: 'idle',
      client: null,
      info: undefined,
      lastError: null,
      subscriptions: new Map(),
      generation: 0,
    };
    connection.transport = transport;
    connection.generation += 1;
    connection.state = 'connecting';
    connection.lastError = null;
    this.connections.set(serverName, connection);
    const generation = connection.generation;

    let sdk: McpClientSdk;
    try {
      sdk = await this.loadSdk();
    } catch (error) {
      const mcpError = new MCPError(`The dashboard could not load its MCP client code (${(error as Error)?.message ?? String(error)}). Check that the gateway is running, then press Reconnect or reload the page.`, {
        jsonrpcCode: LOCAL_CODES.notConnected,
        serverName,
        operation: 'connect',
      });
      if (connection.generation === generation) {
        connection.state = 'error';
        connection.lastError = mcpError.message;
        this.bus.emit('mcp:server:error', { serverName, error: mcpError });
      }
      throw mcpError;
    }
    const { Client, StreamableHTTPClientTransport } = sdk;
    // MCP Apps (SEP-1865) is negotiated as an extension: servers may only offer ui:// views to hosts that say so.
    const capabilities = { ...structuredClone(CLIENT_CAPABILITIES), extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
    const client = new Client(this.clientInfo, { capabilities: capabilities as never, listMaxPages: 1000 });
    client.onclose = () => {
      if (connection.generation !== generation || connection.state === 'idle') return;
      connection.state = 'disconnected';
      connection.client = null;
      this.bus.emit('mcp:server:disconnected', { serverName, reason: 'The connection to the gateway closed.' });
    };
    client.onerror = (error: Error) => {
      if (connection.generation !== generation) return;
      // Transport-level errors (e.g. a dropped SSE stream) are reported but do not by themselves end the session.
      this.bus.emit('mcp:server:error', { serverName, error: toMCPError(error, { serverName, operation: 'transport' }) });
    };
    this.installNotificationHandlers(client, connection);
    this.installRequestHandlers(client, connection);

    const httpTransport = new StreamableHTTPClientTransport(this.gateway.mcpUrl(serverName), {
      fetch: this.gateway.mcpFetch,
      reconnectionOptions: { maxReconnectionDelay: 10_000, initialReconnectionDelay: 500, reconnectionDelayGrowFactor: 2, maxRetries: 3 },
    });
    try {
      await client.connect(httpTransport, { timeout: this.requestTimeout });
      connection.client = client;
      const info = await this.discover(connection, client);
      if (connection.generation !== generation) throw new MCPError('Superseded by a newer connection.', { jsonrpcCode: LOCAL_CODES.cancelled, serverName });
      connection.info = info;
      connection.state = 'connected';
      this.bus.emit('mcp:server:connected', { serverName });
      return info;
    } catch (error) {
      const mcpError = toMCPError(error, { serverName, operation: 'connect' });
      if (connection.generation === generation) {
        connection.state = 'error';
        connection.lastError = mcpError.message;
        connection.client = null;
        this.bus.emit('mcp:server:error', { serverName, error: mcpError });
      }
      try {
        await client.close();
      } catch {
        // already closed
      }
      throw mcpError;
    }
  }

  /** Closes a server's connection (MCP-WP-10.2.2 step 3). */
  async disconnect(serverName: string): Promise<void> {
    const connection = this.connections.get(serverName);
    if (!connection) return;
    await this.closeClient(connection, 'closed by the dashboard');
    connection.state = 'idle';
  }

  private async closeClient(connection: Connection, reason: string): Promise<void> {
    const client = connection.client;
    connection.client = null;
    connection.generation += 1;
    if (!client) return;
    try {
      await client.close();
    } catch {
      // closing a broken transport can throw; the connection is gone either way
    }
    this.bus.emit('mcp:server:disconnected', { serverName: connection.serverName, reason });
  }

  private installNotificationHandlers(client: Client, connection: Connection): void {
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
      this.bus.emit('mcp:resource:updated', { serverName, uri });
    });
    for (const kind of ['tools', 'resources', 'prompts'] as const) {
      client.setNotificationHandler(`notifications/${kind}/list_changed`, () => {
        // Refresh the host's own view first, so widgets that read getServer() see the new list.
        void this.refreshKind(serverName, kind).finally(() => this.bus.emit('mcp:server:list-changed', { serverName, kind }));
      });
    }
    client.setNotificationHandler('notifications/message', (notification) => {
      this.bus.emit('mcp:server:log', { serverName, ...(notification.params as object) });
    });
  }

  private installRequestHandlers(client: Client, connection: Connection): void {
    const { serverName } = connection;
    client.setRequestHandler('sampling/createMessage', async (request) => {
      if (!this.samplingHandler) {
        throw new MCPError('This dashboard has no way to answer sampling requests right now.', { jsonrpcCode: -32601, serverName, operation: 'sampling/createMessage' });
      }
      const params = request.params as unknown as SamplingRequest;
      this.bus.emit('mcp:sampling:requested', { serverName, origin: 'server', request: params });
      const result = await this.samplingHandler(serverName, params, { kind: 'server', id: serverName });
      this.bus.emit('mcp:sampling:result', { serverName, origin: 'server', result });
      return result as never;
    });
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as unknown as ElicitationRequest;
      if (!this.elicitationHandler || (params.mode !== undefined && params.mode !== 'form')) return { action: 'decline' } as never;
      this.bus.emit('mcp:elicitation:requested', { serverName, message: params.message });
      const result = await this.elicitationHandler(serverName, params);
      this.bus.emit('mcp:elicitation:result', { serverName, action: result.action });
      return result as never;
    });
    client.setRequestHandler('roots/list', async () => ({ roots: this.rootsProvider(serverName) }) as never);
  }

  private async refreshKind(serverName: string, kind: 'tools' | 'resources' | 'prompts'): Promise<void> {
    try {
      if (kind === 'tools') await this.listTools(serverName);
      else if (kind === 'resources') {
        await this.listResources(serverName);
        await this.listResourceTemplates(serverName);
      } else await this.listPrompts(serverName);
    } catch {
      // reported through mcp:server:error by relist()
    }
  }

  private async discover(connection: Connection, client: Client): Promise<MCPServerInfo> {
    const capabilities = (client.getServerCapabilities() ?? {}) as MCPServerInfo['capabilities'];
    const problems: NonNullable<MCPServerInfo['listProblems']> = {};
    const list = <T>(kind: ListKind, viaSdk: () => Promise<T[]>) => this.fetchList(client, connection.serverName, kind, viaSdk, problems);
    const [tools, resources, resourceTemplates, prompts] = await Promise.all([
      capabilities.tools ? list('tools', () => client.listTools().then((r) => r.tools as MCPTool[])) : Promise.resolve([]),
      capabilities.resources ? list('resources', () => client.listResources().then((r) => r.resources as MCPResource[])) : Promise.resolve([]),
      capabilities.resources
        ? list('resourceTemplates', () => client.listResourceTemplates().then((r) => r.resourceTemplates as MCPResourceTemplate[])).catch(() => [] as MCPResourceTemplate[])
        : Promise.resolve([]),
      capabilities.prompts ? list('prompts', () => client.listPrompts().then((r) => r.prompts as MCPPrompt[])) : Promise.resolve([]),
    ]);
    const version = client.getServerVersion();
    const info: MCPServerInfo = {
      serverName: connection.serverName,
      transport: connection.transport,
      protocolVersion: client.getNegotiatedProtocolVersion() ?? 'unknown',
      capabilities,
      tools,
      resources,
      resourceTemplates,
      prompts,
      serverVersion: version ? { name: String(version.name), version: String(version.version), title: version.title } : undefined,
      instructions: client.getInstructions(),
      ...(Object.keys(problems).length ? { listProblems: problems } : {}),
    };
    return this.discoveryHook ? this.discoveryHook(info, (uri) => this.readQuietly(client, uri)) : info;
  }

  /** `resources/read` for the host's own needs (no events, no cache). */
  private async readQuietly(client: Client, uri: string): Promise<ResourceContents> {
    return (await client.readResource({ uri }, { timeout: this.requestTimeout, cacheMode: 'bypass' })) as ResourceContents;
  }

  /**
   * Lists one kind through the SDK. When the SDK refuses the answer because of its shape, fetches it
   * again without that all-or-nothing check and keeps the well-formed items, writing why the others
   * were left out into `problems` (MCP-WP-9.1.3): one broken tool must not hide a server's others.
   */
  private async fetchList<T>(client: Client, serverName: string, kind: ListKind, viaSdk: () => Promise<T[]>, problems: NonNullable<MCPServerInfo['listProblems']>): Promise<T[]> {
    delete problems[kind];
    try {
      return await viaSdk();
    } catch (error) {
      if (!isWrongShape(error)) throw error;
    }
    try {
      const checked = await listLeniently<T>(client, kind, serverName);
      if (checked.problems.length) problems[kind] = summarizeProblems(kind, checked.items.length + checked.problems.length, checked.problems);
      return checked.items;
    } catch (error) {
      if (!(error instanceof MCPError) || error.jsonrpcCode !== -32603) throw error;
      problems[kind] = error.message;
      return [];
    }
  }

  /** The server info with one kind's list problems replaced. */
  private static withProblems(info: MCPServerInfo, problems: NonNullable<MCPServerInfo['listProblems']>): MCPServerInfo {
    const next = { ...info, listProblems: Object.keys(problems).length ? problems : undefined };
    if (!next.listProblems) delete next.listProblems;
    return next;
  }

  private clientFor(serverName: string, operation: string): Client {
    const connection = this.connections.get(serverName);
    if (!connection) {
      throw new MCPError(`There is no server named "${serverName}" in this dashboard.`, { jsonrpcCode: LOCAL_CODES.notConnected, serverName, operation });
    }
    if (!connection.client || connection.state !== 'connected') {
      throw new MCPError(`Server "${serverName}" is not connected${connection.lastError ? `: ${connection.lastError}` : '.'}`, {
        jsonrpcCode: LOCAL_CODES.notConnected,
        serverName,
        operation,
      });
    }
    return connection.client;
  }

  /** Read-only view of one connection. */
  getServer(serverName: string): MCPServerConnection | undefined {
    const c = this.connections.get(serverName);
    if (!c) return undefined;
    return { serverName: c.serverName, transport: c.transport, state: c.state, info: c.info, lastError: c.lastError };
  }

  /** Names of every server the bridge knows. */
  listServers(): string[] {
    return [...this.connections.keys()];
  }

  /** True when the server's session is up. */
  isConnected(serverName: string): boolean {
    return this.connections.get(serverName)?.state === 'connected';
  }

  /** Sends `tools/call` (MCP-WP-6.2.2). Callers outside the host go through the confirmation flow instead. */
  async callTool(serverName: string, toolName: string, args: object, options: HostCallOptions = {}): Promise<ToolResult> {
    const { requestId } = options;
    this.bus.emit('mcp:tool:calling', { serverName, toolName, args, requestId });
    const started = now();
    try {
      const client = this.clientFor(serverName, 'tools/call');
      const tool = this.connections.get(serverName)?.info?.tools.find((t) => t.name === toolName);
      const meta = options._meta && typeof options._meta === 'object' && Object.keys(options._meta).length ? options._meta : undefined;
      const result = (await client.callTool(
        { name: toolName, arguments: args as Record<string, unknown>, ...(meta ? { _meta: meta } : {}) },
        {
          timeout: options.timeout ?? this.requestTimeout,
          resetTimeoutOnProgress: true,
          signal: options.signal,
          toolDefinition: tool as never,
          onprogress: (progress) => {
            this.bus.emit('mcp:tool:progress', { serverName, toolName, requestId, ...progress });
            options.onProgress?.(progress);
          },
        },
      )) as ToolResult;
      const latency = now() - started;
      let extra: Record<string, unknown> | undefined;
      try {
        extra = this.resultAnnotator?.(serverName, toolName, result);
      } catch (error) {
        console.error('[mcp-dashboard] result annotator threw', error);
      }
      this.bus.emit('mcp:tool:result', { ...extra, serverName, toolName, args, result, latency, requestId });
      return result;
    } catch (error) {
      if (options.signal?.aborted) {
        // The SDK has sent notifications/cancelled; it reports the abort as a timeout, so say what happened.
        const reason = typeof options.signal.reason === 'string' ? options.signal.reason : 'You cancelled the call';
        const cancelled = new MCPError(`${reason}; the server was told to stop (notifications/cancelled).`, {
          jsonrpcCode: LOCAL_CODES.cancelled,
          serverName,
          operation: 'tools/call',
          cause: error,
        });
        this.bus.emit('mcp:tool:cancelled', { serverName, toolName, requestId, sent: true, reason, latency: now() - started });
        throw cancelled;
      }
      const mcpError = toMCPError(error, { serverName, operation: 'tools/call' });
      this.bus.emit('mcp:tool:error', { serverName, toolName, args, error: mcpError, latency: now() - started, requestId });
      if (mcpError.jsonrpcCode === -32601) {
        // MCP-WP-6.2 table: "method not found" → refresh capabilities and tell the widgets.
        void this.refreshKind(serverName, 'tools').finally(() => this.bus.emit('mcp:server:list-changed', { serverName, kind: 'tools' }));
      }
      throw mcpError;
    }
  }

  /** Sends `resources/read` (MCP-WP-6.2.3). */
  async readResource(serverName: string, uri: string): Promise<ResourceContents> {
    try {
      const client = this.clientFor(serverName, 'resources/read');
      const result = (await client.readResource({ uri }, { timeout: this.requestTimeout, cacheMode: 'bypass' })) as ResourceContents;
      this.bus.emit('mcp:resource:read', { serverName, uri, contents: result });
      return result;
    } catch (error) {
      const mcpError = toMCPError(error, { serverName, operation: 'resources/read' });
      this.bus.emit('mcp:resource:error', { serverName, uri, error: mcpError });
      throw mcpError;
    }
  }

  /** Sends `prompts/get` (MCP-WP-6.2.4). */
  async getPrompt(serverName: string, promptName: string, args: object): Promise<PromptMessages> {
    try {
      const client = this.clientFor(serverName, 'prompts/get');
      const result = (await client.getPrompt(
        { name: promptName, arguments: args as Record<string, string> },
        { timeout: this.requestTimeout },
      )) as PromptMessages;
      this.bus.emit('mcp:prompt:result', { serverName, promptName, messages: result });
      return result;
    } catch (error) {
      const mcpError = toMCPError(error, { serverName, operation: 'prompts/get' });
      this.bus.emit('mcp:prompt:error', { serverName, promptName, error: mcpError });
      throw mcpError;
    }
  }

  /**
   * Runs a widget's sampling request through the human-in-the-loop handler (MCP-WP-6.2.7, 6.2.8):
   * the person writes or approves the assistant message, exactly as for a server's own
   * `sampling/createMessage`. Unknown request fields pass through unchanged (MCP-WP-6.2.9).
   */
  async createMessage(serverName: string, request: SamplingRequest, origin: SamplingOrigin = { kind: 'widget', id: 'host' }): Promise<SamplingResult> {
    try {
      this.clientFor(serverName, 'sampling/createMessage');
      if (!request || typeof request !== 'object' || !Array.isArray(request.messages) || typeof request.maxTokens !== 'number') {
        throw new MCPError('A sampling request needs "messages" (a list) and "maxTokens" (a number).', { jsonrpcCode: -32602, serverName, operation: 'sampling/createMessage' });
      }
      if (!this.samplingHandler) {
        throw new MCPError('Sampling needs a person to approve each message, and no approval dialog is installed.', {
          jsonrpcCode: -32601,
          serverName,
          operation: 'sampling/createMessage',
        });
      }
      this.bus.emit('mcp:sampling:requested', { serverName, origin: origin.kind, request });
      const result = await this.samplingHandler(serverName, request, origin);
      this.bus.emit('mcp:sampling:result', { serverName, origin: origin.kind, result });
      return result;
    } catch (error) {
      const mcpError = toMCPError(error, { serverName, operation: 'sampling/createMessage' });
      this.bus.emit('mcp:sampling:error', { serverName, error: mcpError });
      throw mcpError;
    }
  }

  /** Re-lists tools (all pages) and updates the cached server info. */
  async listTools(serverName: string): Promise<MCPTool[]> {
    return this.relist(serverName, 'tools', async (client) => (await client.listTools(undefined, { cacheMode: 'refresh' })).tools as MCPTool[]);
  }

  /** Re-lists resources (all pages). */
  async listResources(serverName: string): Promise<MCPResource[]> {
    return this.relist(serverName, 'resources', async (client) => (await client.listResources(undefined, { cacheMode: 'refresh' })).resources as MCPResource[]);
  }

  /** Re-lists prompts (all pages). */
  async listPrompts(serverName: string): Promise<MCPPrompt[]> {
    return this.relist(serverName, 'prompts', async (client) => (await client.listPrompts(undefined, { cacheMode: 'refresh' })).prompts as MCPPrompt[]);
  }

  /** Re-lists resource templates (all pages). */
  async listResourceTemplates(serverName: string): Promise<MCPResourceTemplate[]> {
    try {
      const client = this.clientFor(serverName, 'resources/templates/list');
      const connection = this.connections.get(serverName)!;
      if (!connection.info?.capabilities.resources) return [];
      const problems = { ...connection.info.listProblems };
      const templates = await this.fetchList(client, serverName, 'resourceTemplates', async () => (await client.listResourceTemplates(undefined, { cacheMode: 'refresh' })).resourceTemplates as MCPResourceTemplate[], problems);
      if (connection.info) connection.info = MCPBridge.withProblems({ ...connection.info, resourceTemplates: templates }, problems);
      return templates;
    } catch (error) {
      const mcpError = toMCPError(error, { serverName, operation: 'resources/templates/list' });
      if (mcpError.jsonrpcCode === -32601) return [];
      throw mcpError;
    }
  }

  private async relist<K extends 'tools' | 'resources' | 'prompts'>(
    serverName: string,
    kind: K,
    fetcher: (client: Client) => Promise<MCPServerInfo[K]>,
  ): Promise<MCPServerInfo[K]> {
    try {
      const client = this.clientFor(serverName, `${kind}/list`);
      const connection = this.connections.get(serverName)!;
      if (!connection.info?.capabilities[kind]) return [] as unknown as MCPServerInfo[K];
      const problems = { ...connection.info.listProblems };
      let items = (await this.fetchList<unknown>(client, serverName, kind, () => fetcher(client) as Promise<unknown[]>, problems)) as MCPServerInfo[K];
      if (kind === 'tools' && this.discoveryHook && connection.info) {
        const updated = await this.discoveryHook({ ...connection.info, tools: items as MCPTool[] }, (uri) => this.readQuietly(client, uri));
        items = updated.tools as MCPServerInfo[K];
      }
      if (connection.info) connection.info = MCPBridge.withProblems({ ...connection.info, [kind]: items }, problems);
      this.bus.emit(`mcp:${kind}:listed`, { serverName, count: items.length });
      return items;
    } catch (error) {
      const mcpError = toMCPError(error, { serverName, operation: `${kind}/list` });
      this.bus.emit('mcp:server:error', { serverName, error: mcpError });
      throw mcpError;
    }
  }

  /** Subscribes to `notifications/resources/updated` for one URI; the returned function unsubscribes. */
  subscribeToResource(serverName: string, uri: string, callback: (uri: string) => void): Unsubscribe {
    const connection = this.connections.get(serverName);
    if (!connection) throw new MCPError(`There is no server named "${serverName}".`, { jsonrpcCode: LOCAL_CODES.notConnected, serverName });
    let callbacks = connection.subscriptions.get(uri);
    if (!callbacks) {
      callbacks = new Set();
      connection.subscriptions.set(uri, callbacks);
      connection.client?.subscribeResource({ uri }).catch((error: unknown) => {
        this.bus.emit('mcp:server:error', { serverName, error: toMCPError(error, { serverName, operation: 'resources/subscribe' }) });
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
}
