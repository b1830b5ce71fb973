import { LitElement, html, css, nothing } from 'lit';
import type { ArgumentProblem, EventBusInterface, I18nInterface, McpletResultCheck, MCPTool, TaskRecord, Unsubscribe } from '../../src/core/types.js';
import { defineElement } from './define.js';
import { LocalizeController } from './localize.js';
import { CLIENT_KIT_CATALOGS as KIT_CATALOGS } from './messages-client.js';
import { englishTranslate, type Translate } from './translate.js';
import { baseStyles } from './styles.js';
import { createRequestId, displayName, errorText, summarizeSchema } from './tool-text.js';
import { mcpletBadgeStyles, renderMcpletBadges } from './mcplet-badges.js';
import { mcpletCheckStyles, renderMcpletCheck } from './mcplet-result.js';
import type { SchemaFormSubmitEvent } from './schema-form.js';
import './schema-form.js';
import './result-view.js';
import { taskSupportOf } from './task-view.js';

type Phase = 'idle' | 'waiting' | 'running' | 'done' | 'failed' | 'cancelled' | 'invalid';

/** Fired when the user asks to open the tool's MCP App view with the arguments in the form. */
export class OpenAppEvent extends Event {
  constructor(
    readonly toolName: string,
    readonly args: Record<string, unknown>,
  ) {
    super('mcp-open-app', { bubbles: true, composed: true });
  }
}

/** A failed call may be retried by hand this many times with the same arguments (MCP-WP-9.1.6). */
export const MAX_MANUAL_RETRIES = 3;

/** Codes where trying again later may work (MCP-WP-6.2 table: -32603, -32000..-32099). */
function retryableCode(code: number | undefined): boolean {
  return code !== undefined && (code === -32603 || (code <= -32000 && code >= -32099)) && code !== -32002 && code !== -32003;
}

/** ": 2 text blocks and structured content" — what arrived, for the announcement (MCP-WP-11.5.4). */
export function resultSummary(result: unknown, t: Translate = englishTranslate): string {
  const r = result as { content?: unknown; structuredContent?: unknown; isError?: unknown } | undefined;
  if (!r || typeof r !== 'object' || !Array.isArray(r.content)) return t('runner.summary.badShape');
  const counts = new Map<string, number>();
  for (const item of r.content) {
    const type = item && typeof item === 'object' && typeof (item as { type?: unknown }).type === 'string' ? (item as { type: string }).type : 'other';
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const parts = [...counts].map(([type, n]) => t('runner.summary.blocks', { count: n, type: type.replace('_', ' ') }));
  if (r.structuredContent !== undefined) parts.push(t('runner.summary.structured'));
  const what = parts.length ? parts.join(t('list.separator')) : t('runner.summary.none');
  return r.isError === true ? t('runner.summary.error', { what }) : t('runner.summary.ok', { what });
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
      :host { display: block; }
      h3 { margin: 0 0 var(--mcp-spacing-sm, 0.25rem); font-size: var(--mcp-font-size-lg, 1rem); word-break: break-word; }
      .status { margin: var(--mcp-spacing-md, 0.5rem) 0; }
      progress { width: 100%; }
      .meta { font-size: var(--mcp-font-size-sm, 0.8125rem); }
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

  constructor() {
    super();
    this.serverName = '';
    this.phase = 'idle';
    this.problems = [];
    this.attempts = 0;
    this.cancelledSent = false;
    this.appAction = false;
    this.tasks = false;
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
    const mine = (data: { requestId?: string } | undefined) => data?.requestId !== undefined && data.requestId === this.requestId;
    this.unsubscribes.push(
      bus.on('mcp:tool:calling', (d) => {
        if (mine(d)) this.phase = 'running';
      }),
      bus.on('mcp:tool:progress', (d: { requestId?: string; progress: number; total?: number; message?: string }) => {
        if (mine(d)) this.progress = { progress: d.progress, total: d.total, message: d.message };
      }),
      bus.on('mcp:tool:result', (d: { requestId?: string; result: unknown; latency: number; mcplet?: McpletResultCheck }) => {
        if (!mine(d)) return;
        this.phase = 'done';
        this.result = d.result;
        this.check = d.mcplet;
        this.latency = d.latency;
        this.progress = undefined;
      }),
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
      }),
      bus.on('mcp:task:*', (d: { requestId?: string; task?: TaskRecord }) => {
        if (mine(d) && d.task) this.task = d.task;
      }),
      bus.on('mcp:tool:cancelled', (d: { requestId?: string; sent?: boolean }) => {
        if (!mine(d)) return;
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

  private send(args: Record<string, unknown>, task = false): void {
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
    this.bus.emit('mcp:tool:invoke-requested', { serverName: this.serverName, toolName: this.tool.name, args, requestId: this.requestId, ...(task ? { task: true } : {}) });
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
  private runInBackground(): void {
    const form = this.renderRoot.querySelector('mcp-schema-form');
    const read = form?.read() ?? { ok: true as const, value: {} };
    if (!read.ok) {
      this.problems = read.problems;
      this.phase = 'invalid';
      void this.updateComplete.then(() => form?.focusFirstInvalid());
      return;
    }
    this.attempts = 1;
    this.send(read.value, true);
  }

  private openApp(): void {
    if (!this.tool) return;
    const form = this.renderRoot.querySelector('mcp-schema-form');
    const read = form?.read() ?? { ok: true as const, value: {} };
    if (!read.ok) {
      this.problems = read.problems;
      this.phase = 'invalid';
      void this.updateComplete.then(() => form?.focusFirstInvalid());
      return;
    }
    this.problems = [];
    this.phase = 'idle';
    this.dispatchEvent(new OpenAppEvent(this.tool.name, read.value));
  }

  /**
   * "Save call": asks the host to keep this server, tool and the form's arguments under a name
   * (`mcp:call:save-requested`); the host shows its saved calls, where the user names and saves it.
   */
  private saveCall(): void {
    if (!this.bus || !this.tool) return;
    const form = this.renderRoot.querySelector('mcp-schema-form');
    const read = form?.read() ?? { ok: true as const, value: {} };
    if (!read.ok) {
      this.problems = read.problems;
      this.phase = 'invalid';
      void this.updateComplete.then(() => form?.focusFirstInvalid());
      return;
    }
    this.bus.emit('mcp:call:save-requested', { serverName: this.serverName, toolName: this.tool.name, args: read.value });
  }

  /** Guidance for a known JSON-RPC code in the user's language; the host's English otherwise. */
  private guidance(): string | undefined {
    const code = this.error?.code;
    if (code !== undefined) {
      const key = `guidance.${code}`;
      const text = this.t(key);
      if (text !== key) return text;
    }
    return this.error?.guidance;
  }

  /**
   * A policy refusal in the user's language: the host words each policy rule (`policy.rule.<id>`,
   * reached through its I18n); English keeps the host's specific sentence.
   */
  private policyText(): string | undefined {
    const rule = this.error?.rule;
    if (!rule || this.l10n.locale.toLowerCase().startsWith('en')) return undefined;
    const key = `policy.rule.${rule}`;
    const text = this.t(key);
    return text === key ? undefined : `${text} (${rule})`;
  }

  private renderStatus() {
    const t = this.t;
    switch (this.phase) {
      case 'waiting':
        return html`<p class="status muted" role="status">${t('runner.waiting')}</p>`;
      case 'running':
        return html`<div class="status" role="status">${t('runner.running')}
          ${this.progress
            ? html`<progress aria-label=${t('runner.progress')} max=${this.progress.total ?? Math.max(100, this.progress.progress)} value=${this.progress.progress}></progress>
                <span class="muted">${this.progress.total ? t('runner.progressOf', { done: this.progress.progress, total: this.progress.total }) : this.l10n.formatNumber(this.progress.progress)}${this.progress.message
                  ? ` \u2014 ${this.progress.message}`
                  : ''}</span>`
            : nothing}</div>`;
      case 'cancelled':
        return html`<p class="status muted" role="status">${this.cancelledSent ? t(this.task ? 'runner.cancelledTask' : 'runner.cancelledRunning') : t('runner.cancelled')}</p>`;
      case 'invalid':
        return html`<p class="status error-text" role="status">${t('runner.invalid')}</p>`;
      case 'failed': {
        const guidance = this.guidance();
        return html`<div class="status error-text" role="alert">
          <strong>\u2717 ${this.error?.code !== undefined ? t('runner.errorCode', { code: String(this.error.code) }) : ''}${this.policyText() ?? this.error?.message}</strong>
          ${guidance ? html`<div>${guidance}</div>` : nothing}
          ${retryableCode(this.error?.code)
            ? this.attempts < MAX_MANUAL_RETRIES
              ? html`<button type="button" data-action="retry" @click=${() => this.retry()}>${t('runner.retry', { attempt: this.attempts + 1, max: MAX_MANUAL_RETRIES })}</button>`
              : html`<div>${t('runner.gaveUp', { count: this.attempts })}</div>`
            : nothing}
          ${this.error?.args !== undefined ? html`<details><summary>${t('runner.argumentsSent')}</summary><pre>${JSON.stringify(this.error.args, null, 2)}</pre></details>` : nothing}
        </div>`;
      }
      case 'done':
        return html`<p class="status muted" role="status">${this.latency !== undefined
          ? t('runner.completedInWith', { ms: Math.round(this.latency), summary: resultSummary(this.result, t) })
          : t('runner.completedWith', { summary: resultSummary(this.result, t) })}</p>`;
      default:
        return nothing;
    }
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
      ${tool.hostStatus?.warnings.length ? html`<ul class="meta muted">${tool.hostStatus.warnings.map((w) => html`<li>⚠ ${w}</li>`)}</ul>` : nothing}
      <mcp-schema-form .schema=${tool.inputSchema} submit-label=${t('runner.invoke')} ?busy=${busy} .errors=${this.problems} .i18n=${this.i18n}
        @mcp-form-submit=${(e: SchemaFormSubmitEvent) => this.submit(e)}></mcp-schema-form>
      ${this.appAction
        ? html`<p class="meta"><button type="button" class="open-app" @click=${() => this.openApp()}>${t('runner.openApp')}</button>
            <span class="muted">${t('runner.openAppHint')}</span></p>`
        : nothing}
      ${this.tasks && taskSupportOf(tool) === 'optional'
        ? html`<p class="meta"><button type="button" data-action="run-task" ?disabled=${busy} @click=${() => this.runInBackground()}>${t('runner.runInBackground')}</button>
            <span class="muted">${t('runner.backgroundHint')}</span></p>`
        : nothing}
      ${this.tasks && taskSupportOf(tool) === 'required' ? html`<p class="meta muted">${t('runner.taskRequired')}</p>` : nothing}
      ${this.bus ? html`<p class="meta"><button type="button" class="save-call" data-action="save-call" title=${t('runner.saveHint')} @click=${() => this.saveCall()}>${t('runner.save')}</button></p>` : nothing}
      <div class="live" aria-live="polite" data-live="tool-status">${this.renderStatus()}
        ${this.task && this.phase !== 'idle' ? html`<mcp-task-view .task=${this.task} .i18n=${this.i18n}></mcp-task-view>` : nothing}</div>
      ${this.phase === 'running' ? html`<button type="button" data-action="cancel-call" @click=${() => this.cancel()}>${t('runner.cancel')}</button>` : nothing}
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
