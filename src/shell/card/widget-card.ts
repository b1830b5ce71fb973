import { LitElement, html, nothing } from 'lit';
import type { ConnectionProblem } from '../../core/shared/gateway-api/connection-problem.js';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import type { MCPInfo, MCPServerInfo, MCPWidgetStatus } from '../../core/shared/types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { consume, gatewayContext } from '../services/contexts.js';
import { shellStyles } from '../shell.styles.js';
import { renderCardHeader } from './card-header.js';
import { CardSession } from './card-session.js';
import { contentChanged, type Phase } from './card-state.js';
import { renderListProblems } from './list-problems.js';
import { serverStatusStyles } from './server-status.js';
import { widgetCardStyles } from './widget-card.styles.js';
import { DEFAULT_WIDGET_TYPE } from './widget-registry.js';
import './sign-in-panel.js';

/**
 * One server's card: connects, discovers, creates the widget through its factory, initialises
 * and mounts it (MCP-WP-10.2.1). A failure at any step becomes an error card with the reason and
 * a retry; the rest of the dashboard is unaffected. The session and the widget are its CardSession's;
 * the services come from the page's contexts.
 */
export class McpWidgetCard extends LitElement {
  static override styles = [shellStyles, serverStatusStyles, widgetCardStyles];

  static override properties = {
    server: { attribute: false, hasChanged: contentChanged },
    phase: { state: true },
    error: { state: true },
    status: { state: true, hasChanged: contentChanged },
    mcpInfo: { state: true, hasChanged: contentChanged },
    stderr: { state: true },
    widgetType: { state: true },
    listProblems: { state: true, hasChanged: contentChanged },
    authNeeded: { state: true },
    problem: { state: true },
  };

  declare server: GatewayServerSummary;
  declare phase: Phase;
  declare error: string | undefined;
  declare status: MCPWidgetStatus | undefined;
  declare mcpInfo: MCPInfo | undefined;
  declare stderr: string | undefined;
  /** List items the host left out because of their shape (MCP-WP-9.1.3), from the bridge's view. */
  declare listProblems: MCPServerInfo['listProblems'];
  /** The widget type representing this server (MCP-WP §12), chosen by the user and persisted. */
  declare widgetType: string;
  /** The gateway's diagnosis from the failed connect (the summary's `problem` takes over once polled). */
  declare problem: ConnectionProblem | undefined;
  /** The last connect failed because the server wants the user to sign in (gateway OAuth). */
  declare authNeeded: boolean;
  /** The widget type the card's tile names; it wins over the per-server choice in Configuration. */
  widgetTypeChoice: string | undefined;
  /** The widget type this card's current widget was created from (read by the registry host). */
  currentType: string | undefined;
  private readonly l10n = new ShellLocalize(this);
  private readonly gateway = consume(this, gatewayContext);
  private readonly session = new CardSession(this);

  constructor() {
    super();
    this.phase = 'idle';
    this.widgetType = DEFAULT_WIDGET_TYPE;
    this.authNeeded = false;
  }

  /** A shell string in the user's language. */
  t(key: string, variables?: Record<string, unknown>): string {
    return this.l10n.t(key, variables);
  }

  /** True while the widget shows the gateway's catalog and this page's session is still opening. */
  get connecting(): boolean {
    return this.session.connecting;
  }

  /** Connect → discover → factory → initialize → mount; `force` reconnects a server other tiles share. */
  start(force = false): Promise<void> {
    return this.session.start(force);
  }

  /**
   * Reconnect (or Restart in the diagnosis): a server the gateway stopped restarting (a crash loop) is started
   * again first; then this card connects afresh.
   */
  private async reconnect(): Promise<void> {
    const s = this.server;
    if (s.state === 'failing' || s.problem?.kind === 'crash-loop' || this.problem?.kind === 'crash-loop') {
      try {
        await this.gateway.value!.restartServer(s.name);
      } catch (error) {
        this.phase = 'error';
        this.error = this.t('card.restartFailed', { message: (error as Error).message });
        return;
      }
      // Until the next poll of the server list says otherwise, it is starting.
      this.server = { ...s, state: 'starting', problem: null, lastError: null };
      this.problem = undefined;
    }
    await this.start(true);
  }

  /** The mounted widget's element, once there is one. */
  widgetElement(): HTMLElement | undefined {
    return this.session.widgetElement();
  }

  /** Switches the widget type for this server, persists the choice and remounts (no reconnect). */
  chooseWidgetType(type: string): Promise<void> {
    return this.session.chooseWidgetType(type);
  }

  /** The registry assigned an installed widget type to this server: show it, and let the tile record it. */
  assignWidgetType(type: string): Promise<void> {
    return this.session.assignWidgetType(type);
  }

  /** Reads the widget's status now (the card polls it every `mcp.pollingInterval`). */
  pollStatus(): void {
    this.session.pollStatus();
  }

  /** Destroys the widget (if any) and stops polling. */
  teardown(): Promise<void> {
    return this.session.teardown();
  }

  private async toggleLog(): Promise<void> {
    if (this.stderr !== undefined) {
      this.stderr = undefined;
      return;
    }
    try {
      this.stderr = (await this.gateway.value!.stderr(this.server.name)) || this.t('card.logEmpty');
    } catch (error) {
      this.stderr = this.t('card.logFailed', { message: (error as Error).message });
    }
  }

  /** Sign in / Sign out for a remote server the gateway signs in to (sign-in-panel.ts); `embedded` inside the doctor, which already says why. */
  private renderSignIn(embedded = false) {
    if (this.server.transport !== 'http' || this.phase === 'disabled') return nothing;
    return html`<mcp-sign-in-panel
      .server=${this.server}
      ?needed=${this.authNeeded}
      ?embedded=${embedded}
      @mcp-signed-in=${() => {
        if (this.phase !== 'ready') void this.start();
      }}
      @mcp-signed-out=${() => void this.session.signedOut()}
    ></mcp-sign-in-panel>`;
  }

  override render() {
    const s = this.server;
    const t = (key: string, variables?: Record<string, unknown>) => this.t(key, variables);
    return html`<section aria-labelledby=${`card-${s.name}`}>
      ${renderCardHeader({
        server: s,
        phase: this.phase,
        status: this.status,
        mcpInfo: this.mcpInfo,
        connecting: this.connecting,
        error: this.error,
        problem: this.problem,
        authNeeded: this.authNeeded,
        seeded: this.phase === 'loading-widget' ? this.session.seededInfo() : undefined,
        logOpen: this.stderr !== undefined,
        types: this.session.types(),
        widgetType: this.widgetType,
        typeLabel: (type) => this.session.typeLabel(type),
        // A new function each render: the status region re-renders the Sign in panel with the card.
        signIn: (embedded) => this.renderSignIn(embedded),
        t,
        choose: (type) => void this.chooseWidgetType(type),
        refresh: () => void this.session.refresh(),
        reconnect: () => void this.reconnect(),
        toggleLog: () => void this.toggleLog(),
      })}
      <div class="body">
        ${this.stderr !== undefined ? html`<pre class="log" tabindex="0" aria-label=${t('card.stderrOf', { name: s.name })}>${this.stderr}</pre>` : nothing}
        ${this.phase === 'connecting' ? html`<p role="status">${t(s.state === 'starting' ? 'card.starting' : 'card.connecting', { name: s.name })}</p>` : nothing}
        ${this.phase === 'loading-widget' ? html`<p role="status">${t('card.loadingWidget')}</p>` : nothing}
        ${this.phase === 'disabled' ? html`<p>${t('card.disabled')}</p>` : nothing}
        ${this.phase === 'ready' ? renderListProblems(s.name, this.listProblems, t) : nothing}
      </div>
      <div class="mount body"></div>
    </section>`;
  }
}

if (!customElements.get('mcp-widget-card')) customElements.define('mcp-widget-card', McpWidgetCard);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-widget-card': McpWidgetCard;
  }
}
