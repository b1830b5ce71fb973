// Widgets: metadata, permissions, trust, factory, API and the element contract (MCP-WP §3, §4, §5).

import type { AgentAPI, WidgetCommunicationPermission } from './agents.js';
import type { DependenciesObject } from './dependencies.js';
import type { MCPServerInfo } from './server-info.js';
import type { ScopedTheming } from './theme.js';

/** Widget permissions (MCP-WP-4.1.1). */
export interface WidgetPermissions {
  network?: { domains: string[]; protocols?: Array<'http' | 'https' | 'ws' | 'wss'>; maxRequestsPerMinute?: number };
  storage?: 'none' | 'session' | 'persistent';
  clipboard?: boolean;
  notifications?: boolean;
  mcpOperations?: { invokeTool?: boolean; readResource?: boolean; getPrompt?: boolean; subscribeToUpdates?: boolean };
  /** MCP-WP-6.5.6, 6.5.7: messages to and from other widgets. */
  widgetCommunication?: WidgetCommunicationPermission;
  custom?: Record<string, unknown>;
}

/** Trust tier (MCP-WP-11.4.4). */
export type TrustLevel = 'untrusted' | 'community' | 'verified' | 'enterprise';

/** Widget metadata (MCP-WP §4.1). */
export interface MCPWidgetMetadata {
  protocolVersion: '1.0.0';
  element: string;
  displayName: string;
  icon: string;
  category: 'MCP Servers';
  mcpServerName: string;
  transport: 'stdio' | 'http';
  mcpProtocolVersion: string;
  capabilities: { tools: boolean; resources: boolean; prompts: boolean; sampling: boolean };
  permissions?: WidgetPermissions;
  trustLevel?: TrustLevel;
  signature?: Record<string, unknown>;
  repository?: Record<string, unknown>;
  integrity?: string;
  mcpUICompatible?: boolean;
  mcpUIResourceTypes?: string[];
  priority?: number;
  collapsible?: boolean;
  defaultCollapsed?: boolean;
  widgetType?: 'server-status' | 'server-panel' | 'tool-browser' | 'resource-explorer' | 'activity-log';
  /** MCP-WP-5.5.6. */
  scopedTheming?: ScopedTheming;
  metadata?: Record<string, unknown>;
}

/** Widget API (MCP-WP §3.3). */
export interface WidgetAPI {
  initialize?: () => Promise<void>;
  destroy?: () => Promise<void>;
  refresh?: () => Promise<void>;
  /** MCP-WP-3.5: what an agent may do with this widget. */
  agent?: AgentAPI;
  [key: string]: unknown;
}

/** What a factory returns (MCP-WP-3.1.4). */
export interface MCPWidgetInterface {
  api: WidgetAPI;
  widget: MCPWidgetMetadata;
}

/** A widget factory (MCP-WP §3.2). */
export type WidgetFactory = (
  dependencies: DependenciesObject,
  mcpServerInfo: MCPServerInfo,
) => MCPWidgetInterface | Promise<MCPWidgetInterface>;

/** Status reported by a widget element (MCP-WP-5.2.1). */
export interface MCPWidgetStatus {
  state: 'active' | 'idle' | 'error' | 'loading' | 'disabled';
  primaryMetric: string;
  secondaryMetric: string;
  lastActivity: number | null;
  message: string | null;
}

/** MCP details reported by a widget element (MCP-WP-5.3.1). */
export interface MCPInfo {
  serverName: string;
  availableTools: number;
  availableResources: number;
  availablePrompts: number;
  connectionState: 'connected' | 'disconnected' | 'error';
  lastError: string | null;
}

/** What a widget costs (MCP-WP-17.6.5, 18.1.4): bytes and milliseconds. */
export interface WidgetResourceUsage {
  /** Bytes. */
  memoryUsed: number;
  /** Bytes, gzipped. */
  bundleSize: number;
  /** Milliseconds taken by the last render. */
  renderTime: number;
}

/** An element that implements the MCP-WP element contract (§5.2, §5.3). */
export interface MCPWidgetElement extends HTMLElement {
  getStatus(): MCPWidgetStatus;
  getMCPInfo?(): MCPInfo;
  /** Optional (MCP-WP-17.6.5). */
  getResourceUsage?(): WidgetResourceUsage;
}
