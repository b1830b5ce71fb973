// The steps of one invocation that need the person: the confirmation dialog (MCP-WP-11.2.1, 11.2.2), the
// passkey for `auth.enforcement: 'strict'` tools (MCPlet §7.3), and remembering their consent.

import { LOCAL_CODES, MCPError } from '../bridge/mcp-error.js';
import type { MCPServerConnection, MCPTool } from '../shared/types.js';
import type { Evaluation, McpletAuthAssertion } from '../policy/policy-gate.js';
import type { ConfirmationAnswer } from './invoke-types.js';
import { isPlainObject, recordOutcome, refuse, withdraw, type InvokeServices, type ValidCall } from './invoke-steps.js';
import { floodMessage, type FloodRefusal } from './consent-floods.js';

/** Runs a step that needs the person (WebMCP's `requestUserInteraction` for an agent). */
export type Interact = <T>(step: () => Promise<T>) => Promise<T>;

/** What the person chose to remember: nothing, or a scope and a duration the policy then checks. */
export interface ConsentChoice {
  remember: boolean;
  choice: Pick<ConfirmationAnswer, 'scope' | 'duration'>;
}

/** The request `_meta` key that tells a team gateway which surface asked (docs/team.md). */
export const SURFACE_META = 'dev.mcp-dashboard/surface';

/** Request `_meta` keys only the host may set. */
const RESERVED_META = ['mcplet_auth', SURFACE_META];

/** The consent of a call the policy lets through without asking: nothing to remember. */
export const NOT_ASKED: ConsentChoice = { remember: false, choice: {} };

/** Whether the person is asked: when the policy says so, and for every call without a policy (bare test set-ups), as MCP-WP-11.2.1 says. */
export function needsDialog(evaluation: Evaluation | undefined): boolean {
  return !evaluation || evaluation.decision.decision === 'confirm' || evaluation.decision.decision === 'passkey';
}

/**
 * Asks the person in the confirmation dialog (MCP-WP-11.2.2). A "no", or the caller going away meanwhile,
 * withdraws the call before anything is sent.
 */
export async function confirmCall(
  services: InvokeServices,
  call: ValidCall,
  tool: MCPTool,
  evaluation: Evaluation | undefined,
  ask: { interact: Interact; signal: AbortSignal | undefined },
): Promise<ConsentChoice> {
  const { bus, policy } = services;
  const { serverName, toolName, args, caller, requestId } = call;
  // An agent may keep only so many calls waiting, and none while the person has denied it (consent-floods.ts).
  const admitted = services.floods.admit(caller);
  if (admitted.kind !== 'admitted') refuseFlood(services, call, evaluation, admitted);
  let raw: Awaited<ReturnType<InvokeServices['confirm']>>;
  try {
    raw = await ask.interact(() =>
      services.confirm({
        serverName,
        toolName,
        tool,
        args,
        caller,
        requestId,
        ...(evaluation ? { policy: evaluation } : {}),
        ...(ask.signal ? { signal: ask.signal } : {}),
      }),
    );
  } finally {
    admitted.release();
  }
  const answer: ConfirmationAnswer =
    typeof raw === 'boolean'
      ? { confirmed: raw }
      : {
          confirmed: raw?.confirmed === true,
          remember: raw?.remember === true,
          scope: raw?.scope,
          duration: raw?.duration,
          denyCaller: raw?.denyCaller === true,
        };
  if (answer.denyCaller && !answer.confirmed && !ask.signal?.aborted) {
    const until = services.floods.block(caller);
    if (until !== undefined) refuseFlood(services, call, evaluation, { kind: 'denied-all', agentId: caller.id, until });
  }
  if (ask.signal?.aborted) {
    void recordOutcome(policy, evaluation, call, 'withdrawn: the caller went away');
    withdraw(bus, call, 'The caller went away before the call was confirmed; nothing was sent to the server.');
  }
  if (!answer.confirmed) {
    void recordOutcome(policy, evaluation, call, 'cancelled by the user');
    withdraw(bus, call, 'You cancelled the tool call; nothing was sent to the server.');
  }
  return {
    remember: answer.remember === true && evaluation?.decision.rememberable === true,
    choice: {
      ...(answer.scope ? { scope: answer.scope } : {}),
      ...(answer.duration ? { duration: answer.duration } : {}),
    },
  };
}

/** Refuses a call of an agent over its limit or denied by the person, audits it, and tells the agent why. */
function refuseFlood(
  services: InvokeServices,
  call: ValidCall,
  evaluation: Evaluation | undefined,
  refusal: FloodRefusal,
): never {
  const outcome =
    refusal.kind === 'full'
      ? `refused: ${refusal.waiting} calls of this agent were already waiting`
      : refusal.kind === 'denied-all'
        ? `denied by the person: every call of this agent until ${new Date(refusal.until).toISOString()}`
        : `refused: the person denied this agent until ${new Date(refusal.until).toISOString()}`;
  void recordOutcome(services.policy, evaluation, call, outcome);
  refuse(
    services.bus,
    call,
    new MCPError(floodMessage(refusal), {
      jsonrpcCode: LOCAL_CODES.denied,
      data: {
        refusal: refusal.kind === 'full' ? 'agent-waiting-limit' : 'agent-blocked',
        ...(refusal.kind === 'full' ? { waiting: refusal.waiting } : { until: refusal.until }),
      },
      serverName: call.serverName,
      operation: 'tools/call',
    }),
  );
}

/** The request `_meta` to send: a caller's own keys pass, the host's reserved keys never do. */
export function requestMeta(callerMeta: unknown): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(isPlainObject(callerMeta) ? callerMeta : {}))
    if (!RESERVED_META.includes(key)) meta[key] = value;
  return meta;
}

/**
 * Runs the passkey ceremony the policy asked for and resolves with its assertion. Without passkey support,
 * or when the ceremony fails, the call is refused; when the person cancels it, withdrawn.
 */
export async function passkeyAssertion(
  services: InvokeServices,
  call: ValidCall,
  evaluation: Evaluation,
  interact: Interact,
): Promise<McpletAuthAssertion> {
  const { bus, policy } = services;
  const { serverName, toolName, args, requestId } = call;
  const passkey = policy!.options.passkey;
  if (!passkey) {
    void recordOutcome(policy, evaluation, call, 'no passkey support');
    refuse(
      bus,
      call,
      new MCPError(
        'This action needs a passkey, and passkeys are not available in this dashboard (see dashboard.passkeys in the config).',
        { jsonrpcCode: LOCAL_CODES.denied, serverName, operation: 'tools/call' },
      ),
    );
  }
  try {
    // The assertion goes only into params._meta (MCPlet §7.3.1): never into arguments, events, the audit log or storage.
    return await interact(() =>
      passkey!({
        serverName,
        toolName,
        args,
        promptMessage: evaluation.classification.auth?.promptMessage,
        requestId,
      }),
    );
  } catch (error) {
    if ((error as Error)?.name === 'PasskeyCancelledError') {
      void recordOutcome(policy, evaluation, call, 'passkey cancelled');
      withdraw(bus, call, 'You cancelled the passkey step; nothing was sent to the server.');
    }
    void recordOutcome(policy, evaluation, call, 'passkey failed');
    refuse(
      bus,
      call,
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

/** Remembers the consent the person asked to remember (and the policy allows); a failure to store it is not the call's. */
export async function rememberConsent(
  services: InvokeServices,
  call: ValidCall,
  evaluation: Evaluation,
  choice: ConsentChoice['choice'],
  server: MCPServerConnection | undefined,
): Promise<void> {
  const { serverName, toolName, caller } = call;
  await services
    .policy!.remember(evaluation, serverName, toolName, caller, choice, server?.info?.tools ?? [])
    .catch(() => {});
}
