import { LitElement, html, css, nothing } from 'lit';
import type { DependenciesObject, TaskRecord } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { CLIENT_KIT_CATALOGS as KIT_CATALOGS } from '../i18n/messages-client.js';
import { baseStyles } from '../styles/styles.js';
import { ServerEventsController } from '../widget/server-events.js';
import { errorText } from '../tool-runner/tool-text.js';
import { isFinishedTask, type TaskCancelEvent, type TaskResultEvent } from './task-view.js';
import './task-view.js';

/**
 * <mcp-task-list>: the tasks of one server — those it runs for our tool calls and those the dashboard
 * runs for it — read from the host (`MCPBridge.getTasks`, host state that survives widget switches) and
 * kept current through `mcp:task:*` events. Refresh asks the server (`tasks/list`). Each task shows its
 * state, status message and result; Cancel sends `tasks/cancel`.
 */
export class McpTaskList extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      .bar {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: center;
      }
      ul {
        list-style: none;
        margin: var(--mcp-spacing-md, 0.5rem) 0 0;
        padding: 0;
        display: grid;
        gap: var(--mcp-spacing-md, 0.5rem);
      }
      li {
        border-left: 3px solid var(--mcp-border, #737d88);
        padding-left: var(--mcp-spacing-md, 0.5rem);
      }
    `,
  ];

  static override properties = {
    deps: { attribute: false },
    serverName: { attribute: 'server-name' },
    tasks: { state: true },
    problem: { state: true },
    refreshing: { state: true },
  };

  declare deps: DependenciesObject | undefined;
  declare serverName: string;
  declare tasks: TaskRecord[];
  declare problem: string | undefined;
  declare refreshing: boolean;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.deps?.I18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  /** Re-reads the host's state of this server when it announces a change. */
  readonly serverEvents = new ServerEventsController(this, 'mcp:task:*', () => this.read());

  constructor() {
    super();
    this.serverName = '';
    this.tasks = [];
    this.refreshing = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refresh();
  }

  private read(): void {
    try {
      this.tasks = this.deps?.MCPBridge.getTasks?.(this.serverName) ?? [];
    } catch (error) {
      this.problem = errorText(error).message;
    }
  }

  /** Asks the server for its tasks (`tasks/list`) and shows them with the host's. */
  async refresh(): Promise<void> {
    const bridge = this.deps?.MCPBridge;
    if (!bridge?.listTasks || !this.serverName) return;
    this.refreshing = true;
    try {
      this.tasks = await bridge.listTasks(this.serverName);
      this.problem = undefined;
    } catch (error) {
      this.problem = this.t('tasks.listFailed', { message: errorText(error).message });
    } finally {
      this.refreshing = false;
    }
  }

  private async act(run: () => Promise<unknown> | undefined): Promise<void> {
    try {
      await run();
      this.problem = undefined;
    } catch (error) {
      this.problem = errorText(error).message;
    }
    this.read();
  }

  override render() {
    const t = this.t;
    const bridge = this.deps?.MCPBridge;
    if (!bridge?.getTasks) return html`<p class="muted">${t('tasks.unsupported')}</p>`;
    const running = this.tasks.filter((task) => !isFinishedTask(task.state)).length;
    return html`<div class="bar">
        <span role="status">${t('tasks.summary', { running, total: this.tasks.length })}</span>
        <button
          type="button"
          data-action="refresh-tasks"
          ?disabled=${this.refreshing}
          @click=${() => void this.refresh()}
          >${t('tasks.refresh')}</button
        >
      </div>
      ${this.problem ? html`<p class="error-text" role="alert">✗ ${this.problem}</p>` : nothing}
      ${
        this.tasks.length === 0
          ? html`<p class="muted">${t('tasks.none')}</p>`
          : html`<ul
              aria-label=${t('tasks.list', { name: this.serverName })}
              @mcp-task-cancel=${(e: TaskCancelEvent) => void this.act(() => bridge.cancelTask?.(this.serverName, e.task.taskId))}
              @mcp-task-result=${(e: TaskResultEvent) => void this.act(() => bridge.fetchTaskResult?.(this.serverName, e.task.taskId))}
            >
              ${this.tasks.map((task) => html`<li><mcp-task-view .task=${task} cancellable show-result .i18n=${this.deps?.I18n}></mcp-task-view></li>`)}
            </ul>`
      }`;
  }
}

defineElement('mcp-task-list', McpTaskList);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-task-list': McpTaskList;
  }
}
