// Results of MCP operations: content blocks, tool results, resource contents, prompt messages, sampling.

/** One content block of a tool result or prompt message. */
export interface MCPContent {
  type: 'text' | 'image' | 'audio' | 'resource' | 'resource_link' | string;
  text?: string;
  data?: string;
  uri?: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  resource?: MCPResourceContents;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Result of `tools/call` (MCP-WP §6.2). */
export interface ToolResult {
  content: MCPContent[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One entry of `resources/read` contents. */
export interface MCPResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Result of `resources/read`. */
export interface ResourceContents {
  contents: MCPResourceContents[];
}

/** Result of `prompts/get` (MCP-WP §6.2). */
export interface PromptMessages {
  description?: string;
  messages: Array<{ role: 'user' | 'assistant'; content: MCPContent }>;
}

/** Sampling request (MCP-WP §6.2). */
export interface SamplingRequest {
  messages: Array<{ role: 'user' | 'assistant'; content: MCPContent }>;
  modelPreferences?: Record<string, unknown>;
  systemPrompt?: string;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  temperature?: number;
  maxTokens: number;
  stopSequences?: string[];
  metadata?: object;
  [key: string]: unknown;
}

/** Sampling result (MCP-WP §6.2). */
export interface SamplingResult {
  role: 'assistant';
  content: MCPContent;
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}
