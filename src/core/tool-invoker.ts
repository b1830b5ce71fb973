import type { EventBus } from './event-bus.js';
import { LOCAL_CODES, MCPError } from './mcp-error.js';
import type { HostCallOptions, MCPBridge } from './mcp-bridge.js';
import { SchemaError, type SchemaValidator } from './validation.js';
import type { ArgumentProblem, CallerContext, MCPTool, ToolInvokeRequest, ToolResult } from './types.js';

/** Everything the confirmation dialog needs to show (MCP-WP-11.2.2). */
export interface ConfirmationRequest {
  serverName: string;
  toolName: string;
  tool: MCPTool;
  args: Record<string, unknown>;
  /** Who asked (surface and id). */
  caller: CallerContext;
  requestId: string;
}

/** Shows the confirmation to the user; resolves true only when they confirm. */
export type Confirmer = (request: ConfirmationRequest) => Promise<boolean>;

let counter = 0;
/** A correlation id for one invocation. */
export function newRequestId(): string {
  counter += 1;
  return `req-${Date.now().toString(36)}-${counter}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The one path by which a tool runs (MCP-WP-7.1.3, 11.2): it listens for `mcp:tool:invoke-requested`,
 * validates the arguments against the tool's `inputSchema` (11.2.3), asks the user (11.2.1), and
 * only then calls the bridge. Widgets' `MCPBridge.callTool` is routed here too (11.2.4).
 */
export class ToolInvoker {
  private readonly bus: EventBus;
  private readonly bridge: MCPBridge;
  private readonly validator: SchemaValidator;
  private readonly confirm: Confirmer;
  private unsubscribe: (() => void) | undefined;
  private unsubscribeCancel: (() => void) | undefined;
  /** Calls in flight by request id, with who asked, so only the caller can cancel its own call. */
  private readonly running = new Map<string, { controller: AbortController; callerId: string }>();

  constructor(options: { bus: EventBus; bridge: MCPBridge; validator: SchemaValidator; confirm: Confirmer }) {
    this.bus = options.bus;
    this.bridge = options.bridge;
    this.validator = options.validator;
    this.confirm = options.confirm;
  }

  /** Starts handling `mcp:tool:invoke-requested` events. */
  start(): void {
    this.unsubscribe ??= this.bus.on('mcp:tool:invoke-requested', (data: unknown, meta) => {
      // A widget's form is a person pressing Invoke inside that widget: the widget is the caller.
      const caller: CallerContext = meta.source === 'host' ? { surface: 'user', id: 'host' } : { surface: 'widget', id: meta.source };
      const timeout = (data as { timeout?: unknown } | undefined)?.timeout;
      this.invoke(data, caller, typeof timeout === 'number' && timeout > 0 ? { timeout } : {}).catch(() => {
        // Failures are already emitted as events for the requesting widget.
      });
    });
    // Cancel button → abort → the SDK sends notifications/cancelled to the server.
    this.unsubscribeCancel ??= this.bus.on('mcp:tool:cancel-requested', (data: { requestId?: unknown; reason?: unknown } | undefined, meta) => {
      if (typeof data?.requestId !== 'string') return;
      this.cancel(data.requestId, meta.source, typeof data.reason === 'string' ? data.reason : undefined);
    });
  }

  /** Stops listening. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.unsubscribeCancel?.();
    this.unsubscribeCancel = undefined;
  }

  /**
   * Cancels a running call. `requesterId` must be whoever started it ('host' may cancel anything);
   * returns false when there is no such call or it belongs to someone else.
   */
  cancel(requestId: string, requesterId = 'host', reason = 'You cancelled the call'): boolean {
    const entry = this.running.get(requestId);
    if (!entry || (requesterId !== 'host' && requesterId !== entry.callerId)) return false;
    entry.controller.abort(reason);
    return true;
  }

  /** Validates, confirms and calls. Rejects with an MCPError when any step refuses. */
  async invoke(request: unknown, caller: CallerContext, options: HostCallOptions = {}): Promise<ToolResult> {
    const req = (isPlainObject(request) ? request : {}) as Partial<ToolInvokeRequest>;
    const requestId = typeof req.requestId === 'string' && req.requestId ? req.requestId : newRequestId();
    const serverName = typeof req.serverName === 'string' ? req.serverName : '';
    const toolName = typeof req.toolName === 'string' ? req.toolName : '';
    const args = req.args === undefined ? {} : req.args;

    const fail = (error: MCPError, problems?: ArgumentProblem[]): never => {
      if (problems) this.bus.emit('mcp:tool:invalid-args', { serverName, toolName, requestId, problems });
      this.bus.emit('mcp:tool:error', { serverName, toolName, args, error, requestId, latency: 0 });
      throw error;
    };

    if (!serverName || !toolName) {
      fail(new MCPError('A tool request needs a serverName and a toolName.', { jsonrpcCode: -32600, serverName, operation: 'tools/call' }));
    }
    const server = this.bridge.getServer(serverName);
    if (!server) fail(new MCPError(`There is no server named "${serverName}".`, { jsonrpcCode: LOCAL_CODES.notConnected, serverName }));
    const tool = server!.info?.tools.find((t) => t.name === toolName);
    if (!tool) {
      fail(new MCPError(`Server "${serverName}" does not offer a tool named "${toolName}".`, { jsonrpcCode: -32601, serverName, operation: 'tools/call' }));
    }
    if (!isPlainObject(args)) {
      const problems = [{ path: '', message: 'arguments must be a JSON object' }];
      fail(new MCPError('The arguments must be a JSON object.', { jsonrpcCode: LOCAL_CODES.invalidArguments, data: { problems }, serverName }), problems);
    }
    // A schema we cannot use fails closed, and says so: the arguments are not what is wrong.
    try {
      this.validator.compile(tool!.inputSchema ?? { type: 'object' });
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      fail(new MCPError(`"${toolName}" cannot be called from the dashboard: its input schema cannot be used to check the arguments. ${error.message}`, { jsonrpcCode: LOCAL_CODES.denied, data: { reason: error.message }, serverName, operation: 'tools/call' }));
    }
    const verdict = this.validator.validate(tool!.inputSchema ?? { type: 'object' }, args);
    if (!verdict.ok) {
      const summary = verdict.problems.map((p) => `${p.path || '(arguments)'} ${p.message}`).join('; ');
      fail(
        new MCPError(`The arguments do not match the tool's input schema: ${summary}`, {
          jsonrpcCode: LOCAL_CODES.invalidArguments,
          data: { problems: verdict.problems },
          serverName,
          operation: 'tools/call',
        }),
        verdict.problems,
      );
    }

    const confirmed = await this.confirm({ serverName, toolName, tool: tool!, args: args as Record<string, unknown>, caller, requestId });
    if (!confirmed) {
      this.bus.emit('mcp:tool:cancelled', { serverName, toolName, requestId });
      throw new MCPError('You cancelled the tool call; nothing was sent to the server.', {
        jsonrpcCode: LOCAL_CODES.cancelled,
        serverName,
        operation: 'tools/call',
      });
    }
    const controller = new AbortController();
    const outer = options.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    this.running.set(requestId, { controller, callerId: caller.id });
    try {
      return await this.bridge.callTool(serverName, toolName, args as Record<string, unknown>, { ...options, signal: controller.signal, requestId });
    } finally {
      this.running.delete(requestId);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }
}
