import { LitElement, html, css, nothing } from 'lit';
import type {
  ArgumentProblem,
  EventBusInterface,
  I18nInterface,
  McpletResultCheck,
  MCPTool,
  OfflineCacheInterface,
  TaskRecord,
  Unsubscribe,
} from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { CLIENT_KIT_CATALOGS as KIT_CATALOGS } from '../i18n/messages-client.js';
import { baseStyles } from '../styles/styles.js';
import { createRequestId, displayName, errorText, summarizeSchema } from './tool-text.js';
import { mcpletBadgeStyles, renderMcpletBadges } from './mcplet-badges.js';
import { mcpletCheckStyles, renderMcpletCheck } from './mcplet-result.js';
import type { SchemaFormSubmitEvent } from '../schema-form/schema-form.js';
import '../schema-form/schema-form.js';
import './result-view.js';
import { taskSupportOf } from '../client/task-view.js';
import {
  guidanceText,
  MAX_MANUAL_RETRIES,
  OpenAppEvent,
  policyText,
  renderRunnerStatus,
  type RunnerPhase,
  type RunnerStatusView,
} from './tool-runner-status.js';
import { cachedFor, isUnreachableCode, renderOfflineNote, type RunnerOfflineState } from './tool-runner-offline.js';

type Phase = RunnerPhase;

export { MAX_MANUAL_RETRIES, OpenAppEvent, resultSummary } from './tool-runner-status.js';

/** How a call made for an agent ended. */
export interface AgentCallOutcome {
  result?: unknown;
  error?: { message: string; code?: number; rule?: string };
  cancelled?: boolean;
}

/**
 * Form + Invoke + result for one tool. It never calls the bridge: it emits
 * `mcp:tool:invoke-requested` and follows the host's events for its request id (MCP-WP-7.1.3).
 * Waiting, progress, completion and errors land in one live region that is always on the page, so
 * screen readers announce each change (MCP-WP-11.5.4); errors are alerts inside it.
 *
 * With `app-action`, an "Open app" button fires `mcp-open-app` (OpenAppEvent) with the form's
 * arguments, for tools that have an MCP App view.
 *
 * @event mcp-open-app - OpenAppEvent: open the tool's app with these arguments.
 */
export class McpToolRunner extends LitElement {
  static override styles = [
    baseStyles,
    mcpletBadgeStyles,
    mcpletCheckStyles,
    css`
      :host {
        display: block;
      }
      h3 {
        margin: 0 0 var(--mcp-spacing-sm, 0.25rem);
        font-size: var(--mcp-font-size-lg, 1rem);
        word-break: break-word;
      }
      .status {
        margin: var(--mcp-spacing-md, 0.5rem) 0;
      }
      progress {
        width: 100%;
      }
      .meta {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
    `,
  ];

  static override properties = {
    bus: { attribute: false },
    serverName: { attribute: 'server-name' },
    tool: { attribute: false },
    phase: { state: true },
    result: { state: true },
    error: { state: true },
    problems: { state: true },
    progress: { state: true },
    latency: { state: true },
    attempts: { state: true },
    cancelledSent: { state: true },
    appAction: { type: Boolean, attribute: 'app-action' },
    tasks: { type: Boolean },
    task: { state: true },
    i18n: { attribute: false },
    check: { state: true },
    offline: { attribute: false },
    offlineState: { state: true },
    queuedPosition: { state: true },
  };

  declare bus: EventBusInterface | undefined;
  declare serverName: string;
  declare tool: MCPTool | undefined;
  declare phase: Phase;
  declare result: unknown;
  declare error: { message: string; code?: number; guidance?: string; args?: unknown; rule?: string } | undefined;
  declare problems: ArgumentProblem[];
  declare progress: { progress: number; total?: number; message?: string } | undefined;
  declare latency: number | undefined;
  declare attempts: number;
  declare cancelledSent: boolean;
  declare appAction: boolean;
  /** The server runs tool calls as tasks (`capabilities.tasks.requests.tools.call`): offer "Run in background". */
  declare tasks: boolean;
  /** The task the current call runs as, once the server created it (host state, from `mcp:task:*`). */
  declare task: TaskRecord | undefined;
  /** The host's I18n dependency, handed on to the form and the result view; English without it. */
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  declare check: McpletResultCheck | undefined;
  private requestId: string | undefined;
  private lastArgs: Record<string, unknown> | undefined;
  /** Arguments the server called malformed (-32600): the same request is not sent again. */
  private blockedArgs: string | undefined;
  private unsubscribes: Unsubscribe[] = [];
  /** The widget's OfflineCache (MCP-WP §6.6), when the host offers one: cached results and "Send when back online". */
  declare offline: OfflineCacheInterface | undefined;
  declare offlineState: RunnerOfflineState;
  declare queuedPosition: number | undefined;
  /** Settles the promise of a call made for an agent action (`invokeForAgent`). */
  private agentWaiter: ((outcome: AgentCallOutcome) => void) | undefined;

  constructor() {
    super();
    this.serverName = '';
    this.phase = 'idle';
    this.problems = [];
    this.attempts = 0;
    this.cancelledSent = false;
    this.appAction = false;
    this.tasks = false;
    this.offlineState = { unreachable: false };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.listen();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const u of this.unsubscribes) u();
    this.unsubscribes = [];
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('bus') && this.isConnected) this.listen();
    // A re-listed copy of the same tool (tools/list_changed) keeps the call in flight and its result;
    // only choosing another tool starts afresh.
    const previous = changed.get('tool') as MCPTool | undefined;
    if (changed.has('tool') && previous !== undefined && previous.name !== this.tool?.name) {
      this.phase = 'idle';
      this.result = undefined;
      this.error = undefined;
      this.problems = [];
      this.requestId = undefined;
      this.attempts = 0;
      this.blockedArgs = undefined;
      this.task = undefined;
    }
  }

  private listen(): void {
    for (const u of this.unsubscribes) u();
    this.unsubscribes = [];
    const bus = this.bus;
    if (!bus) return;
    const mine = (data: { requestId?: string } | undefined) =>
      data?.requestId !== undefined && data.requestId === this.requestId;
    this.unsubscribes.push(
      bus.on('mcp:tool:calling', (d) => {
        if (mine(d)) this.phase = 'running';
      }),
      bus.on('mcp:tool:progress', (d: { requestId?: string; progress: number; total?: number; message?: string }) => {
        if (mine(d)) this.progress = { progress: d.progress, total: d.total, message: d.message };
      }),
      bus.on('mcp:tool:queued', (d: { requestId?: string; position?: number }) => {
        if (!mine(d)) return;
        this.phase = 'queued';
        this.queuedPosition = typeof d.position === 'number' ? d.position : undefined;
      }),
      bus.on('mcp:host:offline-error', (d: { requestId?: string; conflict?: { id?: string; message?: string } }) => {
        if (!mine(d) || typeof d.conflict?.id !== 'string') return;
        this.phase = 'failed';
        this.error = { message: this.t('offline.conflict', { message: String(d.conflict.message ?? '') }) };
        this.offlineState = {
          unreachable: false,
          conflict: { id: d.conflict.id, message: String(d.conflict.message ?? '') },
        };
      }),
      bus.on(
        'mcp:tool:result',
        (d: { requestId?: string; result: unknown; latency: number; mcplet?: McpletResultCheck }) => {
          if (!mine(d)) return;
          this.settleAgent({ result: d.result });
          this.offlineState = { unreachable: false };
          this.phase = 'done';
          this.result = d.result;
          this.check = d.mcplet;
          this.latency = d.latency;
          this.progress = undefined;
        },
      ),
      bus.on('mcp:tool:invalid-args', (d: { requestId?: string; problems: ArgumentProblem[] }) => {
        if (!mine(d)) return;
        this.phase = 'invalid';
        this.problems = Array.isArray(d.problems) ? d.problems : [];
        void this.updateComplete.then(() => this.renderRoot.querySelector('mcp-schema-form')?.focusFirstInvalid());
      }),
      bus.on('mcp:tool:error', (d: { requestId?: string; error: unknown; args?: unknown }) => {
        if (!mine(d) || this.phase === 'invalid') return;
        this.phase = 'failed';
        const rule = (d.error as { data?: { rule?: unknown } } | undefined)?.data?.rule;
        this.error = { ...errorText(d.error), args: d.args, ...(typeof rule === 'string' ? { rule } : {}) };
        this.progress = undefined;
        if (this.error.code === -32600) this.blockedArgs = JSON.stringify(d.args ?? this.lastArgs ?? {});
        // Not reachable: show a kept result of the same read-only call, and offer to send it once the server is back.
        const unreachable = isUnreachableCode(this.error.code);
        this.offlineState = {
          unreachable,
          ...(unreachable && this.tool
            ? { cached: cachedFor(this.offline, this.serverName, this.tool.name, this.lastArgs) }
            : {}),
        };
        this.settleAgent({ error: this.error });
      }),
      bus.on('mcp:task:*', (d: { requestId?: string; task?: TaskRecord }) => {
        if (mine(d) && d.task) this.task = d.task;
      }),
      bus.on('mcp:tool:cancelled', (d: { requestId?: string; sent?: boolean }) => {
        if (!mine(d)) return;
        this.settleAgent({ cancelled: true });
        this.phase = 'cancelled';
        this.cancelledSent = d.sent === true;
        this.progress = undefined;
      }),
    );
  }

  private submit(event: SchemaFormSubmitEvent): void {
    const same = this.lastArgs !== undefined && JSON.stringify(event.value) === JSON.stringify(this.lastArgs);
    this.attempts = same && this.phase === 'failed' ? this.attempts + 1 : 1;
    this.send(event.value);
  }

  private settleAgent(outcome: AgentCallOutcome): void {
    const waiter = this.agentWaiter;
    this.agentWaiter = undefined;
    waiter?.(outcome);
  }

  /**
   * An agent's call through this form (the widget's AgentAPI "invoke-tool"): the form shows the agent's
   * arguments and the call goes out for the agent (`agentInvocation`), through the same policy and dialog
   * as a person's; resolves with what came back.
   */
  invokeForAgent(args: Record<string, unknown>, invocationId: string): Promise<AgentCallOutcome> {
    const form = this.renderRoot.querySelector('mcp-schema-form');
    if (form) form.value = args;
    this.settleAgent({ cancelled: true });
    return new Promise((resolve) => {
      this.agentWaiter = resolve;
      this.attempts = 1;
      this.send(args, false, { agentInvocation: invocationId });
      if (this.phase === 'failed') this.settleAgent({ error: this.error });
    });
  }

  /** Puts values into the form's fields (a URI another widget offered, MCP-WP §6.5). */
  setArguments(patch: Record<string, unknown>): void {
    const form = this.renderRoot.querySelector('mcp-schema-form');
    if (form) form.value = { ...((form.value ?? {}) as Record<string, unknown>), ...patch };
  }

  /** "Send when back online": the same call again, confirmed now and queued by the host until the server is back. */
  private sendWhenOnline(): void {
    if (this.lastArgs) this.send(this.lastArgs, false, { whenOnline: true });
  }

  private resolveConflict(choice: 'retry' | 'discard'): void {
    const id = this.offlineState.conflict?.id;
    if (!id) return;
    if (choice === 'retry') this.phase = 'queued';
    else this.phase = 'idle';
    this.offlineState = { unreachable: false };
    void this.offline?.resolveConflict?.(id, choice);
  }

  private send(
    args: Record<string, unknown>,
    task = false,
    extra: { agentInvocation?: string; whenOnline?: boolean } = {},
  ): void {
    if (!this.bus || !this.tool) return;
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
    this.bus.emit('mcp:tool:invoke-requested', {
      serverName: this.serverName,
      toolName: this.tool.name,
      args,
      requestId: this.requestId,
      ...(task ? { task: true } : {}),
      ...(extra.whenOnline ? { whenOnline: true } : {}),
      ...agent,
    });
  }

  private retry(): void {
    if (!this.lastArgs || this.attempts >= MAX_MANUAL_RETRIES) return;
    this.attempts += 1;
    this.send(this.lastArgs);
  }

  /** Asks the host to stop the running call; the server gets notifications/cancelled. */
  cancel(): void {
    if (!this.bus || !this.requestId || (this.phase !== 'running' && this.phase !== 'waiting')) return;
    this.bus.emit('mcp:tool:cancel-requested', { requestId: this.requestId });
  }

  /** "Run in background": the form's arguments, sent as a task. */
  /** The form's arguments; undefined (problems shown, first field focused) when they do not parse. */
  private readForm(): Record<string, unknown> | undefined {
    const form = this.renderRoot.querySelector('mcp-schema-form');
    const read = form?.read() ?? { ok: true as const, value: {} };
    if (read.ok) return read.value;
    this.problems = read.problems;
    this.phase = 'invalid';
    void this.updateComplete.then(() => form?.focusFirstInvalid());
    return undefined;
  }

  /** "Run in background": the form's arguments, sent as a task. */
  private runInBackground(): void {
    const args = this.readForm();
    if (!args) return;
    this.attempts = 1;
    this.send(args, true);
  }

  private openApp(): void {
    const args = this.tool ? this.readForm() : undefined;
    if (!args) return;
    this.problems = [];
    this.phase = 'idle';
    this.dispatchEvent(new OpenAppEvent(this.tool!.name, args));
  }

  /**
   * "Save call": asks the host to keep this server, tool and the form's arguments under a name
   * (`mcp:call:save-requested`); the host shows its saved calls, where the user names and saves it.
   */
  private saveCall(): void {
    const args = this.bus && this.tool ? this.readForm() : undefined;
    if (args)
      this.bus!.emit('mcp:call:save-requested', { serverName: this.serverName, toolName: this.tool!.name, args });
  }

  private renderStatus() {
    return renderRunnerStatus(this.statusView(), this.t);
  }

  /** What the status line needs (tool-runner-status.ts words it). */
  private statusView(): RunnerStatusView {
    return {
      phase: this.phase,
      progress: this.progress,
      cancelledSent: this.cancelledSent,
      task: this.task !== undefined,
      error: this.error,
      guidance: guidanceText(this.error, this.t),
      policyText: policyText(this.error, this.t, this.l10n.locale),
      attempts: this.attempts,
      latency: this.latency,
      result: this.result,
      queuedPosition: this.queuedPosition,
      ...(this.offlineState.unreachable && this.offline ? { sendWhenOnline: () => this.sendWhenOnline() } : {}),
      formatNumber: (n) => this.l10n.formatNumber(n),
      retry: () => this.retry(),
    };
  }

  override render() {
    const tool = this.tool;
    const t = this.t;
    if (!tool) return html`<p class="muted">${t('runner.chooseTool')}</p>`;
    const busy = this.phase === 'waiting' || this.phase === 'running';
    return html`
      <h3>${displayName(tool)}</h3>
      ${displayName(tool) !== tool.name ? html`<div class="meta muted">${t('runner.name')} <code>${tool.name}</code></div>` : nothing}
      ${typeof tool.description === 'string' ? html`<p class="muted">${tool.description}</p>` : nothing}
      <p class="meta">${summarizeSchema(tool.inputSchema, t)}</p>
      <p class="meta">${renderMcpletBadges(tool, t)}</p>
      ${
        tool.hostStatus?.warnings.length
          ? html`<ul class="meta muted"
              >${tool.hostStatus.warnings.map((w) => html`<li>⚠ ${w}</li>`)}</ul
            >`
          : nothing
      }
      <mcp-schema-form
        .schema=${tool.inputSchema}
        submit-label=${t('runner.invoke')}
        ?busy=${busy}
        .errors=${this.problems}
        .i18n=${this.i18n}
        @mcp-form-submit=${(e: SchemaFormSubmitEvent) => this.submit(e)}
      ></mcp-schema-form>
      ${
        this.appAction
          ? html`<p class="meta"
              ><button type="button" class="open-app" @click=${() => this.openApp()}>${t('runner.openApp')}</button>
              <span class="muted">${t('runner.openAppHint')}</span></p
            >`
          : nothing
      }
      ${
        this.tasks && taskSupportOf(tool) === 'optional'
          ? html`<p class="meta"
              ><button type="button" data-action="run-task" ?disabled=${busy} @click=${() => this.runInBackground()}
                >${t('runner.runInBackground')}</button
              >
              <span class="muted">${t('runner.backgroundHint')}</span></p
            >`
          : nothing
      }
      ${this.tasks && taskSupportOf(tool) === 'required' ? html`<p class="meta muted">${t('runner.taskRequired')}</p>` : nothing}
      ${this.bus ? html`<p class="meta"><button type="button" class="save-call" data-action="save-call" title=${t('runner.saveHint')} @click=${() => this.saveCall()}>${t('runner.save')}</button></p>` : nothing}
      <div class="live" aria-live="polite" data-live="tool-status"
        >${this.renderStatus()}
        ${this.task && this.phase !== 'idle' ? html`<mcp-task-view .task=${this.task} .i18n=${this.i18n}></mcp-task-view>` : nothing}</div
      >
      ${this.phase === 'running' ? html`<button type="button" data-action="cancel-call" @click=${() => this.cancel()}>${t('runner.cancel')}</button>` : nothing}
      ${renderOfflineNote(this.offlineState, t, this.i18n, { resolve: (choice) => this.resolveConflict(choice) })}
      ${this.phase === 'done' ? renderMcpletCheck(this.check, t) : nothing}
      ${this.phase === 'done' ? html`<mcp-result-view .result=${this.result} .i18n=${this.i18n}></mcp-result-view>` : nothing}
    `;
  }
}

defineElement('mcp-tool-runner', McpToolRunner);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool-runner': McpToolRunner;
  }
}
