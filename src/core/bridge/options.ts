// How the host configures the MCPBridge: constructor options, per-call options and its hooks.

import type { EventBus } from '../services/event-bus.js';
import type { GatewayClient } from '../shared/gateway-api/gateway-client.js';
import type { McpClientSdk } from './mcp-sdk.js';
import type { CallOptions, MCPServerInfo, ResourceContents, ToolResult } from '../shared/types.js';
import type { ElicitationHandler, RootsProvider, SamplingHandler } from './server-request-types.js';

/** Runs while a server is discovered (and when its tools are re-listed); may read resources (e.g. MCPlet schemas). */
export type DiscoveryHook = (
  info: MCPServerInfo,
  read: (uri: string) => Promise<ResourceContents>,
) => Promise<MCPServerInfo>;

/** Adds host-computed fields to the `mcp:tool:result` event of a call (e.g. the MCPlet result check). */
export type ResultAnnotator = (
  serverName: string,
  toolName: string,
  result: ToolResult,
) => Record<string, unknown> | undefined;

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
  /** Who asked (set by the ToolInvoker); carried on the call's events so the host history can say so. */
  caller?: { surface: string; id: string };
}
