// What the ToolInvoker's callers hand it and get back: the confirmation it asks, the options of one
// invocation, and the host's offline queue and agent lookup it may be given.

import type { HostCallOptions } from '../bridge/mcp-bridge.js';
import type { CallerContext, MCPTool, ToolResult } from '../shared/types.js';
import type { Evaluation } from '../policy/policy-gate.js';
import type { ConsentDuration } from '../policy/consent-store.js';
import type { RememberScope } from '../policy/matrix.js';
import type { HostTool } from './host-tools.js';

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
  /**
   * With `confirmed: false`, from an agent's dialog: "Deny all from this agent" — this call and every call of the
   * agent for the next 10 minutes are refused (consent-floods.ts).
   */
  denyCaller?: boolean;
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
