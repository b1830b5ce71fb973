import { LitElement, html, css, nothing } from 'lit';
import {
  GatewayAuthError,
  GatewayUnreachableError,
  type GatewayServerSummary,
} from '../core/shared/gateway-api/gateway-client.js';
import type { ThemeModePreference } from '../core/shared/types.js';
import { LocalizeController } from '../../widgets/kit/i18n/localize.js';
import { applyBrandToDocument } from './brand/brand-document.js';
import { createHostServices, type HostServices } from './services/host-services.js';
import { LANGUAGES, SHELL_CATALOGS } from './i18n/messages.js';
import { PREFERENCE_KEYS } from './services/preferences.js';
import { shellStyles } from './shell.styles.js';
import { takeToken } from './startup/token.js';
import './dialogs/confirm-dialog.js';
import './card/widget-card.js';
import './dialogs/passkey-prompt.js';
import './panels/host-notices.js';
import type { McpConfirmDialog } from './dialogs/confirm-dialog.js';
import type { McpThemePanel } from './panels/theme-panel.js';
import { installClientFeatures } from './services/client-features.js';
import './mcp-apps/open-link-dialog.js';
import type { ModelToolDescriptor } from '../core/mcplet/model-tools.js';
import type { RegistryHost } from './registry/registry-host.js';
import { afterStartup } from './startup/background-start.js';
import { loadRegistryHost } from './registry/load-registry-host.js';
import { Configuration } from '../core/services/configuration.js';
import { openPolicyStore } from './services/policy-services.js';
import { coalesce, preloadSessions, preloadStartup } from './startup/startup-preload.js';
import { takeEarlyLaunch, takeEarlySettings } from './startup/launch-early.js';
import type { McpPasskeyPrompt } from './dialogs/passkey-prompt.js';
import type { McpAuditPanel } from './panels/audit-panel.js';
import { installSavedCalls, type SavedCallsHost } from './saved-calls/saved-calls-host.js';
import type { McpServersPanel } from './panels/servers-panel.js';
import type { McpHostNotices } from './panels/host-notices.js';
import { localhostUrlFor } from './startup/canonical-origin.js';
import { installAgents, type AgentsHost } from './agents/install-agents.js';
import { DashboardLayoutController } from './layout/dashboard-layout.js';
import { layoutStyles } from './layout/layout.styles.js';

type Problem = { kind: 'no-token' | 'auth' | 'unreachable' | 'other'; message: string } | undefined;
const LAUNCH_PROBLEM_KEYS = {
  'no-token': 'problem.noToken',
  used: 'launch.used',
  expired: 'launch.expired',
  unknown: 'launch.unknown',
} as const;

const MODES: ThemeModePreference[] = ['light', 'dark', 'high-contrast', 'auto'];

/**
 * <mcp-dashboard>: the shell. Reads the gateway token from the URL fragment, loads `mcp.servers`
 * from the gateway into Configuration (MCP-WP-10.1.1), and renders one widget card per server.
 * Watches the gateway so a restart or a stale token is explained instead of failing silently.
 * The header carries the brand (name, logo), the language switch and the Appearance panel.
 */
export class McpDashboard extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: block;
        min-height: 100vh;
        background: var(--mcp-background, #fff);
        color: var(--mcp-text-primary, #1b1f24);
      }
      header.top {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
        padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
        border-bottom: 1px solid var(--mcp-border, #737d88);
        background: var(--mcp-surface, #f4f6f8);
      }
      .brand {
        display: flex;
        align-items: center;
        gap: var(--mcp-spacing-sm, 0.25rem);
        min-width: 0;
      }
      .brand img {
        height: 2rem;
        width: auto;
        max-width: 8rem;
        object-fit: contain;
      }
      h1 {
        font-size: var(--mcp-font-size-xl, 1.25rem);
        margin: 0;
        word-break: break-word;
      }
      .spacer {
        flex: 1;
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: var(--mcp-spacing-md, 0.5rem);
      }
      main {
        padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem) var(--mcp-spacing-xl, 1.5rem);
      }
      .banner {
        margin: var(--mcp-spacing-lg, 1rem);
        padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
        border: 2px solid var(--mcp-error-dark, #991b1b);
        border-radius: var(--mcp-radius-md, 4px);
        background: var(--mcp-error-light, #fee2e2);
      }
      label {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        display: inline-flex;
        align-items: center;
        gap: var(--mcp-spacing-xs, 0.125rem);
      }
      mcp-widget-store {
        margin: var(--mcp-spacing-lg, 1rem);
      }
    `,
    layoutStyles,
  ];

  static override properties = {
    registryReady: { state: true },
    servers: { state: true },
    problem: { state: true },
    storeOpen: { state: true },
  };

  declare servers: GatewayServerSummary[] | undefined;
  declare problem: Problem;
  /** Whether the Widgets panel (install, update, uninstall) is shown. */
  declare storeOpen: boolean;
  /** True once installed widgets are registered (a tile naming an unknown type is then a placeholder). */
  declare registryReady: boolean;
  /** Tiles, dashboards (tabs), edit mode and layout files. */
  readonly layout = new DashboardLayoutController(this);
  /** The widget registry host, once the services exist. */
  registryHost: RegistryHost | undefined;
  /** Overrides for tests: where the gateway is and which token to use. */
  baseUrl: string | undefined;
  token: string | undefined;
  dbName: string | undefined;
  services: HostServices | undefined;
  private watch: ReturnType<typeof setInterval> | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: SHELL_CATALOGS, i18n: () => this.services?.i18n });
  private unsubscribe: (() => void) | undefined;
  private wantStore!: () => void;
  private readonly storeWanted = new Promise<void>((resolve) => (this.wantStore = resolve));

  constructor() {
    super();
    this.storeOpen = false;
    this.registryReady = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.boot();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.watch);
    this.unsubscribe?.();
    this.registryHost?.dispose();
    this.agents?.dispose();
    this.services?.dispose();
  }

  /** Saved calls: the header button and the tool forms' "Save call" open it. */
  savedCalls: SavedCallsHost | undefined;
  agents: AgentsHost | undefined; // WebMCP registrations behind the header switch

  private dialog(): McpConfirmDialog {
    return this.renderRoot.querySelector('mcp-confirm-dialog')!;
  }

  /** The Appearance panel (its code is loaded the first time it is opened). */
  themePanel(): McpThemePanel {
    return this.renderRoot.querySelector('mcp-theme-panel')!;
  }

  /** Loads the Appearance panel if needed and opens it. */
  async openAppearance(): Promise<McpThemePanel> {
    await import('./panels/theme-panel.js');
    const panel = this.themePanel();
    await panel.updateComplete;
    await panel.show();
    return panel;
  }

  /** A shell string in the user's language. */
  t(key: string, variables?: Record<string, unknown>): string {
    return this.l10n.t(key, variables);
  }

  private productName(): string {
    return this.services?.theme.brand?.name ?? this.t('app.name');
  }

  private async boot(): Promise<void> {
    // Passkeys refuse IP addresses: served by the gateway on 127.0.0.1, move to localhost first (token in the fragment).
    const moveTo =
      this.token === undefined && this.baseUrl === undefined ? localhostUrlFor(window.location) : undefined;
    if (moveTo) {
      window.location.replace(moveTo);
      return;
    }
    preloadStartup();
    // The settings and policy databases open while the launch code is spent, or earlier still (launch-early.ts).
    const opened = takeEarlySettings(this.dbName);
    const configuration = opened?.configuration ?? new Configuration({ dbName: this.dbName });
    const settingsLoaded = opened?.loaded ?? configuration.load();
    const policyDb = opened
      ? opened.policyDb.then((db) => db ?? openPolicyStore(this.dbName))
      : openPolicyStore(this.dbName);
    let token = this.token;
    let startup: Record<string, unknown> | undefined;
    if (token === undefined) {
      const baseUrl = this.baseUrl ?? window.location.origin;
      const taken = await (takeEarlyLaunch(baseUrl)?.taken ?? takeToken(baseUrl));
      if ('problem' in taken) {
        // For 'no-token' the message is the catalog key, so a language switch re-words the banner.
        this.problem =
          taken.problem === 'unreachable'
            ? { kind: 'unreachable', message: this.t('problem.unreachable', { url: baseUrl }) }
            : { kind: 'no-token', message: LAUNCH_PROBLEM_KEYS[taken.problem] };
        return;
      }
      token = taken.token;
      startup = taken.startup;
    }
    await this.updateComplete;
    const services = createHostServices({
      baseUrl: this.baseUrl ?? window.location.origin,
      token,
      confirm: (request) => this.dialog().ask(request),
      announcerHost: document.body,
      dbName: this.dbName,
      configuration,
      policyDb,
    });
    this.services = services;
    services.gateway.prefetchStartup(startup);
    this.dialog().a11y = services.a11y;
    this.dialog().i18n = services.i18n;
    installClientFeatures(services, this.renderRoot);
    const linkDialog = this.renderRoot.querySelector('mcp-link-dialog')!;
    linkDialog.a11y = services.a11y;
    linkDialog.i18n = services.i18n;
    services.apps.setLinkConfirmer((request) => linkDialog.open(request));
    const prompt = this.renderRoot.querySelector('mcp-passkey-prompt') as McpPasskeyPrompt;
    prompt.a11y = services.a11y;
    prompt.i18n = services.i18n;
    services.policy.setPasskeyPrompt(() => prompt);
    const notices = this.renderRoot.querySelector('mcp-host-notices') as McpHostNotices;
    notices.a11y = services.a11y;
    notices.i18n = services.i18n;
    notices.listen(services.bus);
    this.savedCalls = installSavedCalls({ root: this.renderRoot, services, dbName: this.dbName });
    services.theme.applyToElement(this);
    services.theme.applyToDocument(this.ownerDocument);
    const [, policyProblem] = await Promise.all([settingsLoaded, services.policy.load()]);
    if (policyProblem)
      services.bus.emit('mcp:host:notification', {
        title: this.t('policy.settingsTitle'),
        body: policyProblem,
        level: 'warning',
      });
    this.agents = installAgents({ root: this.renderRoot, services });
    await services.preferences.start();
    this.unsubscribe = services.preferences.onChange(() => {
      applyBrandToDocument(services.theme.brand, this.productName());
      this.requestUpdate();
    });
    applyBrandToDocument(services.theme.brand, this.productName());
    this.requestUpdate();
    const refresh = coalesce(() => this.refreshServers()); // one request at a time, however many cards ask
    // The tiles appear as soon as the servers and the team's layouts are known (the brand may still be loading).
    const team = this.layout.loadTeam(services);
    const catalog = services.gateway.catalog().then(
      (entries) => services.catalog.load(entries),
      (error: unknown) =>
        console.warn(
          '[mcp-dashboard] the gateway\u2019s catalog could not be loaded; each server is discovered by its session',
          error,
        ),
    );
    const tiles = Promise.all([refresh(), team, catalog]).then(() => {
      // The sessions' code loads now when a server must connect before it can be drawn, else with the first session.
      if ((this.servers ?? []).some((s) => !s.disabled && !services.catalog.info(s.name, s.transport)))
        preloadSessions();
      this.layout.start(services, this.servers ?? []);
    });
    await Promise.all([this.loadBrand(), tiles]);
    this.watch = setInterval(() => void refresh(), 5000);
    services.bus.on('mcp:server:connected', () => void refresh()); // a card that connected changed the process state: show it now
    // The gateway says when a server's session was lost or restored: show it now, not at the next poll.
    services.bus.on<{ logger?: string }>('mcp:server:log', (data) => {
      if (data?.logger === 'mcp-dashboard-gateway') void refresh();
    });
    // Registry code waits for the first sessions unless a tile shows a registry widget or the Widgets panel opens.
    if (!this.layout.waitsForWidgets())
      await Promise.race([
        afterStartup(
          services.bridge,
          (this.servers ?? []).map((s) => s.name),
        ),
        this.storeWanted,
      ]);
    services.validator.preload();
    const registryHost = await loadRegistryHost(services, this.renderRoot, this.dbName);
    if (!registryHost) return;
    this.registryHost = registryHost;
    this.requestUpdate();
    await this.registryHost.init();
    this.registryReady = true;
  }

  /**
   * The tools a model or agent would be offered, in WebMCP's ModelContextTool shape: tools whose
   * visibility includes "model" on every connected server (app-only tools never appear).
   */
  modelVisibleTools(): ModelToolDescriptor[] {
    return this.services?.modelVisibleTools() ?? [];
  }

  /** The config's brand (GET /api/brand); a gateway without one (or an older one) leaves the default. */
  private async loadBrand(): Promise<void> {
    try {
      await this.services?.preferences.setConfigBrand(await this.services.gateway.brand());
    } catch (error) {
      console.warn('[mcp-dashboard] the brand from the config could not be loaded', error);
    }
  }

  private problemText(error: unknown, kind: NonNullable<Problem>['kind']): string {
    if (kind === 'auth') return this.t('problem.auth');
    if (kind === 'unreachable')
      return this.t('problem.unreachable', { url: (error as GatewayUnreachableError).baseUrl });
    return (error as Error).message;
  }

  private async refreshServers(): Promise<void> {
    const services = this.services;
    if (!services) return;
    try {
      const servers = await services.gateway.listServers();
      const wasUnreachable = this.problem?.kind === 'unreachable';
      this.problem = undefined;
      services.configuration.setHostValue(
        'mcp.servers',
        Object.fromEntries(servers.map((s) => [s.name, { transport: s.transport, disabled: s.disabled }])),
      );
      this.updateSummaries(servers);
      if (wasUnreachable) services.a11y.announce(this.t('problem.reachableAgain'), 'polite');
    } catch (error) {
      const kind =
        error instanceof GatewayAuthError ? 'auth' : error instanceof GatewayUnreachableError ? 'unreachable' : 'other';
      const message = this.problemText(error, kind);
      if (this.problem?.kind !== kind) services.a11y.announce(message, 'assertive');
      this.problem = { kind, message };
      if (kind === 'auth') clearInterval(this.watch);
    }
  }

  /** Keeps existing tiles (and their widgets) when only process states change. */
  private updateSummaries(servers: GatewayServerSummary[]): void {
    if (!this.servers || this.servers.map((s) => s.name).join('\n') !== servers.map((s) => s.name).join('\n')) {
      this.servers = servers;
      this.layout.serversChanged(servers);
      return;
    }
    // Same names: refresh the summaries in place (no re-render of the dashboard), and hand each tile its own.
    this.servers.splice(0, this.servers.length, ...servers);
    this.layout.updateSummaries(servers);
  }

  private set(key: string, value: unknown): void {
    void this.services?.configuration.set(key, value).catch(() => {});
  }

  private problemMessage(): string {
    const p = this.problem!;
    // Re-worded on every render so a language switch also changes the banner.
    if (p.kind === 'no-token') return this.t(p.message);
    if (p.kind === 'auth') return this.t('problem.auth');
    return p.message;
  }

  /** Opens the audit log (its code loads on first use). */
  async openAudit(): Promise<McpAuditPanel | undefined> {
    const services = this.services;
    if (!services) return undefined;
    await import('./panels/audit-panel.js');
    const panel = this.renderRoot.querySelector('mcp-audit-panel') as McpAuditPanel;
    panel.policy = services.policy;
    panel.a11y = services.a11y;
    panel.i18n = services.i18n;
    await panel.show();
    return panel;
  }

  /** Opens the Servers screen (paste or import a config; its code loads on first use). */
  async openServers(): Promise<McpServersPanel | undefined> {
    if (!this.services) return undefined;
    await import('./panels/servers-panel.js');
    const panel = this.renderRoot.querySelector('mcp-servers-panel') as McpServersPanel;
    panel.a11y = this.services.a11y;
    panel.i18n = this.services.i18n;
    await panel.show();
    return panel;
  }

  override render() {
    const t = (key: string, variables?: Record<string, unknown>) => this.t(key, variables);
    const theme = this.services?.theme;
    const brand = theme?.brand;
    const mode = theme?.mode ?? 'auto';
    const locale = this.services?.i18n.currentLocale ?? 'en';
    return html`
      <header class="top">
        <div class="brand">
          ${brand?.logo ? html`<img src=${brand.logo} alt=${brand.logoAlt ?? ''} />` : nothing}
          <h1>${this.productName()}</h1>
        </div>
        <span class="spacer"></span>
        <div class="controls">
          <button
            type="button"
            aria-expanded=${this.storeOpen ? 'true' : 'false'}
            aria-controls="widget-store"
            @click=${() => ((this.storeOpen = !this.storeOpen), this.wantStore())}
          >
            ${t('header.widgets')}
          </button>
          <mcp-agent-switch></mcp-agent-switch>
          <button
            type="button"
            data-action="saved-calls"
            @click=${() => void this.savedCalls?.open()}
            ?hidden=${!this.services}
            >${t('header.savedCalls')}</button
          >
          <button
            type="button"
            aria-haspopup="dialog"
            data-action="servers"
            @click=${() => void this.openServers()}
            ?hidden=${!this.services}
            >${t('header.servers')}</button
          >
          <button
            type="button"
            aria-haspopup="dialog"
            data-action="audit"
            @click=${() => void this.openAudit()}
            ?hidden=${!this.services}
            >${t('header.audit')}</button
          >
          <label
            >${t('header.language')}
            <select
              @change=${(e: Event) => this.set(PREFERENCE_KEYS.locale, (e.target as HTMLSelectElement).value)}
              ?disabled=${!this.services}
            >
              ${LANGUAGES.map((l) => html`<option value=${l.locale} lang=${l.locale} ?selected=${l.locale === locale}>${l.name}</option>`)}
            </select>
          </label>
          <label
            >${t('header.theme')}
            <select
              @change=${(e: Event) => this.set(PREFERENCE_KEYS.mode, (e.target as HTMLSelectElement).value)}
              ?disabled=${!this.services}
            >
              ${MODES.map((m) => html`<option value=${m} ?selected=${m === mode}>${t(`mode.${m}`)}</option>`)}
            </select>
          </label>
          <button
            type="button"
            aria-haspopup="dialog"
            data-action="appearance"
            ?disabled=${!this.services}
            @click=${() => void this.openAppearance()}
          >
            ${t('header.appearance')}
          </button>
        </div>
      </header>
      ${
        this.problem
          ? html`<div class="banner" role="alert"
              ><strong>✗ ${this.problemMessage()}</strong>
              ${this.problem.kind === 'unreachable' ? html`<div>${t('problem.retrying')}</div>` : nothing}</div
            >`
          : nothing
      }
      ${this.storeOpen ? html`<mcp-widget-store id="widget-store" .host=${this.registryHost} .i18n=${this.services?.i18n}></mcp-widget-store>` : nothing}
      <mcp-saved-calls></mcp-saved-calls>
      <mcp-host-notices></mcp-host-notices>
      <main aria-label=${t('main.label')}>
        ${this.servers?.length === 0 ? html`<p>${t('main.noServers')}</p>` : nothing}
        ${this.servers === undefined && !this.problem ? html`<p role="status">${t('main.loading')}</p>` : nothing}
        ${this.layout.render()}
      </main>
      <mcp-confirm-dialog></mcp-confirm-dialog>
      <mcp-sampling-dialog></mcp-sampling-dialog>
      <mcp-elicitation-dialog></mcp-elicitation-dialog>
      <mcp-url-elicitation-dialog></mcp-url-elicitation-dialog>
      <mcp-consent-dialog></mcp-consent-dialog>
      <mcp-link-dialog></mcp-link-dialog>
      <mcp-theme-panel .services=${this.services}></mcp-theme-panel>
      <mcp-passkey-prompt></mcp-passkey-prompt>
      <mcp-audit-panel></mcp-audit-panel>
      <mcp-servers-panel></mcp-servers-panel>
    `;
  }
}

if (!customElements.get('mcp-dashboard')) customElements.define('mcp-dashboard', McpDashboard);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-dashboard': McpDashboard;
  }
}
