// The -32042 path of URL-mode elicitation: a call refused until the user has visited a page.

import type { EventBus } from '../services/event-bus.js';
import { MCPError } from '../bridge/mcp-error.js';
import type { ToolResult } from '../shared/types.js';
import { requiredElicitations, URL_ELICITATION_REQUIRED, type UrlElicitationHandler } from './url-elicitation.js';

/**
 * Runs `call`; when it fails with -32042 ("URL elicitation required"), asks the user about each page the
 * server named and, once every one is accepted (opened, and the user says they are done), sends the same
 * call once more. A second -32042 is reported as it is: the dashboard never loops.
 */
export async function retryAfterUrlElicitation(
  call: () => Promise<ToolResult>,
  options: {
    serverName: string;
    toolName: string;
    ask: UrlElicitationHandler | undefined;
    signal?: AbortSignal;
    bus: EventBus;
    requestId?: string;
  },
): Promise<ToolResult> {
  try {
    return await call();
  } catch (error) {
    const pages = requiredElicitations(error, options.serverName, options.toolName);
    if (!pages.length || !options.ask) throw error;
    const { serverName, toolName, requestId } = options;
    options.bus.emit('mcp:elicitation:url-required', { serverName, toolName, requestId, pages: pages.length });
    for (const page of pages) {
      const answer = await options.ask(page, options.signal);
      if (answer.action !== 'accept') {
        const refusal = new MCPError(
          `"${toolName}" needs you to open a page from ${serverName} first. You ${answer.action === 'decline' ? 'declined' : 'cancelled'}, so the call was not sent again.`,
          {
            jsonrpcCode: URL_ELICITATION_REQUIRED,
            data: (error as MCPError).data,
            serverName,
            operation: 'tools/call',
          },
        );
        options.bus.emit('mcp:tool:error', { serverName, toolName, error: refusal, requestId, latency: 0 });
        throw refusal;
      }
    }
    options.bus.emit('mcp:elicitation:url-retry', { serverName, toolName, requestId });
    return call();
  }
}
