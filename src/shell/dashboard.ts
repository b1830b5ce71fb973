import { LitElement, html, nothing } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import type { GatewayServerSummary } from '../core/shared/gateway-api/gateway-client.js';
import type { ModelToolDescriptor } from '../core/mcplet/model-tools.js';
import type { AgentsHost } from './agents/install-agents.js';
import type { AppBarAction, AppBarActionEvent } from './app-bar/app-bar-action-event.js';
import { appBarStyles } from './app-bar/app-bar.styles.js';
import { dashboardStyles } from './dashboard.styles.js';
import { ShellLocalize } from './i18n/shell-localize.js';
import { DashboardLayoutController } from './layout/dashboard-layout.js';
import { layoutStyles } from './layout/layout.styles.js';
import type { McpAuditPanel } from './panels/audit-panel.js';
import type { McpServersPanel } from './panels/servers-panel.js';
import type { McpThemePanel } from './panels/theme-panel.js';
import type { RegistryHost } from './registry/registry-host.js';
import type { SavedCallsHost } from './saved-calls/saved-calls-host.js';
import type { HostServices } from './services/host-services.js';
import type { McpCommandPalette, PaletteChooseEvent } from './palette/command-palette.js';
import type { WallScreenController, WallScreenOptions } from './layout/wall-screen.js';
import { shellStyles } from './shell.styles.js';
import { DashboardBoot, type DashboardDialogs } from './startup/dashboard-boot.js';
import type { DashboardProblem } from './startup/server-watch.js';
import './app-bar/app-bar.js';
import './card/widget-card.js';
import './dialogs/passkey-prompt.js';
import './panels/host-notices.js';

/**
 * <mcp-dashboard>: the shell. Reads the gateway token from the URL fragment, loads `mcp.servers`
 * from the gateway into Configuration (MCP-WP-10.1.1), and renders one widget card per server.
 * Watches the gateway so a restart or a stale token is explained instead of failing silently.
 * The header (<mcp-app-bar>) carries the brand, the language switch and the Appearance panel. The page's
 * services reach what it renders through one context each (startup/dashboard-boot.ts provides them).
 */
export class McpDashboard extends LitElement {
  static override styles = [shellStyles, appBarStyles, dashboardStyles, layoutStyles];

  static override properties = {
    registryReady: { state: true },
    servers: { state: true },
    problem: { state: true },
    storeOpen: { state: true },
  };

  declare servers: GatewayServerSummary[] | undefined;
  declare problem: DashboardProblem;
  /** Whether the Widgets panel (install, update, uninstall) is shown. */
  declare storeOpen: boolean;
  /** True once installed widgets are registered (a tile naming an unknown type is then a placeholder). */
  declare registryReady: boolean;
  /** Overrides for tests: where the gateway is and which token to use. */
  baseUrl: string | undefined;
  token: string | undefined;
  dbName: string | undefined;
  /** Tiles, dashboards (tabs), edit mode and layout files. */
  readonly layout = new DashboardLayoutController(this);
  /** The dialogs the page's services ask the person through. */
  readonly dialogs: DashboardDialogs = {
    confirm: createRef(),
    sampling: createRef(),
    elicitation: createRef(),
    urlElicitation: createRef(),
    passkey: createRef(),
  };
  private readonly palette = createRef<McpCommandPalette>();
  /** Ctrl/⌘+K anywhere on the page opens the command palette. */
  private readonly onKey = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k' && this.services) {
      e.preventDefault();
      void this.openPalette();
    }
  };
  private readonly panels = {
    theme: createRef<McpThemePanel>(),
    audit: createRef<McpAuditPanel>(),
    servers: createRef<McpServersPanel>(),
  };
  // The one element that provides the i18n context reads its own I18n.
  private readonly l10n = new ShellLocalize(this, { i18n: () => this.services?.i18n });
  // Added last: the dashboard's other controllers are connected when it starts.
  private readonly boot = new DashboardBoot(this);

  constructor() {
    super();
    this.storeOpen = false;
    this.registryReady = false;
  }

  /** The page's services, once created (for the tests and tools that look inside a dashboard). */
  get services(): HostServices | undefined {
    return this.boot.services;
  }

  /** The widget registry host, once its code is loaded. */
  get registryHost(): RegistryHost | undefined {
    return this.boot.registryHost;
  }

  /** Saved calls: the header button and the tool forms' "Save call" open them. */
  get savedCalls(): SavedCallsHost | undefined {
    return this.boot.savedCalls;
  }

  /** WebMCP registrations behind the header switch. */
  get agents(): AgentsHost | undefined {
    return this.boot.agents;
  }

  /** Wall-screen mode (layout/wall-screen.ts), once entered: its code loads then. */
  wall: WallScreenController | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('keydown', this.onKey);
    // `?wall` (or `?kiosk`) in the address: a wall screen from the start (a browser in kiosk mode opens it so).
    if (/[?&](wall|kiosk)(=|&|$)/.test(window.location.search))
      void import('./palette/palette-open.js').then((m) => m.wallScreenFromAddress(this));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.onKey);
  }

  /** Shows the dashboard as a wall screen: no bars, larger, optionally rotating; Escape leaves. */
  async enterWallScreen(options: WallScreenOptions = {}, fullScreen = false): Promise<WallScreenController> {
    return (await import('./palette/palette-open.js')).enterWallScreen(this, options, fullScreen);
  }

  /** Opens the command palette (Ctrl/⌘+K; its code loads on first use) over what the page knows now. */
  async openPalette(): Promise<McpCommandPalette | undefined> {
    if (!this.services) return undefined;
    return (await import('./palette/palette-open.js')).openPalette(this, this.palette.value!);
  }

  /** The tiles' and dashboards' store, once loaded. */
  layoutStore() {
    return this.layout.store;
  }

  /** Says `message` to screen readers (politely). */
  announce(message: string): void {
    this.services?.a11y.announce(message, 'polite');
  }

  /** The Appearance panel (its code is loaded the first time it is opened). */
  themePanel(): McpThemePanel {
    return this.panels.theme.value!;
  }

  /** Loads the Appearance panel if needed and opens it. */
  async openAppearance(): Promise<McpThemePanel> {
    await import('./panels/theme-panel.js');
    const panel = this.themePanel();
    await panel.updateComplete;
    await panel.show();
    return panel;
  }

  /** Opens the audit log (its code loads on first use). */
  async openAudit(): Promise<McpAuditPanel | undefined> {
    if (!this.services) return undefined;
    await import('./panels/audit-panel.js');
    const panel = this.panels.audit.value!;
    await panel.show();
    return panel;
  }

  /** Opens the Servers screen (paste or import a config; its code loads on first use). */
  async openServers(): Promise<McpServersPanel | undefined> {
    if (!this.services) return undefined;
    await import('./panels/servers-panel.js');
    const panel = this.panels.servers.value!;
    await panel.show();
    return panel;
  }

  /** A shell string in the user's language. */
  t(key: string, variables?: Record<string, unknown>): string {
    return this.l10n.t(key, variables);
  }

  /** The brand's name, or the dashboard's own. */
  productName(): string {
    return this.services?.theme.brand?.name ?? this.t('app.name');
  }

  /**
   * The tools a model or agent would be offered, in WebMCP's ModelContextTool shape: tools whose
   * visibility includes "model" on every connected server (app-only tools never appear).
   */
  modelVisibleTools(): ModelToolDescriptor[] {
    return this.services?.modelVisibleTools() ?? [];
  }

  private onAppBarAction(event: AppBarActionEvent): void {
    this.runAction(event.action);
  }

  /** Opens what an app bar button (or the palette) names. */
  runAction(action: AppBarAction): void {
    switch (action) {
      case 'search':
        void this.openPalette();
        return;
      case 'widgets':
        this.storeOpen = !this.storeOpen;
        this.boot.storeRequested();
        return;
      case 'saved-calls':
        void this.savedCalls?.open();
        return;
      case 'servers':
        void this.openServers();
        return;
      case 'audit':
        void this.openAudit();
        return;
      case 'appearance':
        void this.openAppearance();
    }
  }

  private problemMessage(): string {
    const p = this.problem!;
    // Re-worded on every render so a language switch also changes the banner.
    if (p.kind === 'no-token') return this.t(p.message);
    if (p.kind === 'auth') return this.t('problem.auth');
    return p.message;
  }

  override render() {
    const t = (key: string, variables?: Record<string, unknown>) => this.t(key, variables);
    const services = this.services;
    // The Widgets panel (registry/) still takes the I18n and A11yHelper as properties.
    return html`
      <mcp-app-bar
        .brand=${services?.theme.brand}
        .productName=${this.productName()}
        .mode=${services?.theme.mode ?? 'auto'}
        .ready=${Boolean(services)}
        .storeOpen=${this.storeOpen}
        @mcp-app-bar-action=${(e: AppBarActionEvent) => this.onAppBarAction(e)}
      ></mcp-app-bar>
      ${
        this.problem
          ? html`<div class="banner" role="alert"
              ><strong>✗ ${this.problemMessage()}</strong>
              ${this.problem.kind === 'unreachable' ? html`<div>${t('problem.retrying')}</div>` : nothing}</div
            >`
          : nothing
      }
      ${this.storeOpen ? html`<mcp-widget-store id="widget-store" .host=${this.registryHost} .i18n=${services?.i18n}></mcp-widget-store>` : nothing}
      <mcp-saved-calls></mcp-saved-calls>
      <mcp-host-notices></mcp-host-notices>
      <main aria-label=${t('main.label')}>
        ${this.servers?.length === 0 ? html`<p>${t('main.noServers')}</p>` : nothing}
        ${this.servers === undefined && !this.problem ? html`<p role="status">${t('main.loading')}</p>` : nothing}
        ${this.layout.render()}
      </main>
      <mcp-confirm-dialog ${ref(this.dialogs.confirm)}></mcp-confirm-dialog>
      <mcp-sampling-dialog ${ref(this.dialogs.sampling)}></mcp-sampling-dialog>
      <mcp-elicitation-dialog ${ref(this.dialogs.elicitation)}></mcp-elicitation-dialog>
      <mcp-url-elicitation-dialog ${ref(this.dialogs.urlElicitation)}></mcp-url-elicitation-dialog>
      <mcp-consent-dialog></mcp-consent-dialog>
      <mcp-theme-panel ${ref(this.panels.theme)}></mcp-theme-panel>
      <mcp-passkey-prompt ${ref(this.dialogs.passkey)}></mcp-passkey-prompt>
      <mcp-audit-panel ${ref(this.panels.audit)}></mcp-audit-panel>
      <mcp-servers-panel ${ref(this.panels.servers)}></mcp-servers-panel>
      <mcp-command-palette
        ${ref(this.palette)}
        @mcp-palette-choose=${(e: PaletteChooseEvent) =>
          void import('./palette/palette-open.js').then((m) => m.paletteChose(this, e.entry))}
      ></mcp-command-palette>
    `;
  }
}

if (!customElements.get('mcp-dashboard')) customElements.define('mcp-dashboard', McpDashboard);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-dashboard': McpDashboard;
  }
}
