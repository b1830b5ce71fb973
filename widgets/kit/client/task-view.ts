import { LitElement, html, css, nothing } from 'lit';
import type { I18nInterface, MCPTool, TaskRecord, TaskState } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { CLIENT_KIT_CATALOGS as KIT_CATALOGS } from '../i18n/messages-client.js';
import { baseStyles } from '../styles/styles.js';
import type { Translate } from '../i18n/translate.js';
import '../tool-runner/result-view.js';

/** What a tool declares about running as a task (`execution.taskSupport`); absent means "forbidden". */
export function taskSupportOf(tool: MCPTool | undefined): 'required' | 'optional' | 'forbidden' {
  const value = (tool?.execution as { taskSupport?: unknown } | undefined)?.taskSupport;
  return value === 'required' || value === 'optional' ? value : 'forbidden';
}

/** True for the states a task never leaves. */
export function isFinishedTask(state: TaskState | string): boolean {
  return state === 'completed' || state === 'failed' || state === 'cancelled';
}

const ICONS: Record<TaskState, string> = {
  working: '\u25cc',
  input_required: '\u270b',
  completed: '\u2713',
  failed: '\u2717',
  cancelled: '\u2298',
};

/** Icon and word for a task state, so colour is never the only signal (MCP-WP-11.5.7). */
export function renderTaskState(state: TaskState, t: Translate) {
  const known = state in ICONS ? state : 'working';
  return html`<span class="task-state task-${known}"
    ><span aria-hidden="true">${ICONS[known]}</span> ${t(`task.state.${known}`)}</span
  >`;
}

/** Fired when the user asks to cancel a task. */
export class TaskCancelEvent extends Event {
  constructor(readonly task: TaskRecord) {
    super('mcp-task-cancel', { bubbles: true, composed: true });
  }
}

/** Fired when the user asks for a finished task's result. */
export class TaskResultEvent extends Event {
  constructor(readonly task: TaskRecord) {
    super('mcp-task-result', { bubbles: true, composed: true });
  }
}

/**
 * <mcp-task-view>: one task — its state (icon and word), the server's status message (as text), the
 * status changes so far, Cancel while it runs, and its result (rendered like any tool result) once
 * fetched. A finished task without a result offers "Get result".
 *
 * @event mcp-task-cancel - TaskCancelEvent
 * @event mcp-task-result - TaskResultEvent
 */
export class McpTaskView extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: baseline;
      }
      .task-state {
        font-weight: var(--mcp-font-weight-bold, 700);
      }
      .task-failed {
        color: var(--mcp-error-dark, #991b1b);
      }
      .message {
        white-space: pre-wrap;
        word-break: break-word;
      }
      .small {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
      ol {
        margin: 0;
        padding-left: 1.25rem;
      }
    `,
  ];

  static override properties = {
    task: { attribute: false },
    cancellable: { type: Boolean },
    showResult: { type: Boolean, attribute: 'show-result' },
    i18n: { attribute: false },
  };

  declare task: TaskRecord | undefined;
  /** Offer Cancel while the task runs. */
  declare cancellable: boolean;
  /** Show the result (and "Get result" for a finished task without one). */
  declare showResult: boolean;
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);

  constructor() {
    super();
    this.cancellable = false;
    this.showResult = false;
  }

  override render() {
    const task = this.task;
    if (!task) return nothing;
    const t = this.t;
    const finished = isFinishedTask(task.state);
    const what =
      task.side === 'client'
        ? t(`task.client.${task.operation === 'sampling/createMessage' ? 'sampling' : 'elicitation'}`)
        : task.operation || t('task.unknownTool');
    return html`<div class="head">
        ${renderTaskState(task.state, t)}
        <span>${what}</span>
        <span class="muted small">${t('task.id', { id: task.taskId })}</span>
        ${this.cancellable && !finished ? html`<button type="button" data-action="cancel-task" @click=${() => this.dispatchEvent(new TaskCancelEvent(task))}>${t('task.cancel')}</button>` : nothing}
      </div>
      ${task.statusMessage ? html`<p class="message">${task.statusMessage}</p>` : nothing}
      ${task.state === 'input_required' ? html`<p class="small">${t('task.inputRequired')}</p>` : nothing}
      ${task.error ? html`<p class="error-text message" role="alert">✗ ${task.error.message}</p>` : nothing}
      ${
        task.history.length > 1
          ? html`<details class="small"
              ><summary>${t('task.history', { count: task.history.length })}</summary>
              <ol
                >${task.history.map((h) => html`<li>${t(`task.state.${h.state}`)}${h.message ? ` \u2014 ${h.message}` : ''}</li>`)}</ol
              ></details
            >`
          : nothing
      }
      ${this.showResult && task.side === 'server' && task.result !== undefined ? html`<mcp-result-view .result=${task.result} .i18n=${this.i18n}></mcp-result-view>` : nothing}
      ${
        this.showResult && finished && task.result === undefined && task.state === 'completed' && task.side === 'server'
          ? html`<button
              type="button"
              data-action="task-result"
              @click=${() => this.dispatchEvent(new TaskResultEvent(task))}
              >${t('task.getResult')}</button
            >`
          : nothing
      }`;
  }
}

defineElement('mcp-task-view', McpTaskView);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-task-view': McpTaskView;
  }
}
