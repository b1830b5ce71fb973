// The MCPBridge handed to widgets and the connection view it returns (MCP-WP §6.2).

import type { Unsubscribe } from './common.js';
import type { MCPPrompt, MCPResource, MCPServerInfo, MCPTool } from './server-info.js';
import type { PromptMessages, ResourceContents, SamplingRequest, SamplingResult, ToolResult } from './results.js';
import type {
  CompletionRef,
  CompletionResult,
  LogEntry,
  LogLevel,
  RootEntry,
  RootView,
  TaskRecord,
} from './client-features.js';

/** Options for long-running operations (extension of MCP-WP §6.2). */
export interface CallOptions {
  /** Called with progress notifications; resets the request timeout. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Aborting sends `notifications/cancelled`. */
  signal?: AbortSignal;
  /** Request timeout in ms; progress resets it. */
  timeout?: number;
  /** Extra `params._meta` for the request. `mcplet_auth` is reserved: only the host's passkey step sets it. */
  _meta?: Record<string, unknown>;
  /**
   * Run the call as an MCP task (`tools/call` with `task`), where the tool's `execution.taskSupport` allows it;
   * a tool that requires it always runs as one. The promise still resolves with the final result.
   */
  task?: boolean;
  /** "Send when back online" — confirmed now, queued while the server is unreachable, sent in order when it is back. */
  whenOnline?: boolean;
  /** the id of the agent action this widget runs for an agent (`AgentActionContext.invocationId`). */
  agentInvocation?: string;
}

/** The MCPBridge interface handed to widgets (MCP-WP-6.2.1). */
export interface MCPBridgeInterface {
  getServer(serverName: string): MCPServerConnection | undefined;
  listServers(): string[];
  isConnected(serverName: string): boolean;
  callTool(serverName: string, toolName: string, args: object, options?: CallOptions): Promise<ToolResult>;
  readResource(serverName: string, uri: string): Promise<ResourceContents>;
  getPrompt(serverName: string, promptName: string, args: object): Promise<PromptMessages>;
  /** With `agentInvocation` (inside an agent action) the request is checked against SamplingRequest first (MCP-WP-17.1.6). */
  createMessage(
    serverName: string,
    request: SamplingRequest,
    options?: Pick<CallOptions, 'agentInvocation'>,
  ): Promise<SamplingResult>;
  listTools(serverName: string): Promise<MCPTool[]>;
  listResources(serverName: string): Promise<MCPResource[]>;
  listPrompts(serverName: string): Promise<MCPPrompt[]>;
  subscribeToResource(serverName: string, uri: string, callback: (uri: string) => void): Unsubscribe;
  /*
   * MCP client features (extension of MCP-WP §6.2). Optional: a widget checks for them, so it also runs
   * in hosts that do not offer them. The host's versions are checked against the widget's permissions.
   */
  /** Suggestions for a prompt argument or template variable (`completion/complete`); `context` holds the other arguments. */
  complete?(
    serverName: string,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<CompletionResult>;
  /** The tasks the host knows for a server (host state: running and finished), newest first. */
  getTasks?(serverName: string): TaskRecord[];
  /** Asks the server for its tasks (`tasks/list`), merges them into the host's records and returns them all. */
  listTasks?(serverName: string): Promise<TaskRecord[]>;
  /** Cancels a task (`tasks/cancel` for a server's task; a task the dashboard runs is withdrawn). */
  cancelTask?(serverName: string, taskId: string): Promise<TaskRecord | undefined>;
  /** Fetches a finished task's result (`tasks/result`) into its record. */
  fetchTaskResult?(serverName: string, taskId: string): Promise<TaskRecord | undefined>;
  /** The server's log messages the host kept (oldest first). */
  getLog?(serverName: string): LogEntry[];
  /** The level last sent with `logging/setLevel` (undefined: the server's default). */
  getLoggingLevel?(serverName: string): LogLevel | undefined;
  /** Sends `logging/setLevel`. */
  setLoggingLevel?(serverName: string, level: LogLevel): Promise<void>;
  /** The roots the server is given (`roots/list`). */
  getRoots?(serverName: string): RootView[];
  /** Replaces this server's own roots (persisted) and sends `notifications/roots/list_changed`. */
  setRoots?(serverName: string, roots: RootEntry[]): Promise<RootView[]>;
}

/** A read-only view of one server connection. */
export interface MCPServerConnection {
  serverName: string;
  transport: 'stdio' | 'http';
  state: ConnectionState;
  info: MCPServerInfo | undefined;
  lastError: string | null;
}

/** Connection state of a server as the host sees it. */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'error';
