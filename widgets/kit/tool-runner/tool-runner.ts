import { LitElement, html, nothing } from 'lit';
import type {
  EventBusInterface,
  I18nInterface,
  MCPTool,
  OfflineCacheInterface,
} from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { CLIENT_KIT_CATALOGS as KIT_CATALOGS } from '../i18n/messages-client.js';
import { baseStyles } from '../styles/styles.js';
import { displayName, summarizeSchema } from './tool-text.js';
import { mcpletBadgeStyles, renderMcpletBadges } from './mcplet-badges.js';
import { mcpletCheckStyles, renderMcpletCheck } from './mcplet-result.js';
import type { SchemaFormSubmitEvent } from '../schema-form/schema-form.js';
import '../schema-form/schema-form.js';
import './result-view.js';
import { taskSupportOf } from '../client/task-view.js';
import {
  guidanceText,
  OpenAppEvent,
  policyText,
  renderRunnerStatus,
  type RunnerStatusView,
} from './tool-runner-status.js';
import { renderOfflineNote } from './tool-runner-offline.js';
import { ToolCallController, type AgentCallOutcome } from './tool-call-controller.js';
import { toolRunnerStyles } from './tool-runner.styles.js';

export { MAX_MANUAL_RETRIES, OpenAppEvent, resultSummary } from './tool-runner-status.js';
export type { AgentCallOutcome } from './tool-call-controller.js';

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
  static override styles = [baseStyles, mcpletBadgeStyles, mcpletCheckStyles, toolRunnerStyles];

  static override properties = {
    bus: { attribute: false },
    serverName: { attribute: 'server-name' },
    tool: { attribute: false },
    appAction: { type: Boolean, attribute: 'app-action' },
    appPreview: { type: Boolean, attribute: 'app-preview' },
    tasks: { type: Boolean },
    i18n: { attribute: false },
    offline: { attribute: false },
  };

  declare bus: EventBusInterface | undefined;
  declare serverName: string;
  declare tool: MCPTool | undefined;
  declare appAction: boolean;
  /** With `app-action`: the host can show the app before its tool runs ("Preview app"; the form feeds it). */
  declare appPreview: boolean;
  private typing: ReturnType<typeof setTimeout> | undefined;
  /** The server runs tool calls as tasks (`capabilities.tasks.requests.tools.call`): offer "Run in background". */
  declare tasks: boolean;
  /** The host's I18n dependency, handed on to the form and the result view; English without it. */
  declare i18n: I18nInterface | undefined;
  /** The widget's OfflineCache (MCP-WP §6.6), when the host offers one: cached results and "Send when back online". */
  declare offline: OfflineCacheInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  /** The call: what it sends, the host's events it follows, and where it is. */
  private readonly call = new ToolCallController(this, { t: this.t });

  constructor() {
    super();
    this.serverName = '';
    this.appAction = false;
    this.appPreview = false;
    this.tasks = false;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('bus') && this.isConnected) this.call.listen();
    // A re-listed copy of the same tool (tools/list_changed) keeps the call in flight and its result;
    // only choosing another tool starts afresh.
    const previous = changed.get('tool') as MCPTool | undefined;
    if (changed.has('tool') && previous !== undefined && previous.name !== this.tool?.name) this.call.reset();
  }

  /** The result last brought into view (a new one is scrolled to once). */
  private shownResult: unknown;

  override updated(): void {
    // After Invoke the result appears below the form: bring it into view once, without moving more than needed.
    if (this.call.phase !== 'done' || this.call.result === this.shownResult) return;
    this.shownResult = this.call.result;
    this.renderRoot.querySelector('mcp-result-view')?.scrollIntoView?.({ block: 'nearest' });
  }

  /**
   * An agent's call through this form (the widget's AgentAPI "invoke-tool"): the form shows the agent's
   * arguments and the call goes out for the agent (`agentInvocation`), through the same policy and dialog
   * as a person's; resolves with what came back.
   */
  invokeForAgent(args: Record<string, unknown>, invocationId: string): Promise<AgentCallOutcome> {
    const form = this.renderRoot.querySelector('mcp-schema-form');
    if (form) form.value = args;
    return this.call.invokeForAgent(args, invocationId);
  }

  /** Puts values into the form's fields (a URI another widget offered, MCP-WP §6.5). */
  setArguments(patch: Record<string, unknown>): void {
    const form = this.renderRoot.querySelector('mcp-schema-form');
    if (form) form.value = { ...((form.value ?? {}) as Record<string, unknown>), ...patch };
  }

  /** Asks the host to stop the running call; the server gets notifications/cancelled. */
  cancel(): void {
    this.call.cancel();
  }

  /** The form's arguments; undefined (problems shown, first field focused) when they do not parse. */
  private readForm(): Record<string, unknown> | undefined {
    const form = this.renderRoot.querySelector('mcp-schema-form');
    const read = form?.read() ?? { ok: true as const, value: {} };
    if (read.ok) return read.value;
    this.call.invalid(read.problems);
    void this.updateComplete.then(() => form?.focusFirstInvalid());
    return undefined;
  }

  /** "Run in background": the form's arguments, sent as a task. */
  private runInBackground(): void {
    const args = this.readForm();
    if (!args) return;
    this.call.runAsTask(args);
  }

  private openApp(): void {
    const args = this.tool ? this.readForm() : undefined;
    if (!args) return;
    this.call.idle();
    this.dispatchEvent(new OpenAppEvent(this.tool!.name, args));
  }

  /** The form's values so far (fields that do not parse yet are left out). */
  private formValues(): Record<string, unknown> {
    const value = this.renderRoot.querySelector('mcp-schema-form')?.value;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? structuredClone(value as Record<string, unknown>)
      : {};
  }

  private previewApp(): void {
    if (this.tool) this.dispatchEvent(new OpenAppEvent(this.tool.name, this.formValues(), 'mcp-preview-app'));
  }

  /** As the person types: the form's values, at most every 300 ms (a preview of the app gets them). */
  private onFormInput(): void {
    if (!this.appAction || !this.appPreview) return;
    clearTimeout(this.typing);
    this.typing = setTimeout(() => {
      if (this.tool) this.dispatchEvent(new OpenAppEvent(this.tool.name, this.formValues(), 'mcp-app-input'));
    }, 300);
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
    const call = this.call;
    return {
      phase: call.phase,
      progress: call.progress,
      cancelledSent: call.cancelledSent,
      task: call.task !== undefined,
      error: call.error,
      guidance: guidanceText(call.error, this.t),
      policyText: policyText(call.error, this.t, this.l10n.locale),
      attempts: call.attempts,
      latency: call.latency,
      result: call.result,
      queuedPosition: call.queuedPosition,
      ...(call.offlineState.unreachable && this.offline ? { sendWhenOnline: () => call.sendWhenOnline() } : {}),
      formatNumber: (n) => this.l10n.formatNumber(n),
      retry: () => call.retry(),
    };
  }

  override render() {
    const tool = this.tool;
    const t = this.t;
    if (!tool) return html`<p class="muted">${t('runner.chooseTool')}</p>`;
    const call = this.call;
    const busy = call.phase === 'waiting' || call.phase === 'running';
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
        .errors=${call.problems}
        .i18n=${this.i18n}
        @mcp-form-submit=${(e: SchemaFormSubmitEvent) => call.submit(e.value)}
        @input=${() => this.onFormInput()}
        @change=${() => this.onFormInput()}
      ></mcp-schema-form>
      ${
        this.appAction
          ? html`<p class="meta"
              ><button type="button" class="open-app" @click=${() => this.openApp()}>${t('runner.openApp')}</button>
              ${this.appPreview ? html`<button type="button" class="preview-app" title=${t('runner.previewAppHint')} @click=${() => this.previewApp()}>${t('runner.previewApp')}</button>` : nothing}
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
        ${call.task && call.phase !== 'idle' ? html`<mcp-task-view .task=${call.task} .i18n=${this.i18n}></mcp-task-view>` : nothing}</div
      >
      ${call.phase === 'running' ? html`<button type="button" data-action="cancel-call" @click=${() => this.cancel()}>${t('runner.cancel')}</button>` : nothing}
      ${renderOfflineNote(call.offlineState, t, this.i18n, { resolve: (choice) => call.resolveConflict(choice) })}
      ${call.phase === 'done' ? renderMcpletCheck(call.check, t) : nothing}
      ${call.phase === 'done' ? html`<mcp-result-view .result=${call.result} .i18n=${this.i18n}></mcp-result-view>` : nothing}
    `;
  }
}

defineElement('mcp-tool-runner', McpToolRunner);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool-runner': McpToolRunner;
  }
}
