import type { EventBus } from '../services/event-bus.js';
import { LOCAL_CODES, MCPError } from '../bridge/mcp-error.js';
import { agentHint, type HostCallOptions, type MCPBridge } from '../bridge/mcp-bridge.js';
import type { ArgumentValidator } from './lazy-validator.js';
import type { ArgumentProblem, CallerContext, MCPTool, ToolInvokeRequest, ToolResult } from '../shared/types.js';
import type { Evaluation, PolicyGate } from '../policy/policy-gate.js';
import type { ConsentDuration } from '../policy/consent-store.js';
import type { RememberScope } from '../policy/matrix.js';
import { parseEnvelope } from '../mcplet/envelope.js';
import { retryAfterUrlElicitation } from '../elicitation/url-required.js';

/** Everything the confirmation dialog needs to show (MCP-WP-11.2.2). */
export interface ConfirmationRequest {
  serverName: string;
  toolName: string;
  tool: MCPTool;
  args: Record<string, unknown>;
  /** Who asked (surface and id). */
  caller: CallerContext;
  requestId: string;
  /** The policy's classification and decision (why the user is asked; whether "Remember" is offered). */
  policy?: Evaluation;
  /** Aborted when the caller goes away (an MCP App view closed): the question is withdrawn unanswered. */
  signal?: AbortSignal;
}

/** The user's answer; `remember` only counts where the policy allows remembering, in a scope it allows. */
export interface ConfirmationAnswer {
  confirmed: boolean;
  remember?: boolean;
  /** What to remember (default: the row's first scope). */
  scope?: RememberScope;
  /** For how long (default: until forgotten; a `view` consent always ends with its view). */
  duration?: ConsentDuration;
}

/** Options of one invocation: the bridge's, plus a hook for the moment the call is cleared to go. */
export interface InvokeOptions extends HostCallOptions {
  /**
   * Called once the policy, the dialog and any passkey step have all said yes, just before the call is
   * sent (an MCP App view opens only then: a cancelled "Open app" opens nothing).
   */
  onApproved?: () => void;
  /**
   * Runs the steps that need the person (dialog, passkey) — WebMCP's `requestUserInteraction`, where the
   * browser offers it, so the agent knows it waits for the user.
   */
  interact?: <T>(step: () => Promise<T>) => Promise<T>;
  /** A host tool: decided by the same policy and dialog as `tool`, then run by the host instead of a server. Host code only. */
  virtual?: HostTool;
}

/** A tool the host itself runs (the host tools offered to agents). */
export interface HostTool {
  tool: MCPTool;
  run: (signal: AbortSignal) => Promise<ToolResult>;
}

/** Calls the user chose to send when the server is back (MCP-WP-6.6): the host's offline queue. */
export interface DeferredSends {
  isOnline(serverName: string): boolean;
  /** Queues a confirmed call; `send` runs it once the server is back (in order). Resolves with its result. */
  enqueue(
    call: {
      serverName: string;
      toolName: string;
      args: Record<string, unknown>;
      requestId: string;
      caller: CallerContext;
    },
    send: () => Promise<ToolResult>,
  ): Promise<ToolResult>;
}

/** Finds the agent behind a widget's `agentInvocation` id; undefined when it is not a running action of that widget. */
export type AgentCallerResolver = (widgetId: string, invocationId: string) => CallerContext | undefined;

/** Shows the confirmation to the user; resolves true (or `{ confirmed: true }`) only when they confirm. */
export type Confirmer = (request: ConfirmationRequest) => Promise<boolean | ConfirmationAnswer>;

/** Request `_meta` keys only the host may set. */
const RESERVED_META = ['mcplet_auth'];

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
  private readonly validator: ArgumentValidator;
  private readonly confirm: Confirmer;
  private readonly policy: PolicyGate | undefined;
  private unsubscribe: (() => void) | undefined;
  private unsubscribeCancel: (() => void) | undefined;
  /** Calls in flight by request id, with who asked, so only the caller can cancel its own call. */
  private readonly running = new Map<string, { controller: AbortController; callerId: string }>();

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
  }) {
    this.bus = options.bus;
    this.bridge = options.bridge;
    this.validator = options.validator;
    this.confirm = options.confirm;
    this.policy = options.policy;
  }

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
    this.unsubscribe ??= this.bus.on('mcp:tool:invoke-requested', (data: unknown, meta) => {
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
        this.bus.emit('mcp:tool:error', {
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
    this.unsubscribeCancel ??= this.bus.on(
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

  /** Validates, confirms and calls. Rejects with an MCPError when any step refuses. */
  async invoke(request: unknown, caller: CallerContext, invokeOptions: InvokeOptions = {}): Promise<ToolResult> {
    const {
      onApproved,
      interact = (step) => step(),
      whenOnline,
      agentInvocation: _ignored,
      virtual,
      ...options
    } = invokeOptions;
    const req = (isPlainObject(request) ? request : {}) as Partial<ToolInvokeRequest>;
    const requestId = typeof req.requestId === 'string' && req.requestId ? req.requestId : newRequestId();
    const serverName = typeof req.serverName === 'string' ? req.serverName : '';
    const toolName = typeof req.toolName === 'string' ? req.toolName : '';
    const args = req.args === undefined ? {} : req.args;

    const fail = (error: MCPError, problems?: ArgumentProblem[]): never => {
      if (problems) this.bus.emit('mcp:tool:invalid-args', { serverName, toolName, requestId, problems });
      this.bus.emit('mcp:tool:error', {
        serverName,
        toolName,
        args,
        error,
        requestId,
        latency: 0,
        caller,
        ...agentHint(caller),
      });
      throw error;
    };

    if (!serverName || !toolName) {
      fail(
        new MCPError('A tool request needs a serverName and a toolName.', {
          jsonrpcCode: -32600,
          serverName,
          operation: 'tools/call',
        }),
      );
    }
    // A server shown from the gateway's catalog is decided on its session's own discovery.
    const pending = virtual ? undefined : this.bridge.needSession(serverName);
    if (pending) await pending;
    // A host tool (what the dashboard offers agents) is decided like a server's tool and run by the host.
    const server = virtual ? undefined : this.bridge.getServer(serverName);
    if (!virtual && !server)
      fail(
        new MCPError(`There is no server named "${serverName}".`, {
          jsonrpcCode: LOCAL_CODES.notConnected,
          serverName,
        }),
      );
    const tool = virtual ? virtual.tool : server!.info?.tools.find((t) => t.name === toolName);
    if (!tool) {
      fail(
        new MCPError(`Server "${serverName}" does not offer a tool named "${toolName}".`, {
          jsonrpcCode: -32601,
          serverName,
          operation: 'tools/call',
        }),
      );
    }
    // MCPlet + MCP-WP 11.4 policy (docs/policy.md): a denial stops here, before anything is validated or sent.
    const evaluation = this.policy?.evaluate(serverName, tool!, caller);
    if (evaluation?.decision.decision === 'deny') {
      const { decision } = evaluation;
      void this.policy!.recordCall(evaluation, {
        serverName,
        toolName,
        caller,
        args,
        requestId,
        outcome: 'denied',
      }).catch(() => {});
      this.bus.emit('mcp:host:policy-denied', {
        serverName,
        toolName,
        requestId,
        caller,
        rule: decision.rule,
        reason: decision.reason,
        refusal: decision.refusal,
      });
      fail(
        new MCPError(decision.reason, {
          jsonrpcCode: LOCAL_CODES.denied,
          data: { rule: decision.rule, refusal: decision.refusal },
          serverName,
          operation: 'tools/call',
        }),
      );
    }

    if (whenOnline && evaluation?.decision.decision === 'passkey') {
      // A passkey assertion is bound to one challenge that expires within a minute: it cannot wait in a queue.
      fail(
        new MCPError(
          `"${toolName}" needs your passkey at the moment it is sent, so it cannot wait until the server is back. Send it once the server is connected.`,
          { jsonrpcCode: LOCAL_CODES.denied, data: { rule: 'K1' }, serverName, operation: 'tools/call' },
        ),
      );
    }
    if (!isPlainObject(args)) {
      const problems = [{ path: '', message: 'arguments must be a JSON object' }];
      fail(
        new MCPError('The arguments must be a JSON object.', {
          jsonrpcCode: LOCAL_CODES.invalidArguments,
          data: { problems },
          serverName,
        }),
        problems,
      );
    }
    // A schema we cannot use fails closed, and says so: the arguments are not what is wrong.
    const unusable = await this.validator.schemaProblem(tool!.inputSchema ?? { type: 'object' });
    if (unusable !== undefined) {
      fail(
        new MCPError(
          `"${toolName}" cannot be called from the dashboard: its input schema cannot be used to check the arguments. ${unusable}`,
          { jsonrpcCode: LOCAL_CODES.denied, data: { reason: unusable }, serverName, operation: 'tools/call' },
        ),
      );
    }
    const verdict = await this.validator.validate(tool!.inputSchema ?? { type: 'object' }, args);
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
    const callArgs = args as Record<string, unknown>;
    const record = (outcome: string) =>
      evaluation
        ? this.policy!.recordCall(evaluation, {
            serverName,
            toolName,
            caller,
            args: callArgs,
            requestId,
            outcome,
          }).catch(() => undefined)
        : Promise.resolve(undefined);
    const cancelled = (message: string): never => {
      this.bus.emit('mcp:tool:cancelled', { serverName, toolName, requestId, caller, ...agentHint(caller) });
      throw new MCPError(message, { jsonrpcCode: LOCAL_CODES.cancelled, serverName, operation: 'tools/call' });
    };

    // Without a policy (bare test set-ups) every call is confirmed, as MCP-WP-11.2.1 says.
    const needsDialog =
      !evaluation || evaluation.decision.decision === 'confirm' || evaluation.decision.decision === 'passkey';
    let remember = false;
    let choice: Pick<ConfirmationAnswer, 'scope' | 'duration'> = {};
    if (needsDialog) {
      const raw = await interact(() =>
        this.confirm({
          serverName,
          toolName,
          tool: tool!,
          args: callArgs,
          caller,
          requestId,
          ...(evaluation ? { policy: evaluation } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        }),
      );
      const answer: ConfirmationAnswer =
        typeof raw === 'boolean'
          ? { confirmed: raw }
          : {
              confirmed: raw?.confirmed === true,
              remember: raw?.remember === true,
              scope: raw?.scope,
              duration: raw?.duration,
            };
      if (options.signal?.aborted) {
        void record('withdrawn: the caller went away');
        cancelled('The caller went away before the call was confirmed; nothing was sent to the server.');
      }
      if (!answer.confirmed) {
        void record('cancelled by the user');
        cancelled('You cancelled the tool call; nothing was sent to the server.');
      }
      remember = answer.remember === true && evaluation?.decision.rememberable === true;
      choice = {
        ...(answer.scope ? { scope: answer.scope } : {}),
        ...(answer.duration ? { duration: answer.duration } : {}),
      };
    }

    // Request _meta: a caller's own keys pass, the host's reserved keys never do.
    const meta: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(isPlainObject(options._meta) ? options._meta : {}))
      if (!RESERVED_META.includes(key)) meta[key] = value;
    if (evaluation?.decision.decision === 'passkey') {
      const passkey = this.policy!.options.passkey;
      if (!passkey) {
        void record('no passkey support');
        fail(
          new MCPError(
            'This action needs a passkey, and passkeys are not available in this dashboard (see dashboard.passkeys in the config).',
            { jsonrpcCode: LOCAL_CODES.denied, serverName, operation: 'tools/call' },
          ),
        );
      }
      try {
        // The assertion goes only into params._meta (MCPlet §7.3.1): never into arguments, events, the audit log or storage.
        meta.mcplet_auth = await interact(() =>
          passkey!({
            serverName,
            toolName,
            args: callArgs,
            promptMessage: evaluation.classification.auth?.promptMessage,
            requestId,
          }),
        );
      } catch (error) {
        if ((error as Error)?.name === 'PasskeyCancelledError') {
          void record('passkey cancelled');
          cancelled('You cancelled the passkey step; nothing was sent to the server.');
        }
        void record('passkey failed');
        fail(
          new MCPError(
            `The passkey step failed, so nothing was sent to the server: ${(error as Error)?.message ?? String(error)}`,
            {
              jsonrpcCode: LOCAL_CODES.denied,
              data: { rule: 'K1', passkey: 'failed' },
              serverName,
              operation: 'tools/call',
            },
          ),
        );
      }
    }
    if (remember && evaluation)
      await this.policy!.remember(evaluation, serverName, toolName, caller, choice, server?.info?.tools ?? []).catch(
        () => {},
      );

    if (whenOnline && this.deferred && !this.deferred.isOnline(serverName)) {
      // Confirmed now; sent as it is once the server is back, in the order the user queued it (MCP-WP-6.6.3).
      const queuedAudit = record(
        `${evaluation?.decision.decision === 'allow' ? `allowed (${evaluation.decision.rule})` : 'confirmed'}; queued until the server is back`,
      );
      return this.deferred.enqueue({ serverName, toolName, args: callArgs, requestId, caller }, () =>
        this.send(
          { serverName, toolName, callArgs, requestId, caller, meta, options, onApproved, virtual },
          queuedAudit,
        ),
      );
    }
    const auditId = record(
      evaluation?.decision.decision === 'allow' ? `allowed (${evaluation.decision.rule})` : 'confirmed',
    );
    return this.send(
      { serverName, toolName, callArgs, requestId, caller, meta, options, onApproved, virtual },
      auditId,
    );
  }

  /** Sends a call that every step has cleared, and completes its audit entry with the outcome. */
  private async send(
    call: {
      serverName: string;
      toolName: string;
      callArgs: Record<string, unknown>;
      requestId: string;
      caller: CallerContext;
      meta: Record<string, unknown>;
      options: HostCallOptions;
      onApproved?: () => void;
      virtual?: HostTool;
    },
    auditId: Promise<number | undefined>,
  ): Promise<ToolResult> {
    const { serverName, toolName, callArgs, requestId, caller, meta, options, onApproved, virtual } = call;
    const controller = new AbortController();
    const outer = options.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    this.running.set(requestId, { controller, callerId: caller.id });
    try {
      onApproved?.();
      // A -32042 error asks the user to open a page first; once they have, the same call is sent once more.
      const call = virtual
        ? () => virtual.run(controller.signal)
        : () =>
            this.bridge.callTool(serverName, toolName, callArgs, {
              ...options,
              _meta: meta,
              signal: controller.signal,
              requestId,
              caller,
            });
      const result = await retryAfterUrlElicitation(call, {
        serverName,
        toolName,
        ask: this.bridge.urlElicitationHandler,
        signal: controller.signal,
        bus: this.bus,
        requestId,
      });
      const envelope = parseEnvelope(result);
      void this.completeAudit(
        auditId,
        envelope?.kind === 'error' ? `server error ${envelope.code}` : result.isError ? 'tool error' : 'ok',
      );
      return result;
    } catch (error) {
      void this.completeAudit(auditId, `failed: ${(error as Error)?.message ?? String(error)}`);
      throw error;
    } finally {
      this.running.delete(requestId);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  private async completeAudit(id: Promise<number | undefined>, outcome: string): Promise<void> {
    const resolved = await id;
    if (resolved !== undefined) await this.policy?.options.audit.complete(resolved, outcome).catch(() => {});
  }
}
