// The dashboard's answers to requests a server sends it (MCP client features: sampling, elicitation, roots).

import type { Client } from '@modelcontextprotocol/client';
import type { EventBus } from '../event-bus.js';
import { MCPError } from '../mcp-error.js';
import type { SamplingRequest } from '../types.js';
import type { ElicitationHandler, ElicitationRequest, RootsProvider, SamplingHandler } from './server-request-types.js';

/**
 * Holds the host's handlers for server→client requests and installs them on each server's client.
 * The handlers are read when a request arrives, so installing a new one applies to every server.
 */
export class ServerRequestHandlers {
  /** Human-in-the-loop sampling (MCP-WP-6.2.7, 6.2.8); without it sampling is refused. */
  sampling: SamplingHandler | undefined;
  /** Asks the user to answer an elicitation; without it elicitations are declined. */
  elicitation: ElicitationHandler | undefined;
  /** Where `roots/list` answers come from. */
  roots: RootsProvider;

  constructor(
    private readonly bus: EventBus,
    options: { samplingHandler?: SamplingHandler; elicitationHandler?: ElicitationHandler; rootsProvider?: RootsProvider },
  ) {
    this.sampling = options.samplingHandler;
    this.elicitation = options.elicitationHandler;
    this.roots = options.rootsProvider ?? (() => []);
  }

  /** Answers `sampling/createMessage`, `elicitation/create` and `roots/list` from this server. */
  install(client: Client, serverName: string): void {
    client.setRequestHandler('sampling/createMessage', async (request) => {
      if (!this.sampling) {
        throw new MCPError('This dashboard has no way to answer sampling requests right now.', { jsonrpcCode: -32601, serverName, operation: 'sampling/createMessage' });
      }
      const params = request.params as unknown as SamplingRequest;
      this.bus.emit('mcp:sampling:requested', { serverName, origin: 'server', request: params });
      const result = await this.sampling(serverName, params, { kind: 'server', id: serverName });
      this.bus.emit('mcp:sampling:result', { serverName, origin: 'server', result });
      return result as never;
    });
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as unknown as ElicitationRequest;
      if (!this.elicitation || (params.mode !== undefined && params.mode !== 'form')) return { action: 'decline' } as never;
      this.bus.emit('mcp:elicitation:requested', { serverName, message: params.message });
      const result = await this.elicitation(serverName, params);
      this.bus.emit('mcp:elicitation:result', { serverName, action: result.action });
      return result as never;
    });
    client.setRequestHandler('roots/list', async () => ({ roots: this.roots(serverName) }) as never);
  }
}
