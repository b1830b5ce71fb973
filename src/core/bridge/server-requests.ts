// The dashboard's answers to requests a server sends it (MCP client features: sampling, elicitation, roots).

import type { Client } from '@modelcontextprotocol/client';
import type { EventBus } from '../services/event-bus.js';
import { MCPError } from './mcp-error.js';
import type { SamplingRequest } from '../shared/types.js';
import type { ClientTasks } from '../tasks/client-tasks.js';
import type { UrlElicitationHandler } from '../elicitation/url-elicitation.js';
import type {
  ElicitationHandler,
  ElicitationRequest,
  ElicitationResult,
  RootsProvider,
  SamplingHandler,
} from './server-request-types.js';

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
  /** Asks the user to open a page (URL-mode elicitation); without it such requests are declined. */
  urlElicitation: UrlElicitationHandler | undefined;
  /** Runs requests a server sends with `task` as tasks; without it they are answered directly. */
  tasks: ClientTasks | undefined;

  constructor(
    private readonly bus: EventBus,
    options: {
      samplingHandler?: SamplingHandler;
      elicitationHandler?: ElicitationHandler;
      rootsProvider?: RootsProvider;
    },
  ) {
    this.sampling = options.samplingHandler;
    this.elicitation = options.elicitationHandler;
    this.roots = options.rootsProvider ?? (() => []);
    this.urlElicitation = undefined;
    this.tasks = undefined;
  }

  /**
   * Answers `sampling/createMessage`, `elicitation/create` (form and URL mode) and `roots/list` from this
   * server. A request that carries `task` is answered at once with a task the dashboard runs (MCP tasks).
   */
  install(client: Client, serverName: string): void {
    client.setRequestHandler('sampling/createMessage', async (request, ctx) => {
      if (!this.sampling) {
        throw new MCPError('This dashboard has no way to answer sampling requests right now.', {
          jsonrpcCode: -32601,
          serverName,
          operation: 'sampling/createMessage',
        });
      }
      const { task, ...params } = request.params as unknown as SamplingRequest & { task?: { ttl?: number } };
      const answer = async (signal: AbortSignal) => {
        this.bus.emit('mcp:sampling:requested', { serverName, origin: 'server', request: params });
        const result = await this.sampling!(serverName, params, { kind: 'server', id: serverName }, signal);
        this.bus.emit('mcp:sampling:result', { serverName, origin: 'server', result });
        return result as unknown as Record<string, unknown>;
      };
      if (task && this.tasks) return this.tasks.start(serverName, 'sampling/createMessage', task.ttl, answer) as never;
      return (await answer(ctx.mcpReq.signal)) as never;
    });
    client.setRequestHandler('elicitation/create', async (request, ctx) => {
      const { task, ...params } = request.params as unknown as ElicitationRequest & { task?: { ttl?: number } };
      const answer = async (signal: AbortSignal): Promise<ElicitationResult> => {
        this.bus.emit('mcp:elicitation:requested', {
          serverName,
          message: params.message,
          mode: params.mode ?? 'form',
        });
        const result = await this.answerElicitation(serverName, params, signal);
        this.bus.emit('mcp:elicitation:result', { serverName, action: result.action, mode: params.mode ?? 'form' });
        return result;
      };
      if (task && this.tasks)
        return this.tasks.start(serverName, 'elicitation/create', task.ttl, async (signal) => ({
          ...(await answer(signal)),
        })) as never;
      return (await answer(ctx.mcpReq.signal)) as never;
    });
    client.setRequestHandler('roots/list', async () => ({ roots: this.roots(serverName) }) as never);
  }

  private async answerElicitation(
    serverName: string,
    params: ElicitationRequest,
    signal: AbortSignal,
  ): Promise<ElicitationResult> {
    if (params.mode === 'url') {
      if (!this.urlElicitation) return { action: 'decline' };
      const url = params as unknown as { url?: unknown; elicitationId?: unknown };
      const answer = await this.urlElicitation(
        {
          serverName,
          kind: 'request',
          message: typeof params.message === 'string' ? params.message.slice(0, 2000) : '',
          url: typeof url.url === 'string' ? url.url.slice(0, 4096) : '',
          elicitationId: typeof url.elicitationId === 'string' ? url.elicitationId.slice(0, 200) : '',
        },
        signal,
      );
      return { action: answer.action };
    }
    if (!this.elicitation || (params.mode !== undefined && params.mode !== 'form')) return { action: 'decline' };
    return this.elicitation(serverName, params, signal);
  }
}
