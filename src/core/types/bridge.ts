// The MCPBridge handed to widgets and the connection view it returns (MCP-WP §6.2).

import type { Unsubscribe } from './common.js';
import type { MCPPrompt, MCPResource, MCPServerInfo, MCPTool } from './server-info.js';
import type { PromptMessages, ResourceContents, SamplingRequest, SamplingResult, ToolResult } from './results.js';

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
}

/** The MCPBridge interface handed to widgets (MCP-WP-6.2.1). */
export interface MCPBridgeInterface {
  getServer(serverName: string): MCPServerConnection | undefined;
  listServers(): string[];
  isConnected(serverName: string): boolean;
  callTool(serverName: string, toolName: string, args: object, options?: CallOptions): Promise<ToolResult>;
  readResource(serverName: string, uri: string): Promise<ResourceContents>;
  getPrompt(serverName: string, promptName: string, args: object): Promise<PromptMessages>;
  createMessage(serverName: string, request: SamplingRequest): Promise<SamplingResult>;
  listTools(serverName: string): Promise<MCPTool[]>;
  listResources(serverName: string): Promise<MCPResource[]>;
  listPrompts(serverName: string): Promise<MCPPrompt[]>;
  subscribeToResource(serverName: string, uri: string, callback: (uri: string) => void): Unsubscribe;
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
