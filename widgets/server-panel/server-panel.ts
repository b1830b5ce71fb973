import { html, nothing } from 'lit';
import {
  McpServerWidgetElement,
  baseStyles,
  defineElement,
  errorText,
  type ActivityEntry,
  type MCPTool,
  type OpenAppEvent,
  type ToolSelectEvent,
} from '../kit/index.js';
import '../kit/tool-runner/tool-runner.js';
import type { McpToolRunner } from '../kit/tool-runner/tool-runner.js';
import '../kit/tool-runner/tool-list.js';
import '../kit/resources/resource-browser.js';
import '../kit/prompts/prompt-runner.js';
import '../kit/activity/activity-table.js';
import '../kit/client/task-list.js';
import '../kit/client/log-view.js';
import '../kit/client/roots-editor.js';
import { factListStyles } from '../kit/styles/facts.styles.js';
import { panelStyles } from './server-panel.styles.js';
import { en } from './messages-en.js';
import { ja } from './messages-ja.js';
import { shownCapabilities } from './capabilities.js';

const TABS = ['overview', 'tools', 'resources', 'prompts', 'tasks', 'log', 'activity'] as const;
type Tab = (typeof TABS)[number];
const MAX_ACTIVITY = 200;

let instances = 0;

/** The server accepts tool calls as tasks (`capabilities.tasks.requests.tools.call`). */
function runsToolTasks(info: { capabilities: Record<string, unknown> }): boolean {
  return Boolean(
    (info.capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined)?.requests?.tools?.call,
  );
}

/**
 * mcp-server-panel-widget (MCP-WP §12, the default): Overview (with the server's roots) | Tools |
 * Resources | Prompts | Tasks | Log | Activity for one server. Tool calls are emitted as
 * `mcp:tool:invoke-requested`; the host confirms and runs them (as tasks where the tool asks).
 */
export class McpServerPanelWidget extends McpServerWidgetElement {
  static override styles = [baseStyles, factListStyles, panelStyles];

  static override properties = {
    ...McpServerWidgetElement.properties,
    tab: { state: true },
    selectedTool: { state: true },
    activity: { state: true },
    appProblem: { state: true },
  };

  declare tab: Tab;
  declare selectedTool: MCPTool | undefined;
  declare activity: ActivityEntry[];
  declare appProblem: string | undefined;
  /** Views this panel has put on the page (a preview's Open app must not show it twice). */
  private readonly shownViews = new Set<string>();
  private readonly uid = `sp${++instances}`;

  constructor() {
    super();
    this.localize({ en, ja });
    this.tab = 'overview';
    this.activity = [];
  }

  protected override onActivity(entry: ActivityEntry): void {
    this.activity = [entry, ...this.activity].slice(0, MAX_ACTIVITY);
  }

  protected override retainedData(): readonly unknown[] {
    return this.activity;
  }

  protected override onListChanged(): void {
    if (this.selectedTool) this.selectedTool = this.info?.tools.find((t) => t.name === this.selectedTool!.name);
  }

  override async refresh(): Promise<void> {
    await super.refresh();
    this.onListChanged();
  }

  /** Shows a tool and its form on the Tools tab (agent action "select-tool"); the runner, or undefined when there is no such tool. */
  async showTool(name: string): Promise<McpToolRunner | undefined> {
    const tool = this.info?.tools.find((t) => t.name === name);
    if (!tool) return undefined;
    this.tab = 'tools';
    this.selectedTool = tool;
    await this.updateComplete;
    const runner = this.renderRoot.querySelector('mcp-tool-runner') ?? undefined;
    await runner?.updateComplete;
    return runner;
  }

  /** Shows one of its tabs (the dashboard's command palette jumps to a server's resources or prompts). */
  async showTab(tab: Tab): Promise<void> {
    if (!TABS.includes(tab)) return;
    this.tab = tab;
    await this.updateComplete;
  }

  private hasApp(tool: MCPTool | undefined): boolean {
    return Boolean(tool && this.info && this.deps?.AppHost?.appResourceUri(this.info.serverName, tool.name));
  }

  /** "Open app": the host runs the tool (with confirmation) and the view opens in this card. */
  private async openApp(event: OpenAppEvent): Promise<void> {
    const apps = this.deps?.AppHost;
    const container = this.renderRoot.querySelector<HTMLElement>('.apps');
    if (!apps || !this.info || !container) return;
    this.appProblem = undefined;
    try {
      const view =
        event.type === 'mcp-preview-app'
          ? await apps.preview!(this.info.serverName, event.toolName, event.args)
          : await apps.open(this.info.serverName, event.toolName, event.args);
      // A preview is already on the page: Open app runs its tool in it.
      if (this.shownViews.has(view.id)) return;
      this.shownViews.add(view.id);
      // On a dashboard the app becomes its own tile beside this panel (and outlives a switch of view).
      if (!apps.place?.(view)) apps.render(view, container);
    } catch (error) {
      this.appProblem = errorText(error).message;
    }
  }

  private onTabKey(event: KeyboardEvent): void {
    const index = TABS.indexOf(this.tab);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    else return;
    event.preventDefault();
    this.tab = TABS[next]!;
    void this.updateComplete.then(() =>
      (this.renderRoot.querySelector(`#${this.uid}-tab-${this.tab}`) as HTMLElement | null)?.focus(),
    );
  }

  private renderOverview() {
    const info = this.info!;
    const t = this.t;
    const n = (value: number) => this.l10n.formatNumber(value);
    const caps = shownCapabilities(info.capabilities);
    const templates = info.resourceTemplates?.length ?? 0;
    return html`<dl>
        <dt>${t('overview.server')}</dt><dd>${info.serverName}</dd>
        ${info.serverVersion ? html`<dt>${t('overview.reportsAs')}</dt><dd>${info.serverVersion.title ?? info.serverVersion.name} ${info.serverVersion.version}</dd>` : nothing}
        <dt>${t('overview.transport')}</dt><dd>${info.transport}</dd> <dt>${t('overview.protocol')}</dt
        ><dd>${info.protocolVersion}</dd> <dt>${t('overview.capabilities')}</dt
        ><dd>${caps.length ? caps.join(t('list.separator')) : t('overview.none')}</dd> <dt>${t('overview.tools')}</dt
        ><dd>${n(info.tools.length)}</dd> <dt>${t('overview.resources')}</dt
        ><dd
          >${templates ? t('overview.templates', { count: info.resources.length, templates }) : n(info.resources.length)}</dd
        >
        <dt>${t('overview.prompts')}</dt><dd>${n(info.prompts.length)}</dd> <dt>${t('overview.connection')}</dt
        ><dd
          >${t(this.opening ? 'connection.opening' : `connection.${this.connection}`)}${this.lastError ? ` \u2014 ${this.lastError}` : ''}</dd
        >
      </dl>
      ${
        typeof info.instructions === 'string' && info.instructions
          ? html`<details class="instructions"
              ><summary>${t('overview.instructions')}</summary><pre tabindex="0">${info.instructions}</pre>
            </details>`
          : nothing
      }
      <h3>${t('overview.roots')}</h3>
      <mcp-roots-editor .deps=${this.deps} server-name=${info.serverName}></mcp-roots-editor>`;
  }

  private renderTools() {
    return html`<div class="split">
      <mcp-tool-list
        .tools=${this.info!.tools}
        .selected=${this.selectedTool?.name}
        .i18n=${this.deps?.I18n}
        @mcp-tool-select=${(e: ToolSelectEvent) => (this.selectedTool = e.tool)}
      ></mcp-tool-list>
      <mcp-tool-runner
        .bus=${this.deps?.EventBus}
        .offline=${this.deps?.OfflineCache}
        server-name=${this.info!.serverName}
        .tool=${this.selectedTool}
        .i18n=${this.deps?.I18n}
        ?app-action=${this.hasApp(this.selectedTool)}
        ?tasks=${runsToolTasks(this.info!)}
        ?app-preview=${Boolean(this.deps?.AppHost?.preview)}
        @mcp-open-app=${(e: OpenAppEvent) => void this.openApp(e)}
        @mcp-preview-app=${(e: OpenAppEvent) => void this.openApp(e)}
        @mcp-app-input=${(e: OpenAppEvent) => this.deps?.AppHost?.inputPartial?.(this.info!.serverName, e.toolName, e.args)}
      ></mcp-tool-runner>
    </div>`;
  }

  private tabLabel(tab: Tab): string {
    const info = this.info!;
    const count =
      tab === 'tools'
        ? info.tools.length
        : tab === 'resources'
          ? info.resources.length
          : tab === 'prompts'
            ? info.prompts.length
            : undefined;
    const label = this.t(`tab.${tab}`);
    return count === undefined ? label : this.t('tab.count', { label, count });
  }

  override render() {
    if (!this.info) return html`<p role="status">${this.t('panel.loading')}</p>`;
    const info = this.info;
    const body = {
      overview: () => this.renderOverview(),
      tools: () => this.renderTools(),
      resources: () =>
        html`<mcp-resource-browser
          .deps=${this.deps}
          server-name=${info.serverName}
          .resources=${info.resources}
          .templates=${info.resourceTemplates ?? []}
          ?can-subscribe=${Boolean((info.capabilities.resources as { subscribe?: boolean } | undefined)?.subscribe)}
        ></mcp-resource-browser>`,
      prompts: () =>
        html`<mcp-prompt-runner
          .deps=${this.deps}
          server-name=${info.serverName}
          .prompts=${info.prompts}
        ></mcp-prompt-runner>`,
      tasks: () => html`<mcp-task-list .deps=${this.deps} server-name=${info.serverName}></mcp-task-list>`,
      log: () => html`<mcp-log-view .deps=${this.deps} server-name=${info.serverName}></mcp-log-view>`,
      activity: () =>
        html`<mcp-activity-table
          .entries=${this.activity}
          caption=${this.t('panel.activityCaption', { name: info.serverName })}
          .i18n=${this.deps?.I18n}
        ></mcp-activity-table>`,
    }[this.tab];
    return html`
      <div role="tablist" aria-label=${this.t('tabs.label', { name: info.serverName })} @keydown=${this.onTabKey}>
        ${TABS.map(
          (t) =>
            html`<button
              role="tab"
              type="button"
              id="${this.uid}-tab-${t}"
              aria-selected=${this.tab === t ? 'true' : 'false'}
              aria-controls="${this.uid}-panel"
              tabindex=${this.tab === t ? '0' : '-1'}
              @click=${() => (this.tab = t)}
              >${this.tabLabel(t)}</button
            >`,
        )}
      </div>
      <div role="tabpanel" id="${this.uid}-panel" aria-labelledby="${this.uid}-tab-${this.tab}" tabindex="0"
        >${body()}</div
      >
      ${this.appProblem ? html`<p class="error-text" role="alert">✗ ${this.t('panel.appProblem', { message: this.appProblem })}</p>` : nothing}
      <section class="apps" aria-label=${this.t('panel.apps', { name: info.serverName })}></section>
    `;
  }
}

defineElement('mcp-server-panel-widget', McpServerPanelWidget);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-server-panel-widget': McpServerPanelWidget;
  }
}
