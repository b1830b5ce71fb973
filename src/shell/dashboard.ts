import { LitElement, html, css, nothing } from 'lit';
import { GatewayAuthError, GatewayUnreachableError, type GatewayServerSummary } from '../core/gateway-client.js';
import type { ThemeMode } from '../../theme/tokens.js';
import { createHostServices, type HostServices } from './host-services.js';
import { shellStyles } from './shell.styles.js';
import { takeToken } from './token.js';
import './confirm-dialog.js';
import './widget-card.js';
import './passkey-prompt.js';
import './host-notices.js';
import type { McpConfirmDialog } from './confirm-dialog.js';
import { installClientFeatures } from './client-features.js';
import './mcp-apps/open-link-dialog.js';
import type { ModelToolDescriptor } from '../core/mcplet/model-tools.js';
import type { RegistryHost } from './registry/registry-host.js';
import { loadWidgetContract } from './widget-lifecycle.js';
import type { McpPasskeyPrompt } from './passkey-prompt.js';
import type { McpAuditPanel } from './audit-panel.js';
import type { McpHostNotices } from './host-notices.js';
import { localhostUrlFor } from './canonical-origin.js';

type Problem = { kind: 'no-token' | 'auth' | 'unreachable' | 'other'; message: string } | undefined;

const MODES: Array<{ mode: ThemeMode; label: string }> = [
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
  { mode: 'high-contrast', label: 'High contrast' },
];

/**
 * <mcp-dashboard>: the shell. Reads the gateway token from the URL fragment, loads `mcp.servers`
 * from the gateway into Configuration (MCP-WP-10.1.1), and renders one widget card per server.
 * Watches the gateway so a restart or a stale token is explained instead of failing silently.
 */
export class McpDashboard extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host { display: block; min-height: 100vh; background: var(--mcp-background, #fff); color: var(--mcp-text-primary, #1b1f24); }
      header.top { display: flex; flex-wrap: wrap; align-items: center; gap: var(--mcp-spacing-lg, 1rem); padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
        border-bottom: 1px solid var(--mcp-border, #8c959f); background: var(--mcp-surface, #f4f6f8); }
      h1 { font-size: 1.25rem; margin: 0; }
      .spacer { flex: 1; }
      main { padding: var(--mcp-spacing-lg, 1rem); display: grid; gap: var(--mcp-spacing-lg, 1rem); grid-template-columns: repeat(auto-fill, minmax(min(100%, 38rem), 1fr)); align-items: start; }
      .banner { margin: var(--mcp-spacing-lg, 1rem); padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem); border: 2px solid var(--mcp-error-dark, #a4161a);
        border-radius: var(--mcp-radius-md, 4px); background: var(--mcp-error-light, #fdecec); }
      label { font-size: var(--mcp-font-size-sm, 0.8125rem); }
      mcp-widget-store { margin: var(--mcp-spacing-lg, 1rem); }
    `,
  ];

  static override properties = {
    servers: { state: true },
    problem: { state: true },
    mode: { state: true },
    storeOpen: { state: true },
  };

  declare servers: GatewayServerSummary[] | undefined;
  declare problem: Problem;
  declare mode: ThemeMode;
  /** Whether the Widgets panel (install, update, uninstall) is shown. */
  declare storeOpen: boolean;
  /** The widget registry host (issue 6), once the services exist. */
  registryHost: RegistryHost | undefined;
  /** Overrides for tests: where the gateway is and which token to use. */
  baseUrl: string | undefined;
  token: string | undefined;
  dbName: string | undefined;
  services: HostServices | undefined;
  private watch: ReturnType<typeof setInterval> | undefined;

  constructor() {
    super();
    this.mode = 'light';
    this.storeOpen = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.boot();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.watch);
    this.registryHost?.dispose();
    this.services?.dispose();
  }

  private dialog(): McpConfirmDialog {
    return this.renderRoot.querySelector('mcp-confirm-dialog')!;
  }

  private async boot(): Promise<void> {
    // Passkeys refuse IP addresses: served by the gateway on 127.0.0.1, move to localhost first (token in the fragment).
    const moveTo = this.token === undefined && this.baseUrl === undefined ? localhostUrlFor(window.location) : undefined;
    if (moveTo) {
      window.location.replace(moveTo);
      return;
    }
    const token = this.token ?? takeToken();
    if (!token) {
      this.problem = {
        kind: 'no-token',
        message: 'This page needs the access token from the gateway. Open the address printed by "npm start" (it ends in #token=\u2026).',
      };
      return;
    }
    await this.updateComplete;
    const services = createHostServices({
      baseUrl: this.baseUrl ?? window.location.origin,
      token,
      confirm: (request) => this.dialog().ask(request),
      announcerHost: document.body,
      dbName: this.dbName,
    });
    this.services = services;
    this.dialog().a11y = services.a11y;
    // Fetched while the first servers connect; the first widget needs it (docs/decisions.md, "Bundle size").
    void loadWidgetContract().catch(() => {});
    installClientFeatures(services, this.renderRoot);
    const linkDialog = this.renderRoot.querySelector('mcp-link-dialog')!;
    linkDialog.a11y = services.a11y;
    services.apps.setLinkConfirmer((request) => linkDialog.open(request));
    const prompt = this.renderRoot.querySelector('mcp-passkey-prompt') as McpPasskeyPrompt;
    prompt.a11y = services.a11y;
    services.policy.setPasskeyPrompt(() => prompt);
    const notices = this.renderRoot.querySelector('mcp-host-notices') as McpHostNotices;
    notices.a11y = services.a11y;
    notices.listen(services.bus);
    const [, policyProblem] = await Promise.all([services.configuration.load(), services.policy.load()]);
    if (policyProblem) services.bus.emit('mcp:host:notification', { title: 'Policy settings', body: policyProblem, level: 'warning' });
    this.mode = services.configuration.get<ThemeMode>('theme.mode') ?? 'light';
    services.theme.setMode(this.mode);
    services.theme.applyToElement(this);
    await this.refreshServers();
    this.watch = setInterval(() => void this.refreshServers(), 5000);
    // A card that just connected changes the process state: show it now rather than at the next poll.
    services.bus.on('mcp:server:connected', () => void this.refreshServers());
    // The registry code (manifests, signatures, semver, the Widgets panel) is not needed for the first
    // paint; it loads once the cards have started, and then syncs installed widgets as before.
    let RegistryHostClass: typeof RegistryHost;
    try {
      [{ RegistryHost: RegistryHostClass }] = await Promise.all([
        import('./registry/registry-host.js'),
        import('./registry/consent-dialog.js'),
        import('./registry/widget-store.js'),
      ]);
    } catch (error) {
      services.a11y.announce(`The Widgets panel could not be loaded (${(error as Error).message}). Reload the page to install or update widgets.`, 'assertive');
      return;
    }
    const consent = this.renderRoot.querySelector('mcp-consent-dialog')!;
    consent.a11y = services.a11y;
    this.registryHost = new RegistryHostClass({
      services,
      dbName: this.dbName,
      cards: () => [...this.renderRoot.querySelectorAll('mcp-widget-card')],
      consent: (request) => consent.open(request),
      // MCP-WP-16.6.3: refused packages (integrity, signature, downgrade…) go to the audit log too.
      onSecurityEvent: (event) =>
        void services.policy.audit.record({
          kind: 'security-event',
          callerId: 'registry',
          outcome: event.kind,
          detail: [event.packageName && `${event.packageName}${event.version ? `@${event.version}` : ''}`, event.message, event.url].filter(Boolean).join(' — '),
        }),
    });
    this.requestUpdate();
    await this.registryHost.init();
  }

  /**
   * The tools a model or agent would be offered, in WebMCP's ModelContextTool shape: tools whose
   * visibility includes "model" on every connected server (app-only tools never appear).
   */
  modelVisibleTools(): ModelToolDescriptor[] {
    return this.services?.modelVisibleTools() ?? [];
  }

  private async refreshServers(): Promise<void> {
    const services = this.services;
    if (!services) return;
    try {
      const servers = await services.gateway.listServers();
      const wasUnreachable = this.problem?.kind === 'unreachable';
      this.problem = undefined;
      services.configuration.setHostValue('mcp.servers', Object.fromEntries(servers.map((s) => [s.name, { transport: s.transport, disabled: s.disabled }])));
      this.updateSummaries(servers);
      if (wasUnreachable) services.a11y.announce('The gateway is reachable again.', 'polite');
    } catch (error) {
      const kind = error instanceof GatewayAuthError ? 'auth' : error instanceof GatewayUnreachableError ? 'unreachable' : 'other';
      if (this.problem?.kind !== kind) services.a11y.announce((error as Error).message, 'assertive');
      this.problem = { kind, message: (error as Error).message };
      if (kind === 'auth') clearInterval(this.watch);
    }
  }

  /** Keeps existing cards (and their widgets) when only process states change. */
  private updateSummaries(servers: GatewayServerSummary[]): void {
    if (!this.servers || this.servers.map((s) => s.name).join('\n') !== servers.map((s) => s.name).join('\n')) {
      this.servers = servers;
      return;
    }
    const cards = this.renderRoot.querySelectorAll('mcp-widget-card');
    cards.forEach((card, i) => {
      card.server = servers[i]!;
    });
  }

  /** Opens the audit log (its code loads on first use). */
  private async openAudit(): Promise<void> {
    const services = this.services;
    if (!services) return;
    await import('./audit-panel.js');
    const panel = this.renderRoot.querySelector('mcp-audit-panel') as McpAuditPanel;
    panel.policy = services.policy;
    panel.a11y = services.a11y;
    await panel.show();
  }

  private async setMode(mode: ThemeMode): Promise<void> {
    this.mode = mode;
    this.services?.theme.setMode(mode);
    await this.services?.configuration.set('theme.mode', mode).catch(() => {});
  }

  override render() {
    return html`
      <header class="top">
        <h1>MCP Dashboard</h1>
        <span class="spacer"></span>
        <button type="button" aria-expanded=${this.storeOpen ? 'true' : 'false'} aria-controls="widget-store" @click=${() => (this.storeOpen = !this.storeOpen)}>Widgets</button>
        <button type="button" @click=${() => void this.openAudit()} ?hidden=${!this.services}>Audit log</button>
        <label>Theme
          <select .value=${this.mode} @change=${(e: Event) => void this.setMode((e.target as HTMLSelectElement).value as ThemeMode)}>
            ${MODES.map((m) => html`<option value=${m.mode} ?selected=${m.mode === this.mode}>${m.label}</option>`)}
          </select>
        </label>
      </header>
      ${this.problem ? html`<div class="banner" role="alert"><strong>\u2717 ${this.problem.message}</strong>
        ${this.problem.kind === 'unreachable' ? html`<div>Retrying every 5 seconds; your widgets stay as they are.</div>` : nothing}</div>` : nothing}
      ${this.storeOpen ? html`<mcp-widget-store id="widget-store" .host=${this.registryHost}></mcp-widget-store>` : nothing}
      <mcp-host-notices></mcp-host-notices>
      <main aria-label="MCP servers">
        ${this.servers?.length === 0 ? html`<p>No servers are configured. Add some under "mcpServers" in the config file.</p>` : nothing}
        ${this.servers === undefined && !this.problem ? html`<p role="status">Loading servers\u2026</p>` : nothing}
        ${(this.servers ?? []).map((server) => html`<mcp-widget-card .server=${server} .services=${this.services}></mcp-widget-card>`)}
      </main>
      <mcp-confirm-dialog></mcp-confirm-dialog>
      <mcp-sampling-dialog></mcp-sampling-dialog>
      <mcp-elicitation-dialog></mcp-elicitation-dialog>
      <mcp-consent-dialog></mcp-consent-dialog>
      <mcp-link-dialog></mcp-link-dialog>
      <mcp-passkey-prompt></mcp-passkey-prompt>
      <mcp-audit-panel></mcp-audit-panel>
    `;
  }
}

if (!customElements.get('mcp-dashboard')) customElements.define('mcp-dashboard', McpDashboard);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-dashboard': McpDashboard;
  }
}
