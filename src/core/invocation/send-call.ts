// The last step of an invocation: send a call every other step has cleared, keep it cancellable while it
// runs, and complete its audit entry with the outcome.

import type { EventBus } from '../services/event-bus.js';
import type { MCPBridge } from '../bridge/mcp-bridge.js';
import type { ToolResult } from '../shared/types.js';
import type { Evaluation, PolicyGate } from '../policy/policy-gate.js';
import { parseEnvelope } from '../mcplet/envelope.js';
import { retryAfterUrlElicitation } from '../elicitation/url-required.js';
import { callTarget, type CallTarget } from './host-tools.js';
import { recordOutcome } from './invoke-steps.js';
import type { DeferredSends } from './invoke-types.js';

/** Calls in flight by request id, with who asked, so only the caller can cancel its own call. */
export type RunningCalls = Map<string, { controller: AbortController; callerId: string }>;

/** A call the policy, the dialog and any passkey step have all cleared. */
export interface ClearedCall extends CallTarget {
  onApproved?: () => void;
}

/** What sending needs from the host. */
export interface SendServices {
  bus: EventBus;
  bridge: MCPBridge;
  policy: PolicyGate | undefined;
  running: RunningCalls;
}

/**
 * Sends the cleared call now, with its audit entry; or, when the person chose "Send when back online" and its
 * server is away, queues it: confirmed now, sent as it is once the server is back, in the order the user queued
 * it (MCP-WP-6.6.3).
 */
export function sendOrQueue(
  services: SendServices & { deferred: DeferredSends | undefined },
  call: ClearedCall,
  evaluation: Evaluation | undefined,
  whenOnline: boolean | undefined,
): Promise<ToolResult> {
  const { policy, deferred } = services;
  const cleared = evaluation?.decision.decision === 'allow' ? `allowed (${evaluation.decision.rule})` : 'confirmed';
  if (whenOnline && deferred && !deferred.isOnline(call.serverName)) {
    const queuedAudit = recordOutcome(policy, evaluation, call, `${cleared}; queued until the server is back`);
    const { serverName, toolName, args, requestId, caller } = call;
    return deferred.enqueue({ serverName, toolName, args, requestId, caller }, () =>
      sendCleared(services, call, queuedAudit),
    );
  }
  return sendCleared(services, call, recordOutcome(policy, evaluation, call, cleared));
}

/** Sends a call that every step has cleared, and completes its audit entry with the outcome. */
export async function sendCleared(
  services: SendServices,
  call: ClearedCall,
  auditId: Promise<number | undefined>,
): Promise<ToolResult> {
  const { serverName, toolName, requestId, caller, options, onApproved } = call;
  const { bus, bridge, running } = services;
  const controller = new AbortController();
  const outer = options.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  running.set(requestId, { controller, callerId: caller.id });
  try {
    onApproved?.();
    // A -32042 error asks the user to open a page first; once they have, the same call is sent once more.
    const result = await retryAfterUrlElicitation(callTarget(bridge, call, controller.signal), {
      serverName,
      toolName,
      ask: bridge.urlElicitationHandler,
      signal: controller.signal,
      bus,
      requestId,
    });
    const envelope = parseEnvelope(result);
    void completeAudit(
      services.policy,
      auditId,
      envelope?.kind === 'error' ? `server error ${envelope.code}` : result.isError ? 'tool error' : 'ok',
    );
    return result;
  } catch (error) {
    void completeAudit(services.policy, auditId, `failed: ${(error as Error)?.message ?? String(error)}`);
    throw error;
  } finally {
    running.delete(requestId);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

async function completeAudit(
  policy: PolicyGate | undefined,
  id: Promise<number | undefined>,
  outcome: string,
): Promise<void> {
  const resolved = await id;
  if (resolved !== undefined) await policy?.options.audit.complete(resolved, outcome).catch(() => {});
}
