// The steps of one invocation up to the person: read the request, resolve the tool, decide by policy,
// validate the arguments. Each step returns what the next one needs, or reports why the call stops
// (as events for the requesting widget) and throws the MCPError.

import type { EventBus } from '../services/event-bus.js';
import { LOCAL_CODES, MCPError } from '../bridge/mcp-error.js';
import type { MCPBridge } from '../bridge/mcp-bridge.js';
import { agentHint } from '../bridge/event-caller.js';
import type { ArgumentValidator } from './lazy-validator.js';
import type {
  ArgumentProblem,
  CallerContext,
  MCPServerConnection,
  MCPTool,
  ToolInvokeRequest,
} from '../shared/types.js';
import type { Evaluation, PolicyGate } from '../policy/policy-gate.js';
import type { Confirmer } from './invoke-types.js';
import type { HostTool } from './host-tools.js';
import { floodMessage, type ConsentFloods } from './consent-floods.js';

/** The host's services the steps use. */
export interface InvokeServices {
  bus: EventBus;
  bridge: MCPBridge;
  validator: ArgumentValidator;
  confirm: Confirmer;
  policy: PolicyGate | undefined;
  /** Each agent's calls waiting for the person, and the agents the person denied for a while. */
  floods: ConsentFloods;
  /**
   * Team mode: every call tells the gateway which surface asked (`_meta["dev.mcp-dashboard/surface"]`: person,
   * widget, app or agent), for the team's audit log. Only the host sets it; a caller's own value is dropped.
   */
  announceSurface?: boolean;
}

/** One invocation as its steps see it: what was asked, by whom, under which correlation id. */
export interface Invocation {
  serverName: string;
  toolName: string;
  args: unknown;
  requestId: string;
  caller: CallerContext;
}

/** An invocation whose arguments passed the tool's input schema. */
export interface ValidCall extends Invocation {
  args: Record<string, unknown>;
}

let counter = 0;
/** A correlation id for one invocation. */
export function newRequestId(): string {
  counter += 1;
  return `req-${Date.now().toString(36)}-${counter}`;
}

/** True for a JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads an untrusted request: its names (both required), its arguments (none = `{}`) and its request id (a new one when missing). */
export function readRequest(bus: EventBus, request: unknown, caller: CallerContext): Invocation {
  const req = (isPlainObject(request) ? request : {}) as Partial<ToolInvokeRequest>;
  const call: Invocation = {
    requestId: typeof req.requestId === 'string' && req.requestId ? req.requestId : newRequestId(),
    serverName: typeof req.serverName === 'string' ? req.serverName : '',
    toolName: typeof req.toolName === 'string' ? req.toolName : '',
    args: req.args === undefined ? {} : req.args,
    caller,
  };
  if (!call.serverName || !call.toolName) {
    refuse(
      bus,
      call,
      new MCPError('A tool request needs a serverName and a toolName.', {
        jsonrpcCode: -32600,
        serverName: call.serverName,
        operation: 'tools/call',
      }),
    );
  }
  return call;
}

/** Stops the call: tells the requesting widget (its problems, then the error) and throws the error. */
export function refuse(bus: EventBus, call: Invocation, error: MCPError, problems?: ArgumentProblem[]): never {
  const { serverName, toolName, args, requestId, caller } = call;
  if (problems) bus.emit('mcp:tool:invalid-args', { serverName, toolName, requestId, problems });
  bus.emit('mcp:tool:error', {
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
}

/** Stops a call the person (or the caller going away) withdrew before anything was sent. */
export function withdraw(bus: EventBus, call: Invocation, message: string): never {
  const { serverName, toolName, requestId, caller } = call;
  bus.emit('mcp:tool:cancelled', { serverName, toolName, requestId, caller, ...agentHint(caller) });
  throw new MCPError(message, { jsonrpcCode: LOCAL_CODES.cancelled, serverName, operation: 'tools/call' });
}

/** Writes the call's audit entry with this outcome; resolves with its id (undefined without a policy or entry). */
export function recordOutcome(
  policy: PolicyGate | undefined,
  evaluation: Evaluation | undefined,
  call: Invocation,
  outcome: string,
): Promise<number | undefined> {
  const { serverName, toolName, caller, args, requestId } = call;
  return evaluation
    ? policy!.recordCall(evaluation, { serverName, toolName, caller, args, requestId, outcome }).catch(() => undefined)
    : Promise.resolve(undefined);
}

/**
 * Settles once the call can be decided: a server shown from the gateway's catalog is decided on its session's
 * own discovery, so the call waits for that session (and asks for it now). Undefined when there is nothing to wait for.
 */
export function sessionFor(
  bridge: MCPBridge,
  call: Invocation,
  virtual: HostTool | undefined,
): Promise<void> | undefined {
  return virtual ? undefined : bridge.needSession(call.serverName);
}

/** Finds the tool the call names: a host tool's own, or the one its server listed. */
export function resolveTool(
  services: InvokeServices,
  call: Invocation,
  virtual: HostTool | undefined,
): { tool: MCPTool; server: MCPServerConnection | undefined } {
  const { bus, bridge } = services;
  const { serverName, toolName } = call;
  // A host tool (what the dashboard offers agents) is decided like a server's tool and run by the host.
  const server = virtual ? undefined : bridge.getServer(serverName);
  if (!virtual && !server)
    refuse(
      bus,
      call,
      new MCPError(`There is no server named "${serverName}".`, {
        jsonrpcCode: LOCAL_CODES.notConnected,
        serverName,
      }),
    );
  const tool = virtual ? virtual.tool : server!.info?.tools.find((t) => t.name === toolName);
  if (!tool) {
    refuse(
      bus,
      call,
      new MCPError(`Server "${serverName}" does not offer a tool named "${toolName}".`, {
        jsonrpcCode: -32601,
        serverName,
        operation: 'tools/call',
      }),
    );
  }
  return { tool: tool!, server };
}

/**
 * Asks the policy (MCPlet + MCP-WP 11.4, docs/policy.md): a denial stops here, before anything is validated
 * or sent. Undefined without a policy (bare test set-ups).
 */
export function decideByPolicy(
  services: InvokeServices,
  call: Invocation,
  tool: MCPTool,
  whenOnline: boolean | undefined,
): Evaluation | undefined {
  const { bus, policy } = services;
  const { serverName, toolName, requestId, caller } = call;
  const evaluation = policy?.evaluate(serverName, tool, caller);
  if (evaluation?.decision.decision === 'deny') {
    const { decision } = evaluation;
    void recordOutcome(policy, evaluation, call, 'denied');
    bus.emit('mcp:host:policy-denied', {
      serverName,
      toolName,
      requestId,
      caller,
      rule: decision.rule,
      reason: decision.reason,
      refusal: decision.refusal,
    });
    refuse(
      bus,
      call,
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
    refuse(
      bus,
      call,
      new MCPError(
        `"${toolName}" needs your passkey at the moment it is sent, so it cannot wait until the server is back. Send it once the server is connected.`,
        { jsonrpcCode: LOCAL_CODES.denied, data: { rule: 'K1' }, serverName, operation: 'tools/call' },
      ),
    );
  }
  return evaluation;
}

/**
 * Refuses at once a call of an agent the person denied for a while ("Deny all from this agent"), whatever the
 * policy would say, and audits it like any refusal.
 */
export function refuseBlockedAgent(
  services: InvokeServices,
  call: Invocation,
  evaluation: Evaluation | undefined,
): void {
  const blocked = services.floods.checkBlocked(call.caller);
  if (!blocked) return;
  void recordOutcome(
    services.policy,
    evaluation,
    call,
    `refused: the person denied this agent until ${new Date(blocked.until).toISOString()}`,
  );
  refuse(
    services.bus,
    call,
    new MCPError(floodMessage(blocked), {
      jsonrpcCode: LOCAL_CODES.denied,
      data: { refusal: 'agent-blocked', until: blocked.until },
      serverName: call.serverName,
      operation: 'tools/call',
    }),
  );
}

/** Checks the arguments against the tool's `inputSchema` (MCP-WP-11.2.3); a problem is reported per field. */
export async function validateArguments(services: InvokeServices, call: Invocation, tool: MCPTool): Promise<ValidCall> {
  const { bus, validator } = services;
  const { serverName, toolName, args } = call;
  if (!isPlainObject(args)) {
    const problems = [{ path: '', message: 'arguments must be a JSON object' }];
    refuse(
      bus,
      call,
      new MCPError('The arguments must be a JSON object.', {
        jsonrpcCode: LOCAL_CODES.invalidArguments,
        data: { problems },
        serverName,
      }),
      problems,
    );
  }
  // A schema we cannot use fails closed, and says so: the arguments are not what is wrong.
  const unusable = await validator.schemaProblem(tool.inputSchema ?? { type: 'object' });
  if (unusable !== undefined) {
    refuse(
      bus,
      call,
      new MCPError(
        `"${toolName}" cannot be called from the dashboard: its input schema cannot be used to check the arguments. ${unusable}`,
        { jsonrpcCode: LOCAL_CODES.denied, data: { reason: unusable }, serverName, operation: 'tools/call' },
      ),
    );
  }
  const verdict = await validator.validate(tool.inputSchema ?? { type: 'object' }, args);
  if (!verdict.ok) {
    const summary = verdict.problems.map((p) => `${p.path || '(arguments)'} ${p.message}`).join('; ');
    refuse(
      bus,
      call,
      new MCPError(`The arguments do not match the tool's input schema: ${summary}`, {
        jsonrpcCode: LOCAL_CODES.invalidArguments,
        data: { problems: verdict.problems },
        serverName,
        operation: 'tools/call',
      }),
      verdict.problems,
    );
  }
  return { ...call, args: args as Record<string, unknown> };
}
