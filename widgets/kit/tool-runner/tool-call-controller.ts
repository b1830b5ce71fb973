// The tool runner's call: what it sends (`mcp:tool:invoke-requested`), the host's events it follows for its
// request id while the runner is on the page, and where the call is (phase, result, error, progress, task,
// offline state); a call made for an agent resolves when it ends.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type {
  ArgumentProblem,
  EventBusInterface,
  McpletResultCheck,
  MCPTool,
  OfflineCacheInterface,
  TaskRecord,
  Unsubscribe,
} from '../../../src/core/shared/types.js';
import type { Translate } from '../i18n/translate.js';
import { createRequestId, errorText } from './tool-text.js';
import { MAX_MANUAL_RETRIES, type RunnerPhase } from './tool-runner-status.js';
import { cachedFor, isUnreachableCode, type RunnerOfflineState } from './tool-runner-offline.js';

/** How a call made for an agent ended. */
export interface AgentCallOutcome {
  result?: unknown;
  error?: { message: string; code?: number; rule?: string };
  cancelled?: boolean;
}

/** Why the runner's call failed, as the status line shows it. */
export interface RunnerError {
  message: string;
  code?: number;
  guidance?: string;
  args?: unknown;
  rule?: string;
}

/** What the call controller needs from its runner element. */
export interface ToolCallHost extends ReactiveControllerHost {
  readonly bus: EventBusInterface | undefined;
  readonly serverName: string;
  readonly tool: MCPTool | undefined;
  /** The widget's OfflineCache, when the host offers one. */
  readonly offline: OfflineCacheInterface | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** The state of a tool runner's call and the requests it sends; the host element renders it. */
export class ToolCallController implements ReactiveController {
  phase: RunnerPhase = 'idle';
  result: unknown;
  error: RunnerError | undefined;
  problems: ArgumentProblem[] = [];
  progress: { progress: number; total?: number; message?: string } | undefined;
  latency: number | undefined;
  attempts = 0;
  cancelledSent = false;
  /** The task the current call runs as, once the server created it (host state, from `mcp:task:*`). */
  task: TaskRecord | undefined;
  check: McpletResultCheck | undefined;
  offlineState: RunnerOfflineState = { unreachable: false };
  queuedPosition: number | undefined;
  private readonly host: ToolCallHost;
  private readonly t: Translate;
  private requestId: string | undefined;
  private lastArgs: Record<string, unknown> | undefined;
  /** Arguments the server called malformed (-32600): the same request is not sent again. */
  private blockedArgs: string | undefined;
  private unsubscribes: Unsubscribe[] = [];
  /** Settles the promise of a call made for an agent action (`invokeForAgent`). */
  private agentWaiter: ((outcome: AgentCallOutcome) => void) | undefined;

  constructor(host: ToolCallHost, options: { t: Translate }) {
    this.host = host;
    this.t = options.t;
    host.addController(this);
  }

  /** Follows the host's events on the runner's bus. */
  hostConnected(): void {
    this.listen();
  }

  /** Stops following them. */
  hostDisconnected(): void {
    for (const u of this.unsubscribes) u();
    this.unsubscribes = [];
  }

  /** Another tool was chosen: the call starts afresh. */
  reset(): void {
    this.phase = 'idle';
    this.result = undefined;
    this.error = undefined;
    this.problems = [];
    this.requestId = undefined;
    this.attempts = 0;
    this.blockedArgs = undefined;
    this.task = undefined;
    this.host.requestUpdate();
  }

  /** (Re)subscribes to the call's events on the host's current bus. */
  listen(): void {
    for (const u of this.unsubscribes) u();
    this.unsubscribes = [];
    const bus = this.host.bus;
    if (!bus) return;
    const mine = (data: { requestId?: string } | undefined) =>
      data?.requestId !== undefined && data.requestId === this.requestId;
    // An event of this call asks the runner to render before the handler changes the state, so a handler that
    // waits for `updateComplete` waits for that render.
    const on = <T>(event: string, handler: (data: T) => void) =>
      bus.on(event, (data: T) => {
        if (!mine(data as { requestId?: string } | undefined)) return;
        this.host.requestUpdate();
        handler(data);
      });
    this.unsubscribes.push(
      on('mcp:tool:calling', () => {
        this.phase = 'running';
      }),
      on('mcp:tool:progress', (d: { progress: number; total?: number; message?: string }) => {
        this.progress = { progress: d.progress, total: d.total, message: d.message };
      }),
      on('mcp:tool:queued', (d: { position?: number }) => {
        this.phase = 'queued';
        this.queuedPosition = typeof d.position === 'number' ? d.position : undefined;
      }),
      on('mcp:host:offline-error', (d: { conflict?: { id?: string; message?: string } }) => {
        if (typeof d.conflict?.id !== 'string') return;
        this.phase = 'failed';
        this.error = { message: this.t('offline.conflict', { message: String(d.conflict.message ?? '') }) };
        this.offlineState = {
          unreachable: false,
          conflict: { id: d.conflict.id, message: String(d.conflict.message ?? '') },
        };
      }),
      on('mcp:tool:result', (d: { result: unknown; latency: number; mcplet?: McpletResultCheck }) => {
        this.settleAgent({ result: d.result });
        this.offlineState = { unreachable: false };
        this.phase = 'done';
        this.result = d.result;
        this.check = d.mcplet;
        this.latency = d.latency;
        this.progress = undefined;
      }),
      on('mcp:tool:invalid-args', (d: { problems: ArgumentProblem[] }) => {
        this.phase = 'invalid';
        this.problems = Array.isArray(d.problems) ? d.problems : [];
        void this.host.updateComplete.then(() =>
          this.host.renderRoot.querySelector('mcp-schema-form')?.focusFirstInvalid(),
        );
      }),
      on('mcp:tool:error', (d: { error: unknown; args?: unknown }) => {
        if (this.phase === 'invalid') return;
        this.phase = 'failed';
        const rule = (d.error as { data?: { rule?: unknown } } | undefined)?.data?.rule;
        this.error = { ...errorText(d.error), args: d.args, ...(typeof rule === 'string' ? { rule } : {}) };
        this.progress = undefined;
        if (this.error.code === -32600) this.blockedArgs = JSON.stringify(d.args ?? this.lastArgs ?? {});
        // Not reachable: show a kept result of the same read-only call, and offer to send it once the server is back.
        const unreachable = isUnreachableCode(this.error.code);
        const tool = this.host.tool;
        this.offlineState = {
          unreachable,
          ...(unreachable && tool
            ? { cached: cachedFor(this.host.offline, this.host.serverName, tool.name, this.lastArgs) }
            : {}),
        };
        this.settleAgent({ error: this.error });
      }),
      on('mcp:task:*', (d: { task?: TaskRecord }) => {
        if (d.task) this.task = d.task;
      }),
      on('mcp:tool:cancelled', (d: { sent?: boolean }) => {
        this.settleAgent({ cancelled: true });
        this.phase = 'cancelled';
        this.cancelledSent = d.sent === true;
        this.progress = undefined;
      }),
    );
  }

  /** The form was submitted: the same arguments again after a failure count as one more attempt. */
  submit(args: Record<string, unknown>): void {
    const same = this.lastArgs !== undefined && JSON.stringify(args) === JSON.stringify(this.lastArgs);
    this.attempts = same && this.phase === 'failed' ? this.attempts + 1 : 1;
    this.send(args);
  }

  /** Sends the call for an agent action; resolves with how it ended. A call still waiting for an earlier agent ends as cancelled. */
  invokeForAgent(args: Record<string, unknown>, invocationId: string): Promise<AgentCallOutcome> {
    this.settleAgent({ cancelled: true });
    return new Promise((resolve) => {
      this.agentWaiter = resolve;
      this.attempts = 1;
      this.send(args, false, { agentInvocation: invocationId });
      if (this.phase === 'failed') this.settleAgent({ error: this.error });
    });
  }

  /** "Run in background": these arguments, sent as a task. */
  runAsTask(args: Record<string, unknown>): void {
    this.attempts = 1;
    this.send(args, true);
  }

  /** "Send when back online": the same call again, confirmed now and queued by the host until the server is back. */
  sendWhenOnline(): void {
    if (this.lastArgs) this.send(this.lastArgs, false, { whenOnline: true });
  }

  /** The user's answer to a queued call that failed when it was sent: send it again, or drop it. */
  resolveConflict(choice: 'retry' | 'discard'): void {
    const id = this.offlineState.conflict?.id;
    if (!id) return;
    if (choice === 'retry') this.phase = 'queued';
    else this.phase = 'idle';
    this.offlineState = { unreachable: false };
    this.host.requestUpdate();
    void this.host.offline?.resolveConflict?.(id, choice);
  }

  /** Asks the host to run the tool with these arguments (as a task, or for an agent, or when back online). */
  send(
    args: Record<string, unknown>,
    task = false,
    extra: { agentInvocation?: string; whenOnline?: boolean } = {},
  ): void {
    this.host.requestUpdate();
    const { bus, tool } = this.host;
    if (!bus || !tool) return;
    if (this.blockedArgs !== undefined && this.blockedArgs === JSON.stringify(args)) {
      // MCP-WP-6.2 table: -32600 is a defect; repeating the identical request cannot help.
      this.phase = 'failed';
      this.error = { message: this.t('runner.blocked'), guidance: this.t('runner.blockedGuidance'), args };
      return;
    }
    this.lastArgs = args;
    this.cancelledSent = false;
    this.requestId = createRequestId('tool');
    this.phase = 'waiting';
    this.result = undefined;
    this.check = undefined;
    this.error = undefined;
    this.problems = [];
    this.progress = undefined;
    this.task = undefined;
    this.offlineState = { unreachable: false };
    this.queuedPosition = undefined;
    // For an agent: its invocation id, and MCP-WP-17.1.4's { source: 'agent' } on the same event a person's Invoke sends.
    const agent = extra.agentInvocation ? { agentInvocation: extra.agentInvocation, source: 'agent' } : {};
    bus.emit('mcp:tool:invoke-requested', {
      serverName: this.host.serverName,
      toolName: tool.name,
      args,
      requestId: this.requestId,
      ...(task ? { task: true } : {}),
      ...(extra.whenOnline ? { whenOnline: true } : {}),
      ...agent,
    });
  }

  /** Sends the last arguments again, up to MAX_MANUAL_RETRIES times. */
  retry(): void {
    if (!this.lastArgs || this.attempts >= MAX_MANUAL_RETRIES) return;
    this.attempts += 1;
    this.send(this.lastArgs);
  }

  /** Asks the host to stop the running call; the server gets notifications/cancelled. */
  cancel(): void {
    const bus = this.host.bus;
    if (!bus || !this.requestId || (this.phase !== 'running' && this.phase !== 'waiting')) return;
    bus.emit('mcp:tool:cancel-requested', { requestId: this.requestId });
  }

  /** The form's arguments do not parse: its problems are shown, and no call goes out. */
  invalid(problems: ArgumentProblem[]): void {
    this.problems = problems;
    this.phase = 'invalid';
    this.host.requestUpdate();
  }

  /** Back to no call (an app view was opened with the form's arguments instead). */
  idle(): void {
    this.problems = [];
    this.phase = 'idle';
    this.host.requestUpdate();
  }

  private settleAgent(outcome: AgentCallOutcome): void {
    const waiter = this.agentWaiter;
    this.agentWaiter = undefined;
    waiter?.(outcome);
  }
}
