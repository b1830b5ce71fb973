// A widget's sampling request (MCP-WP-6.2.7, 6.2.8): it goes to the same human-in-the-loop handler as a
// server's own `sampling/createMessage`, so the person writes or approves every assistant message.

import { MCPError, toMCPError } from './mcp-error.js';
import type { SamplingRequest, SamplingResult } from '../shared/types.js';
import { readyClient, type BridgeContext } from './connection.js';
import type { SamplingOrigin } from './server-request-types.js';
import type { ServerRequestHandlers } from './server-requests.js';

/**
 * Checks the request's shape and runs it through the sampling handler installed now, with `mcp:sampling:*`
 * events. Unknown request fields pass through unchanged (MCP-WP-6.2.9). Without a handler, sampling is refused.
 */
export async function createMessage(
  context: BridgeContext,
  requests: Pick<ServerRequestHandlers, 'sampling'>,
  serverName: string,
  request: SamplingRequest,
  origin: SamplingOrigin,
): Promise<SamplingResult> {
  try {
    await readyClient(context, serverName, 'sampling/createMessage');
    if (
      !request ||
      typeof request !== 'object' ||
      !Array.isArray(request.messages) ||
      typeof request.maxTokens !== 'number'
    ) {
      throw new MCPError('A sampling request needs "messages" (a list) and "maxTokens" (a number).', {
        jsonrpcCode: -32602,
        serverName,
        operation: 'sampling/createMessage',
      });
    }
    if (!requests.sampling) {
      throw new MCPError('Sampling needs a person to approve each message, and no approval dialog is installed.', {
        jsonrpcCode: -32601,
        serverName,
        operation: 'sampling/createMessage',
      });
    }
    context.bus.emit('mcp:sampling:requested', { serverName, origin: origin.kind, request });
    const result = await requests.sampling(serverName, request, origin);
    context.bus.emit('mcp:sampling:result', { serverName, origin: origin.kind, result });
    return result;
  } catch (error) {
    const mcpError = toMCPError(error, { serverName, operation: 'sampling/createMessage' });
    context.bus.emit('mcp:sampling:error', { serverName, error: mcpError });
    throw mcpError;
  }
}
