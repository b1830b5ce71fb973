import { loadMcpClientSdk } from './mcp-sdk.js';
import { ConcurrencyLimit } from '../invocation/concurrency-limit.js';
import type {
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
} from '../shared/types.js';
import { connectServer } from './connect.js';
import { closeClient, connectionView, newConnection, type BridgeContext } from './connection.js';
import { relist, relistResourceTemplates } from './lists.js';
import type { ChangedList } from './notifications.js';
import type { DiscoveryHook, HostCallOptions, MCPBridgeOptions, ResultAnnotator } from './options.js';
import type { ElicitationHandler, RootsProvider, SamplingHandler, SamplingOrigin } from './server-request-types.js';
import { ServerRequestHandlers } from './server-requests.js';
import { ClientFeatures, type RootsSource } from './client-features.js';
import type { UrlElicitationHandler } from '../elicitation/url-elicitation.js';
import { callTool } from './tool-call.js';
import { getPrompt, readResource, type ReadOptions } from './reads.js';
import { createMessage } from './widget-sampling.js';
import { subscribeToResource } from './resource-subscriptions.js';

export { CLIENT_CAPABILITIES } from '../shared/client-capabilities.js';
export { agentHint } from './event-caller.js';
export type { DiscoveryHook, HostCallOptions, MCPBridgeOptions, ResultAnnotator } from './options.js';
export type {
  ElicitationHandler,
  ElicitationRequest,
  ElicitationResult,
  RootsProvider,
  SamplingHandler,
  SamplingOrigin,
} from './server-request-types.js';

/**
 * The host's MCPBridge (MCP-WP-6.2): one `@modelcontextprotocol/client` per server, reached through
 * the gateway's Streamable HTTP relay. Every operation emits its MCP-WP §8.2 events; JSON-RPC and
 * transport failures become `MCPError`s with the code preserved.
 *
 * This object is the raw bridge: it does not ask for confirmation. Widgets never get it; they get a
 * gated view (see widget-bridge.ts) whose `callTool` goes through the confirmation flow.
 */
export class MCPBridge implements Omit<MCPBridgeInterface, 'createMessage'> {
  // createMessage differs: the host names who asks (a SamplingOrigin); widgets get theirs from widget-bridge.ts.
  private readonly context: BridgeContext;
  private readonly requests: ServerRequestHandlers;
  private readonly handshakes: ConcurrencyLimit;
  private resultAnnotator: ResultAnnotator | undefined;
  /** Tasks, logs, completions and roots (host state per server). */
  readonly features: ClientFeatures;

  constructor(options: MCPBridgeOptions) {
    this.context = {
      bus: options.bus,
      gateway: options.gateway,
      clientInfo: options.clientInfo ?? { name: 'mcp-dashboard', version: '0.1.0' },
      requestTimeout: options.requestTimeout ?? 60_000,
      loadSdk: options.loadSdk ?? loadMcpClientSdk,
      connections: new Map(),
      discoveryHook: undefined,
      seedHook: undefined,
    };
    this.requests = new ServerRequestHandlers(options.bus, options);
    this.features = new ClientFeatures(options.bus, this.context);
    this.handshakes = new ConcurrencyLimit(options.maxConcurrentHandshakes ?? 4);
  }

  /** Installs the human-in-the-loop sampling handler (MCP-WP-6.2.7, 6.2.8). */
  setSamplingHandler(handler: SamplingHandler | undefined): void {
    this.requests.sampling = handler;
  }

  /** Installs the handler that asks the user to answer a server's elicitation. */
  setElicitationHandler(handler: ElicitationHandler | undefined): void {
    this.requests.elicitation = handler;
  }

  /** Sets where `roots/list` answers come from (default: no roots). */
  setRootsProvider(provider: RootsProvider): void {
    this.requests.roots = provider;
  }

  /** Installs the handler that asks the user to open a page (URL-mode elicitation and -32042). */
  setUrlElicitationHandler(handler: UrlElicitationHandler | undefined): void {
    this.requests.urlElicitation = handler;
  }

  /** The handler for URL elicitations, for the ToolInvoker's -32042 path. */
  get urlElicitationHandler(): UrlElicitationHandler | undefined {
    return this.requests.urlElicitation;
  }

  /** Takes the roots (and each server's own editable list) from `source`; `roots/list` answers from it. */
  setRootsSource(source: RootsSource): void {
    this.features.roots = source;
    this.requests.roots = (serverName) =>
      source.forServer(serverName).map(({ uri, name }) => (name ? { uri, name } : { uri }));
  }

  /** Tells connected servers that the roots changed (`notifications/roots/list_changed`): one server, or all. */
  notifyRootsChanged(serverName?: string): Promise<void> {
    return this.features.notifyRootsChanged(serverName);
  }

  /** Installs the hook run on discovery and tool re-listing (MCPlet classification, schema prefetch). */
  setDiscoveryHook(hook: DiscoveryHook | undefined, seedHook?: (info: MCPServerInfo) => void): void {
    this.context.discoveryHook = hook;
    this.context.seedHook = hook ? seedHook : undefined;
  }

  /** Installs the annotator for result events. */
  setResultAnnotator(annotator: ResultAnnotator | undefined): void {
    this.resultAnnotator = annotator;
  }

  /** Connects (or reconnects) to a configured server and discovers its primitives (MCP-WP-10.1.2). */
  connect(serverName: string, transport: 'stdio' | 'http'): Promise<MCPServerInfo> {
    // Queued here rather than in the browser, so each handshake's timeout starts when it is sent.
    const connecting = this.handshakes.run(() =>
      connectServer(
        this.context,
        {
          requests: this.requests,
          features: this.features,
          refresh: (name, kind) => this.refreshKind(name, kind),
          reopen: (name, kind) => void this.connect(name, kind).catch(() => {}),
        },
        serverName,
        transport,
      ),
    );
    const settle = this.context.connections.get(serverName)?.settleReady;
    if (settle) void connecting.then(settle, settle);
    return connecting;
  }

  /**
   * Shows a server from what the gateway discovered on it (`GET /api/catalog`) before this
   * page's own session is open: `getServer()` has the lists at once, and calls wait for the session.
   * Does nothing once the server has a session (its own discovery wins).
   */
  seed(info: MCPServerInfo): void {
    const existing = this.context.connections.get(info.serverName);
    // A connect already in flight (started without the catalog) discovers the server itself.
    if (existing && (existing.client || existing.info || existing.state === 'connecting')) return;
    const connection = existing ?? newConnection(info.serverName, info.transport);
    connection.info = info;
    connection.seeded = true;
    connection.state = 'connecting';
    // Calls wait for the session the host opens next (the card mounts the widget first, then connects).
    connection.ready = new Promise<void>((resolve) => (connection.settleReady = resolve));
    connection.demanded = new Promise<void>((resolve) => (connection.demand = resolve));
    this.context.connections.set(info.serverName, connection);
    this.context.seedHook?.(info);
  }

  /** Closes a server's connection (MCP-WP-10.2.2 step 3). */
  async disconnect(serverName: string): Promise<void> {
    const connection = this.context.connections.get(serverName);
    if (!connection) return;
    // Idle before mcp:server:disconnected goes out, so its listeners see the server gone (WebMCP re-registers on it).
    connection.state = 'idle';
    await closeClient(this.context.bus, connection, 'closed by the dashboard');
  }

  private async refreshKind(serverName: string, kind: ChangedList): Promise<void> {
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

  /** The catalog's lists of a server whose session has not discovered it yet. */
  seededInfo(serverName: string): MCPServerInfo | undefined {
    const connection = this.context.connections.get(serverName);
    return connection?.seeded ? connection.info : undefined;
  }

  /** While a server shown from the catalog opens its session: settles when that connect has finished. */
  pendingConnect(serverName: string): Promise<void> | undefined {
    const connection = this.context.connections.get(serverName);
    return connection?.state === 'connecting' ? connection.ready : undefined;
  }

  /** Settles once a call or read needs the session of a server shown from the catalog: the host opens it at once then. */
  demanded(serverName: string): Promise<void> | undefined {
    return this.context.connections.get(serverName)?.demanded;
  }

  /** Like `pendingConnect`, and says the session is needed now (a call is waiting for it). */
  needSession(serverName: string): Promise<void> | undefined {
    const pending = this.pendingConnect(serverName);
    if (pending) this.context.connections.get(serverName)?.demand?.();
    return pending;
  }

  /** Read-only view of one connection. */
  getServer(serverName: string): MCPServerConnection | undefined {
    const c = this.context.connections.get(serverName);
    return c ? connectionView(c) : undefined;
  }

  /** Names of every server the bridge knows. */
  listServers(): string[] {
    return [...this.context.connections.keys()];
  }

  /** True when the server's session is up. */
  isConnected(serverName: string): boolean {
    return this.context.connections.get(serverName)?.state === 'connected';
  }

  /**
   * Sends `tools/call` (MCP-WP-6.2.2). Callers outside the host go through the confirmation flow instead.
   * A tool whose `execution.taskSupport` requires it (or allows it and `options.task` asks) runs as an MCP
   * task: the same events, plus `mcp:task:*` while it runs; the promise resolves with the task's result.
   */
  callTool(serverName: string, toolName: string, args: object, options: HostCallOptions = {}): Promise<ToolResult> {
    const hooks = {
      features: this.features,
      annotate: (server: string, tool: string, result: ToolResult) => this.resultAnnotator?.(server, tool, result),
      refreshTools: (server: string) => this.refreshKind(server, 'tools'),
    };
    return callTool(this.context, hooks, serverName, toolName, args, options);
  }

  /** Sends `resources/read` (MCP-WP-6.2.3). */
  readResource(serverName: string, uri: string, options: ReadOptions = {}): Promise<ResourceContents> {
    return readResource(this.context, serverName, uri, options);
  }

  /** Sends `prompts/get` (MCP-WP-6.2.4). */
  getPrompt(serverName: string, promptName: string, args: object, options: ReadOptions = {}): Promise<PromptMessages> {
    return getPrompt(this.context, serverName, promptName, args, options);
  }

  /**
   * Runs a widget's sampling request through the human-in-the-loop handler (MCP-WP-6.2.7, 6.2.8):
   * the person writes or approves the assistant message, exactly as for a server's own
   * `sampling/createMessage`. Unknown request fields pass through unchanged (MCP-WP-6.2.9).
   */
  createMessage(
    serverName: string,
    request: SamplingRequest,
    origin: SamplingOrigin = { kind: 'widget', id: 'host' },
  ): Promise<SamplingResult> {
    return createMessage(this.context, this.requests, serverName, request, origin);
  }

  /** Re-lists tools (all pages) and updates the cached server info. */
  async listTools(serverName: string): Promise<MCPTool[]> {
    return relist(
      this.context,
      serverName,
      'tools',
      async (client) => (await client.listTools(undefined, { cacheMode: 'refresh' })).tools as MCPTool[],
    );
  }

  /** Re-lists resources (all pages). */
  async listResources(serverName: string): Promise<MCPResource[]> {
    return relist(
      this.context,
      serverName,
      'resources',
      async (client) => (await client.listResources(undefined, { cacheMode: 'refresh' })).resources as MCPResource[],
    );
  }

  /** Re-lists prompts (all pages). */
  async listPrompts(serverName: string): Promise<MCPPrompt[]> {
    return relist(
      this.context,
      serverName,
      'prompts',
      async (client) => (await client.listPrompts(undefined, { cacheMode: 'refresh' })).prompts as MCPPrompt[],
    );
  }

  /** Re-lists resource templates (all pages). */
  async listResourceTemplates(serverName: string): Promise<MCPResourceTemplate[]> {
    return relistResourceTemplates(this.context, serverName);
  }

  /** Subscribes to `notifications/resources/updated` for one URI; the returned function unsubscribes. */
  subscribeToResource(serverName: string, uri: string, callback: (uri: string) => void): Unsubscribe {
    return subscribeToResource(this.context, serverName, uri, callback);
  }
}
