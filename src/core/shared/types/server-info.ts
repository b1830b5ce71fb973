// What a server offers: capabilities, tools, resources, prompts and the discovered server info (MCP-WP §3.2).

import type { JSONSchema } from './common.js';

/** MCP server capabilities as advertised in `initialize` (MCP-WP §3.2). */
export interface MCPCapabilities {
  tools?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  sampling?: Record<string, unknown>;
  logging?: Record<string, unknown>;
  completions?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A tool as listed by `tools/list`. */
export interface MCPTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JSONSchema;
  outputSchema?: JSONSchema;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  /** Set by the host on every tool it hands out (a value sent by a server is overwritten). */
  hostStatus?: HostToolStatus;
  [key: string]: unknown;
}

/** The host's verdict on one tool (MCPlet §5.3.1), readable by widgets without importing host code. */
export interface HostToolStatus {
  /** 'mcplet' when the tool declares `_meta.mcpletType`, else 'plain' (a standard MCP tool). */
  kind: 'mcplet' | 'plain';
  /** False when the host excludes the tool from routing; `excludedReason` says why. */
  routable: boolean;
  excludedReason?: string;
  /** Problems that do not exclude the tool (unknown pool, missing visibility…). */
  warnings: string[];
  /** Surfaces that may call it (MCPlet §8; `_meta.visibility` and `_meta.ui.visibility` combined). */
  visibility: Array<'model' | 'app'>;
  /** Result schema (`_meta.mcpletToolResultSchemaUri`): 'loaded' once prefetched, 'unavailable' if it could not be read. */
  resultSchema: 'none' | 'pending' | 'loaded' | 'unavailable';
}

/** A resource as listed by `resources/list`. */
export interface MCPResource {
  uri: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A resource template as listed by `resources/templates/list`. */
export interface MCPResourceTemplate {
  uriTemplate: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A prompt argument. */
export interface MCPPromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** A prompt as listed by `prompts/list`. */
export interface MCPPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: MCPPromptArgument[];
  [key: string]: unknown;
}

/** Everything the host learnt about one server before creating its widget (MCP-WP §3.2). */
export interface MCPServerInfo {
  serverName: string;
  transport: 'stdio' | 'http';
  protocolVersion: string;
  capabilities: MCPCapabilities;
  tools: MCPTool[];
  resources: MCPResource[];
  prompts: MCPPrompt[];
  /** Extension: resource templates (MCP-WP-7.2.3). */
  resourceTemplates?: MCPResourceTemplate[];
  /** Extension: the server's self-reported identity. */
  serverVersion?: { name: string; version: string; title?: string };
  /** Extension: the server's `instructions`, untrusted text. */
  instructions?: string;
  /**
   * Extension: per list, why the host left items out because they do not have the shape MCP requires
   * (MCP-WP-9.1.3); the lists above hold only the well-formed items. Absent when nothing was left out.
   */
  listProblems?: Partial<Record<'tools' | 'resources' | 'resourceTemplates' | 'prompts', string>>;
}
