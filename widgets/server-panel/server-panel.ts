import { LitElement, html, nothing } from 'lit';
import {
  baseStyles,
  defineElement,
  displayName,
  errorText,
  summarizeSchema,
  trackActivity,
  type ActivityEntry,
  type DependenciesObject,
  type MCPInfo,
  type MCPPrompt,
  type MCPServerInfo,
  type MCPTool,
  type MCPWidgetStatus,
  type Unsubscribe,
} from '../kit/index.js';
import '../kit/tool-runner.js';
import { panelStyles } from './server-panel.styles.js';
import { renderResources } from './resources-tab.js';
import { renderPrompts } from './prompts-tab.js';

const TABS = ['overview', 'tools', 'resources', 'prompts', 'activity'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { overview: 'Overview', tools: 'Tools', resources: 'Resources', prompts: 'Prompts', activity: 'Activity' };
const ACTIVE_WINDOW_MS = 60_000;
const MAX_ACTIVITY = 200;

let instances = 0;

/**
 * mcp-server-panel-widget (MCP-WP §12): Overview | Tools | Resources | Prompts | Activity for one
 * server. Tool calls are emitted as `mcp:tool:invoke-requested`; the host confirms and runs them.
 */
export class McpServerPanelWidget extends LitElement {
  static override styles = [baseStyles, panelStyles];

  static override properties = {
    tab: { state: true },
    info: { attribute: false },
    selectedTool: { state: true },
    activity: { state: true },
    resourceView: { state: true },
    promptView: { state: true },
    connection: { state: true },
  };

  declare deps: DependenciesObject | undefined;
  declare info: MCPServerInfo | undefined;
  declare tab: Tab;
  declare selectedTool: MCPTool | undefined;
  declare activity: ActivityEntry[];
  declare resourceView: { selected?: string; contents?: unknown; error?: string; loading: boolean };
  declare promptView: { selected?: MCPPrompt; messages?: unknown; error?: string; loading: boolean };
  declare connection: 'connected' | 'disconnected' | 'error';
  private lastError: string | null = null;
  private lastActivity: number | null = null;
  private subs: Unsubscribe[] = [];
  private readonly uid = `sp${++instances}`;

  constructor() {
    super();
    this.tab = 'overview';
    this.activity = [];
    this.resourceView = { loading: false };
    this.promptView = { loading: false };
    this.connection = 'connected';
  }

  /** Starts following the bus; called by the factory's initialize(). */
  start(): void {
    const bus = this.deps?.EventBus;
    const name = this.info?.serverName;
    if (!bus || !name || this.subs.length) return;
    this.subs.push(
      trackActivity(bus, name, (entry) => {
        if (entry.kind !== 'server' && entry.kind !== 'log') this.lastActivity = entry.time;
        this.activity = [entry, ...this.activity].slice(0, MAX_ACTIVITY);
      }),
      bus.on('mcp:server:connected', (d: { serverName: string }) => {
        if (d.serverName === name) {
          this.connection = 'connected';
          this.lastError = null;
        }
      }),
      bus.on('mcp:server:disconnected', (d: { serverName: string; reason?: string }) => {
        if (d.serverName === name) {
          this.connection = 'disconnected';
          this.lastError = d.reason ?? 'Disconnected';
        }
      }),
      bus.on('mcp:server:list-changed', (d: { serverName: string }) => {
        if (d.serverName === name) void this.refresh();
      }),
    );
  }

  /** Drops every subscription (MCP-WP-3.4.2). */
  stop(): void {
    for (const u of this.subs) u();
    this.subs = [];
  }

  /** Re-fetches tools, resources and prompts (MCP-WP-3.4.3). */
  async refresh(): Promise<void> {
    const bridge = this.deps?.MCPBridge;
    const info = this.info;
    if (!bridge || !info) return;
    try {
      const [tools, resources, prompts] = await Promise.all([
        bridge.listTools(info.serverName),
        bridge.listResources(info.serverName),
        bridge.listPrompts(info.serverName),
      ]);
      this.info = { ...info, tools, resources, prompts };
      if (this.selectedTool) this.selectedTool = tools.find((t) => t.name === this.selectedTool!.name);
    } catch (error) {
      this.lastError = errorText(error).message;
      this.requestUpdate();
    }
  }

  /** MCP-WP-5.2.1 status for the card header. */
  getStatus(): MCPWidgetStatus {
    const info = this.info;
    const counts = info ? `${info.tools.length} tools, ${info.resources.length} resources, ${info.prompts.length} prompts` : 'No data yet';
    let state: MCPWidgetStatus['state'] = 'idle';
    if (!info) state = 'loading';
    else if (this.connection !== 'connected') state = 'error';
    else if (this.lastActivity !== null && Date.now() - this.lastActivity < ACTIVE_WINDOW_MS) state = 'active';
    return {
      state,
      primaryMetric: counts,
      secondaryMetric: info ? `${info.transport} \u00b7 MCP ${info.protocolVersion}` : '',
      lastActivity: this.lastActivity,
      message: state === 'error' ? this.lastError : null,
    };
  }

  /** MCP-WP-5.3.1 details. */
  getMCPInfo(): MCPInfo {
    return {
      serverName: this.info?.serverName ?? '',
      availableTools: this.info?.tools.length ?? 0,
      availableResources: this.info?.resources.length ?? 0,
      availablePrompts: this.info?.prompts.length ?? 0,
      connectionState: this.connection,
      lastError: this.lastError,
    };
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
    void this.updateComplete.then(() => (this.renderRoot.querySelector(`#${this.uid}-tab-${this.tab}`) as HTMLElement | null)?.focus());
  }

  private async readResource(uri: string): Promise<void> {
    const bridge = this.deps?.MCPBridge;
    if (!bridge || !this.info) return;
    this.resourceView = { selected: uri, loading: true };
    try {
      const contents = await bridge.readResource(this.info.serverName, uri);
      if (this.resourceView.selected === uri) this.resourceView = { selected: uri, contents, loading: false };
    } catch (error) {
      if (this.resourceView.selected === uri) this.resourceView = { selected: uri, error: errorText(error).message, loading: false };
    }
  }

  private async getPrompt(prompt: MCPPrompt, args: Record<string, unknown>): Promise<void> {
    const bridge = this.deps?.MCPBridge;
    if (!bridge || !this.info) return;
    this.promptView = { selected: prompt, loading: true };
    try {
      const messages = await bridge.getPrompt(this.info.serverName, prompt.name, args);
      this.promptView = { selected: prompt, messages, loading: false };
    } catch (error) {
      this.promptView = { selected: prompt, error: errorText(error).message, loading: false };
    }
  }

  private renderOverview() {
    const info = this.info!;
    const caps = Object.keys(info.capabilities ?? {}).filter((k) => info.capabilities[k]);
    return html`<dl>
        <dt>Server</dt><dd>${info.serverName}</dd>
        ${info.serverVersion ? html`<dt>Reports itself as</dt><dd>${info.serverVersion.title ?? info.serverVersion.name} ${info.serverVersion.version}</dd>` : nothing}
        <dt>Transport</dt><dd>${info.transport}</dd>
        <dt>MCP protocol</dt><dd>${info.protocolVersion}</dd>
        <dt>Capabilities</dt><dd>${caps.length ? caps.join(', ') : 'none'}</dd>
        <dt>Tools</dt><dd>${info.tools.length}</dd>
        <dt>Resources</dt><dd>${info.resources.length}${info.resourceTemplates?.length ? ` (+${info.resourceTemplates.length} templates)` : ''}</dd>
        <dt>Prompts</dt><dd>${info.prompts.length}</dd>
        <dt>Connection</dt><dd>${this.connection}${this.lastError ? ` \u2014 ${this.lastError}` : ''}</dd>
      </dl>
      ${typeof info.instructions === 'string' && info.instructions ? html`<h3>Instructions from the server</h3><pre>${info.instructions}</pre>` : nothing}`;
  }

  private renderTools() {
    const tools = this.info!.tools;
    if (!tools.length) return html`<p class="muted">This server offers no tools.</p>`;
    return html`<div class="split">
      <ul class="list" aria-label="Tools">
        ${tools.map((t) => {
          const annotations = (t.annotations ?? {}) as Record<string, unknown>;
          return html`<li><button type="button" aria-current=${this.selectedTool?.name === t.name ? 'true' : 'false'} @click=${() => (this.selectedTool = t)}>
            <span class="name">${displayName(t)}</span>
            ${typeof t.description === 'string' ? html`<span class="sub">${t.description}</span>` : nothing}
            <span class="sub">${summarizeSchema(t.inputSchema)}</span>
            <span class="sub">${annotations.readOnlyHint === true ? html`<span class="badge">read-only</span>` : nothing}${annotations.destructiveHint === true
              ? html`<span class="badge">destructive</span>`
              : nothing}${t.outputSchema ? html`<span class="badge">output schema</span>` : nothing}</span>
          </button></li>`;
        })}
      </ul>
      <mcp-tool-runner .bus=${this.deps?.EventBus} server-name=${this.info!.serverName} .tool=${this.selectedTool}></mcp-tool-runner>
    </div>`;
  }

  private renderActivity() {
    if (!this.activity.length) return html`<p class="muted">No activity yet. Tool calls, reads and prompts appear here.</p>`;
    return html`<table>
      <caption class="visually-hidden">Activity for ${this.info!.serverName}, newest first</caption>
      <thead><tr><th scope="col">Time</th><th scope="col">What</th><th scope="col">Outcome</th><th scope="col">Latency</th><th scope="col">Details</th></tr></thead>
      <tbody>
        ${this.activity.map(
          (e) => html`<tr>
            <td>${new Date(e.time).toLocaleTimeString()}</td>
            <td>${e.kind} <code>${e.name}</code></td>
            <td class="outcome-${e.outcome}">${e.outcome === 'error' ? '\u2717 ' : e.outcome === 'ok' ? '\u2713 ' : ''}${e.outcome}</td>
            <td>${e.latency !== undefined ? `${Math.round(e.latency)} ms` : ''}</td>
            <td>${e.message ? html`<div>${e.message}</div>` : nothing}${e.request !== undefined || e.response !== undefined
              ? html`<details><summary>Request / response</summary><pre>${JSON.stringify({ request: e.request, response: e.response }, null, 2)}</pre></details>`
              : nothing}</td>
          </tr>`,
        )}
      </tbody>
    </table>`;
  }

  override render() {
    if (!this.info) return html`<p role="status">Loading\u2026</p>`;
    const body = {
      overview: () => this.renderOverview(),
      tools: () => this.renderTools(),
      resources: () =>
        renderResources({
          resources: this.info!.resources,
          templates: this.info!.resourceTemplates ?? [],
          selected: this.resourceView.selected,
          contents: this.resourceView.contents,
          error: this.resourceView.error,
          loading: this.resourceView.loading,
          read: (uri) => void this.readResource(uri),
        }),
      prompts: () =>
        renderPrompts({
          prompts: this.info!.prompts,
          selected: this.promptView.selected,
          messages: this.promptView.messages as never,
          error: this.promptView.error,
          loading: this.promptView.loading,
          select: (p) => (this.promptView = { selected: p, loading: false }),
          get: (p, args) => void this.getPrompt(p, args),
        }),
      activity: () => this.renderActivity(),
    }[this.tab];
    return html`
      <div role="tablist" aria-label=${`${this.info.serverName} sections`} @keydown=${this.onTabKey}>
        ${TABS.map(
          (t) => html`<button role="tab" type="button" id="${this.uid}-tab-${t}" aria-selected=${this.tab === t ? 'true' : 'false'}
            aria-controls="${this.uid}-panel" tabindex=${this.tab === t ? '0' : '-1'} @click=${() => (this.tab = t)}>${TAB_LABELS[t]}${t === 'tools'
              ? ` (${this.info!.tools.length})`
              : t === 'resources'
                ? ` (${this.info!.resources.length})`
                : t === 'prompts'
                  ? ` (${this.info!.prompts.length})`
                  : ''}</button>`,
        )}
      </div>
      <div role="tabpanel" id="${this.uid}-panel" aria-labelledby="${this.uid}-tab-${this.tab}" tabindex="0">${body()}</div>
    `;
  }
}

defineElement('mcp-server-panel-widget', McpServerPanelWidget);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-server-panel-widget': McpServerPanelWidget;
  }
}
