import type { EventBus } from '../services/event-bus.js';
import { LOCAL_CODES, MCPError } from '../bridge/mcp-error.js';
import type { MCPBridge } from '../bridge/mcp-bridge.js';
import type { ArgumentValidator } from './lazy-validator.js';
import type { CallerContext, ToolInvokeRequest, ToolResult } from '../shared/types.js';
import type { PolicyGate } from '../policy/policy-gate.js';
import type { AgentCallerResolver, Confirmer, DeferredSends, InvokeOptions } from './invoke-types.js';
import { ConsentFloods } from './consent-floods.js';
import {
  decideByPolicy,
  readRequest,
  refuseBlockedAgent,
  resolveTool,
  sessionFor,
  validateArguments,
  type InvokeServices,
} from './invoke-steps.js';
import {
  confirmCall,
  needsDialog,
  NOT_ASKED,
  passkeyAssertion,
  rememberConsent,
  requestMeta,
  SURFACE_META,
} from './person-steps.js';
import { sendOrQueue, type RunningCalls } from './send-call.js';

export type {
  AgentCallerResolver,
  ConfirmationAnswer,
  ConfirmationRequest,
  Confirmer,
  DeferredSends,
  InvokeOptions,
} from './invoke-types.js';
export type { HostTool } from './host-tools.js';
export { newRequestId } from './invoke-steps.js';

/**
 * The one path by which a tool runs (MCP-WP-7.1.3, 11.2): it listens for `mcp:tool:invoke-requested`,
 * validates the arguments against the tool's `inputSchema` (11.2.3), asks the user (11.2.1), and
 * only then calls the bridge. Widgets' `MCPBridge.callTool` is routed here too (11.2.4).
 */
export class ToolInvoker {
  private readonly services: InvokeServices;
  private unsubscribe: (() => void) | undefined;
  private unsubscribeCancel: (() => void) | undefined;
  /** Calls in flight by request id, with who asked, so only the caller can cancel its own call. */
  private readonly running: RunningCalls = new Map();

  /** The offline queue; without it "Send when back online" sends at once. */
  deferred: DeferredSends | undefined;
  /** Resolves `agentInvocation` ids to the agent. */
  agentCaller: AgentCallerResolver | undefined;

  constructor(options: {
    bus: EventBus;
    bridge: MCPBridge;
    validator: ArgumentValidator;
    confirm: Confirmer;
    policy?: PolicyGate;
    /** Each agent's calls waiting for the person; a fresh in-memory count when not given. */
    floods?: ConsentFloods;
    /** Team mode: tell the gateway which surface asked (InvokeServices.announceSurface). */
    announceSurface?: boolean;
  }) {
    const { bus, bridge, validator, confirm, policy, announceSurface } = options;
    this.floods = options.floods ?? new ConsentFloods();
    this.services = { bus, bridge, validator, confirm, policy, floods: this.floods, announceSurface };
  }

  /** Each agent's calls waiting for the person (capped), and the agents the person denied for a while. */
  readonly floods: ConsentFloods;

  /**
   * Who a widget's call is from: the widget, or — with a live `agentInvocation` id of that widget — the
   * agent it acts for. An id that is not live is refused rather than run as the widget.
   */
  widgetCaller(widgetId: string, agentInvocation: unknown): CallerContext {
    if (agentInvocation === undefined) return { surface: 'widget', id: widgetId };
    const agent = typeof agentInvocation === 'string' ? this.agentCaller?.(widgetId, agentInvocation) : undefined;
    if (!agent)
      throw new MCPError(
        `Widget "${widgetId}" named an agent action that is not running (or not its own); the call was not made.`,
        { jsonrpcCode: LOCAL_CODES.denied, operation: 'tools/call' },
      );
    return agent;
  }

  /** Starts handling `mcp:tool:invoke-requested` events. */
  start(): void {
    this.unsubscribe ??= this.services.bus.on('mcp:tool:invoke-requested', (data: unknown, meta) => {
      // A widget's form is a person pressing Invoke inside that widget: the widget is the caller.
      const { timeout, task, whenOnline, agentInvocation } = (data ?? {}) as {
        timeout?: unknown;
        task?: unknown;
        whenOnline?: unknown;
        agentInvocation?: unknown;
      };
      let caller: CallerContext;
      try {
        caller =
          meta.source === 'host' ? { surface: 'user', id: 'host' } : this.widgetCaller(meta.source, agentInvocation);
      } catch (error) {
        const d = (data ?? {}) as Partial<ToolInvokeRequest>;
        this.services.bus.emit('mcp:tool:error', {
          serverName: d.serverName,
          toolName: d.toolName,
          args: d.args,
          error,
          requestId: d.requestId,
          latency: 0,
        });
        return;
      }
      const options: InvokeOptions = {
        ...(typeof timeout === 'number' && timeout > 0 ? { timeout } : {}),
        ...(task === true ? { task: true } : {}),
        ...(whenOnline === true ? { whenOnline: true } : {}),
      };
      this.invoke(data, caller, options).catch(() => {
        // Failures are already emitted as events for the requesting widget.
      });
    });
    // Cancel button → abort → the SDK sends notifications/cancelled to the server.
    this.unsubscribeCancel ??= this.services.bus.on(
      'mcp:tool:cancel-requested',
      (data: { requestId?: unknown; reason?: unknown } | undefined, meta) => {
        if (typeof data?.requestId !== 'string') return;
        this.cancel(data.requestId, meta.source, typeof data.reason === 'string' ? data.reason : undefined);
      },
    );
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

  /**
   * Validates, confirms and calls: the one path every surface (user, widget, app, agent) goes through, step
   * by step. Rejects with an MCPError when any step refuses.
   */
  async invoke(request: unknown, caller: CallerContext, invokeOptions: InvokeOptions = {}): Promise<ToolResult> {
    const {
      onApproved,
      interact = (step) => step(),
      whenOnline,
      agentInvocation: _ignored,
      virtual,
      ...options
    } = invokeOptions;
    const services = this.services;
    const asked = readRequest(services.bus, request, caller);
    const session = sessionFor(services.bridge, asked, virtual);
    if (session) await session;
    const { tool, server } = resolveTool(services, asked, virtual);
    const evaluation = decideByPolicy(services, asked, tool, whenOnline);
    refuseBlockedAgent(services, asked, evaluation);
    const call = await validateArguments(services, asked, tool);
    const consent = needsDialog(evaluation)
      ? await confirmCall(services, call, tool, evaluation, { interact, signal: options.signal })
      : NOT_ASKED;
    const meta = requestMeta(options._meta);
    if (services.announceSurface) meta[SURFACE_META] = caller.surface === 'user' ? 'person' : caller.surface;
    if (evaluation?.decision.decision === 'passkey')
      meta.mcplet_auth = await passkeyAssertion(services, call, evaluation, interact);
    if (consent.remember) await rememberConsent(services, call, evaluation!, consent.choice, server);
    return sendOrQueue(
      { ...services, running: this.running, deferred: this.deferred },
      { ...call, meta, options, onApproved, virtual },
      evaluation,
      whenOnline,
    );
  }
}
