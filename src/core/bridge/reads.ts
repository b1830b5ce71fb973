// A widget's reads through the bridge: `resources/read` (MCP-WP-6.2.3) and `prompts/get` (6.2.4), each with its
// events; failures become `MCPError`s.

import { toMCPError } from './mcp-error.js';
import type { PromptMessages, ResourceContents } from '../shared/types.js';
import { readyClient, type BridgeContext } from './connection.js';
import { callerFields } from './event-caller.js';

/** Who asked for a read (carried on its events). */
export interface ReadOptions {
  caller?: { surface: string; id: string };
}

/** Sends `resources/read`, bypassing the SDK's cache, and emits `mcp:resource:read` or `mcp:resource:error`. */
export async function readResource(
  context: BridgeContext,
  serverName: string,
  uri: string,
  options: ReadOptions,
): Promise<ResourceContents> {
  const caller = callerFields(options.caller);
  try {
    const client = await readyClient(context, serverName, 'resources/read');
    const result = (await client.readResource(
      { uri },
      { timeout: context.requestTimeout, cacheMode: 'bypass' },
    )) as ResourceContents;
    context.bus.emit('mcp:resource:read', { serverName, uri, contents: result, ...caller });
    return result;
  } catch (error) {
    const mcpError = toMCPError(error, { serverName, operation: 'resources/read' });
    context.bus.emit('mcp:resource:error', { serverName, uri, error: mcpError, ...caller });
    throw mcpError;
  }
}

/** Sends `prompts/get` and emits `mcp:prompt:result` or `mcp:prompt:error`. */
export async function getPrompt(
  context: BridgeContext,
  serverName: string,
  promptName: string,
  args: object,
  options: ReadOptions,
): Promise<PromptMessages> {
  const caller = callerFields(options.caller);
  try {
    const client = await readyClient(context, serverName, 'prompts/get');
    const result = (await client.getPrompt(
      { name: promptName, arguments: args as Record<string, string> },
      { timeout: context.requestTimeout },
    )) as PromptMessages;
    context.bus.emit('mcp:prompt:result', { serverName, promptName, messages: result, ...caller });
    return result;
  } catch (error) {
    const mcpError = toMCPError(error, { serverName, operation: 'prompts/get' });
    context.bus.emit('mcp:prompt:error', { serverName, promptName, error: mcpError, ...caller });
    throw mcpError;
  }
}
