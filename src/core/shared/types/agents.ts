// Agents and the optional host services of MCP-WP §3.5, §6.5–6.7 and §17: the AgentAPI a
// widget exposes, WidgetMessaging, OfflineCache and Telemetry as injected dependencies.

import type { JSONSchema, Unsubscribe } from './common.js';
import type { ToolResult } from './results.js';

/** A long-running agent action's state (MCP-WP-3.5.2). */
export interface AgentProgress {
  action: string;
  state: 'queued' | 'running' | 'succeeded' | 'failed';
  message?: string;
  lastUpdated: number;
}

/** What `executeAction` resolves with (MCP-WP-3.5.2). */
export interface ActionResult {
  success: boolean;
  data?: unknown;
  error?: { message: string; code?: string };
}

/**
 * What the host hands a widget's `executeAction` as a third argument (extension of MCP-WP-3.5.2): who
 * the agent is and the invocation id. A widget that calls tools for the action passes `invocationId`
 * (as `agentInvocation` in `mcp:tool:invoke-requested`, or in `MCPBridge.callTool` options), and the host
 * then runs the call as the agent — same policy, dialog and audit as any agent call. The id is valid only
 * while the action runs and only for this widget.
 */
export interface AgentActionContext {
  source: 'agent';
  agentId: string;
  invocationId: string;
  /** Aborted when the agent's call is cancelled or the widget is destroyed. */
  signal?: AbortSignal;
}

/** MCP-WP-3.5.2: the optional `agent` field of a widget's API. */
export interface AgentAPI {
  /**
   * A JSON Schema of what an agent can do: `{ type: 'object', oneOf: [...] }` with one branch per action,
   * each `{ properties: { action: { const }, params: <schema> }, 'x-mcpwp-readOnly': boolean }`. It must
   * be the same document on every call (MCP-WP-17.1.3).
   */
  getCapabilities(): JSONSchema;
  executeAction(action: string, params: object, context?: AgentActionContext): Promise<ActionResult>;
  subscribe?: (handler: (update: AgentProgress) => void) => Unsubscribe;
}

/** One action as the host reads it from a widget's capabilities. */
export interface AgentActionDescriptor {
  action: string;
  description: string;
  /** JSON Schema of `params`. */
  params: JSONSchema;
  /** Only reads or changes the view (MCP-WP-17.1.5): agents get these by default. */
  readOnly: boolean;
}

/** A message between widgets (MCP-WP-6.5.3). `source` and `timestamp` are always set by the host. */
export interface WidgetMessage {
  type: string;
  payload: unknown;
  source: string;
  timestamp: number;
}

/** MCP-WP-6.5.3: the host's inter-widget messaging, one view per widget. */
export interface WidgetMessagingInterface {
  /** Sends to a widget id (`<type>:<server>`) or to every widget of a type. Refusals throw with the reason. */
  sendToWidget(targetWidget: string, message: Pick<WidgetMessage, 'type' | 'payload'> & Partial<WidgetMessage>): void;
  /** Receives messages from a widget id or type (`*` = any sender this widget accepts). */
  subscribeToWidget(sourceWidget: string, handler: (message: WidgetMessage) => void): Unsubscribe;
  /** Sends to every widget that accepts messages from this one. */
  broadcastToWidgets(message: Pick<WidgetMessage, 'type' | 'payload'> & Partial<WidgetMessage>): void;
}

/** MCP-WP-6.5.7: the `widgetCommunication` permission. */
export interface WidgetCommunicationPermission {
  canSend: boolean;
  canReceive: boolean;
  /** Widget ids or types this widget may message (absent = any). */
  allowedTargets?: string[];
  /** Widget ids or types this widget accepts messages from (absent = any). */
  allowedSources?: string[];
}

/** MCP-WP-6.6.2: one queued operation. */
export interface QueuedOperation {
  id: string;
  timestamp: number;
  request: {
    type: 'tool' | 'resource' | 'prompt';
    serverName: string;
    payload: object;
  };
}

/** A tool result the host kept, with when it was stored (extension of MCP-WP-6.6.2). */
export interface CachedToolResult {
  result: ToolResult;
  storedAt: number;
  expiresAt: number;
}

/** An operation that was queued and then failed when it was sent: the user resolves it. */
export interface OfflineConflict {
  id: string;
  serverName: string;
  type: QueuedOperation['request']['type'];
  /** Tool, URI or prompt name. */
  name: string;
  message: string;
  requestId?: string;
  time: number;
}

/** MCP-WP-6.6.2: offline support, one view per widget. */
export interface OfflineCacheInterface {
  storeToolResult(key: string, result: ToolResult, ttl: number): Promise<void>;
  /** Extension: a result this widget stored under `key`, while its TTL lasts. */
  getToolResult?(key: string): Promise<CachedToolResult | undefined>;
  /** Extension: the last result of a read-only tool call with these arguments on the widget's server (kept by the host). */
  cachedCall?(serverName: string, toolName: string, args: unknown): CachedToolResult | undefined;
  queueOperation(operation: QueuedOperation): Promise<void>;
  /** Extension: resolves a conflict of this widget's server (MCP-WP-6.6.3): send it once more, or drop it. */
  resolveConflict?(conflictId: string, choice: 'retry' | 'discard'): Promise<boolean>;
  flushQueue(): Promise<void>;
  isOnline(serverName?: string): boolean;
}

/** MCP-WP-6.7: the Telemetry dependency. This dashboard's is a no-op; nothing leaves the machine. */
export interface TelemetryInterface {
  trackEvent(category: string, action: string, label?: string, value?: number): void;
  trackError(error: Error, context?: Record<string, unknown>): void;
  trackPerformance(metric: string, duration: number): void;
  /** Extension: always false here (no collection, no consent to ask for). */
  readonly enabled: boolean;
}
