import { LitElement, html, css, nothing } from 'lit';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import type { MCPInfo, MCPServerInfo, MCPWidgetElement, MCPWidgetStatus } from '../../core/shared/types.js';
import { LocalizeController } from '../../../widgets/kit/i18n/localize.js';
import { cardWidgetDependencies } from './card-dependencies.js';
import type { HostServices } from '../services/host-services.js';
import { SHELL_CATALOGS } from '../i18n/messages.js';
import { shellStyles } from '../shell.styles.js';
import { DEFAULT_WIDGET_TYPE } from './widget-registry.js';
import { createWidgetInstance, destroyWidgetInstance, type WidgetInstance } from './widget-lifecycle.js';
import { renderListProblems } from './list-problems.js';
import { catalogInfo, connectShared } from '../layout/server-connections.js';
import { icon } from '../icons/icons.js';
import { needsSignIn } from '../../core/shared/gateway-api/gateway-oauth.js';
import './sign-in-panel.js';
import { problemFromErrorData, type ConnectionProblem } from '../../core/shared/gateway-api/connection-problem.js';
import { serverStatusStyles } from './server-status.js';

import { contentChanged, PROCESS_STATES, type Phase } from './card-state.js';

/**
 * One server's card: connects, discovers, creates the widget through its factory, initialises
 * and mounts it (MCP-WP-10.2.1). A failure at any step becomes an error card with the reason and
 * a retry; the rest of the dashboard is unaffected.
 */
export class McpWidgetCard extends LitElement {
  static override styles = [
    shellStyles,
    serverStatusStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        height: 100%;
        min-width: 0;
        background: var(--mcp-background, #fff);
        border-radius: inherit;
      }
      /* The card scrolls as a whole (its header stays): a long list of problems never squeezes the widget away. */
      section {
        display: flex;
        flex-direction: column;
        height: 100%;
        min-height: 0;
        overflow: auto;
      }
      section > header {
        position: sticky;
        top: 0;
        z-index: 1;
      }
      .mount {
        flex: 1 0 auto;
      }
      header {
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-xs, 0.125rem)
          var(--mcp-spacing-lg, 1rem);
        background: var(--mcp-surface, #f4f6f8);
        border-bottom: 1px solid var(--mcp-border-subtle, var(--mcp-border, #8c959f));
        border-radius: inherit;
        border-end-start-radius: 0;
        border-end-end-radius: 0;
      }
      .title-row {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0 var(--mcp-spacing-md, 0.5rem);
        min-width: 0;
      }
      h2 {
        margin: 0;
        font-size: var(--mcp-font-size-lg, 1rem);
        min-width: min(4rem, 100%);
        max-width: 100%;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .title-row .status {
        white-space: nowrap;
      }
      .meta-row {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: var(--mcp-spacing-md, 0.5rem);
        min-width: 0;
        padding-block-end: var(--mcp-spacing-xs, 0.125rem);
      }
      .meta-row .metrics {
        flex: 1;
      }
      .meta-row select {
        max-width: 11rem;
        min-width: 6rem;
        min-height: 1.75rem;
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
      .icon-button {
        min-width: 2rem;
        padding: 0;
        display: inline-flex;
        align-items: center;
        justify-content: center;
        border-color: transparent;
        background: transparent;
        flex: none;
      }
      .icon-button:hover,
      .icon-button[aria-expanded='true'] {
        background: var(--mcp-background, #fff);
        border-color: var(--mcp-border, #737d88);
      }
      .icon {
        width: 1.125rem;
        height: 1.125rem;
      }
      .metrics {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        margin: 0;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .body:not(.mount):not(:has(*)) {
        display: none;
      }
      .spacer {
        flex: 1;
      }
      .body {
        padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
      }
      pre.log {
        max-height: 14rem;
        overflow: auto;
        background: var(--mcp-surface, #f4f6f8);
        padding: var(--mcp-spacing-sm, 0.25rem);
      }
      .list-problems {
        border-left: 4px solid var(--mcp-warning-dark, #8a4b00);
        padding-left: var(--mcp-spacing-md, 0.5rem);
        word-break: break-word;
      }
    `,
  ];

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
  services: HostServices | undefined;
  /** The widget type the card's tile names; it wins over the per-server choice in Configuration. */
  widgetTypeChoice: string | undefined;
  /** The widget type this card's current widget was created from (read by the registry host). */
  currentType: string | undefined;
  private instance: WidgetInstance | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: SHELL_CATALOGS, i18n: () => this.services?.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  private poll: ReturnType<typeof setInterval> | undefined;
  private started = false;
  private serverInfo: MCPServerInfo | undefined;
  /** Counts starts, so a late answer to an older one is ignored. */
  private runs = 0;

  constructor() {
    super();
    this.phase = 'idle';
    this.widgetType = DEFAULT_WIDGET_TYPE;
    this.authNeeded = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.started) {
      this.started = true;
      void this.start();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    void this.teardown();
    this.started = false;
  }

  /** True while the widget shows the gateway's catalog and this page's session is still opening. */
  get connecting(): boolean {
    return Boolean(this.server && this.services?.bridge.pendingConnect(this.server.name));
  }

  /** Connect → discover → factory → initialize → mount; `force` reconnects a server other tiles share. */
  async start(force = false): Promise<void> {
    const services = this.services;
    if (!services || !this.server) return;
    const { name, transport } = this.server;
    if (this.server.disabled) {
      this.phase = 'disabled';
      return;
    }
    await this.teardown();
    const run = ++this.runs;
    this.error = undefined;
    this.phase = 'connecting';
    // The widget shows what the gateway discovered at once; this page's session opens meanwhile.
    const early = force ? undefined : catalogInfo(services, name, transport);
    if (early) {
      this.serverInfo = early;
      await this.mountWidget(early);
    }
    let info;
    try {
      info = await connectShared(services, name, transport, force);
    } catch (error) {
      if (run !== this.runs) return;
      services.catalog.forget(name);
      await this.teardown();
      this.problem = problemFromErrorData((error as { data?: unknown }).data);
      this.authNeeded = needsSignIn(error);
      this.fail(this.t('card.couldNotConnect', { message: (error as Error).message }));
      return;
    }
    if (run !== this.runs) return;
    this.problem = undefined;
    this.authNeeded = false;
    this.serverInfo = info;
    if (early) {
      // The header leaves "Loading", and the session's own lists (the widget has them already) show their counts now.
      this.requestUpdate();
      this.pollStatus();
    } else await this.mountWidget(info);
  }

  /** Factory → initialize → mount, for the widget type chosen for this server (MCP-WP-10.2.1). */
  private async mountWidget(info: MCPServerInfo): Promise<void> {
    const services = this.services!;
    const name = this.server.name;
    this.phase = 'loading-widget';
    const type =
      this.widgetTypeChoice ?? services.configuration.get<string>(`widgets.type.${name}`) ?? DEFAULT_WIDGET_TYPE;
    const entry = services.registry.get(type) ?? services.registry.get(DEFAULT_WIDGET_TYPE);
    if (!entry) {
      this.fail(this.t('card.noWidgetType', { type }));
      return;
    }
    this.widgetType = entry.type;
    const deps = cardWidgetDependencies(services, entry, name);
    this.currentType = entry.type;
    try {
      const factory = await entry.load();
      // The bridge's latest view: list_changed may have updated it since connect.
      const current = services.bridge.getServer(name)?.info ?? info;
      this.instance = await createWidgetInstance(factory, deps, current, { signature: entry.signature });
    } catch (error) {
      deps.dispose();
      this.fail((error as Error).message);
      return;
    }
    this.phase = 'ready';
    await this.updateComplete;
    const slot = this.renderRoot.querySelector('.mount');
    if (slot && this.instance) {
      slot.append(this.instance.element);
      services.theme.applyToElement(this.instance.element, this.instance.widget.scopedTheming);
    }
    this.pollStatus();
    const interval = services.configuration.get<number>('mcp.pollingInterval') ?? 2000;
    this.poll = setInterval(() => this.pollStatus(), Math.max(500, interval));
  }

  /** Switches the widget type for this server, persists the choice and remounts (no reconnect). */
  async chooseWidgetType(type: string): Promise<void> {
    const services = this.services;
    if (!services || type === this.widgetType || !services.registry.get(type)) return;
    this.widgetType = type;
    if (this.widgetTypeChoice !== undefined) this.widgetTypeChoice = type;
    // The tile records the choice in the layout (it is part of what a layout file shares).
    this.dispatchEvent(new CustomEvent('mcp-widget-type-change', { bubbles: true, composed: true, detail: { type } }));
    await services.configuration.set(`widgets.type.${this.server.name}`, type).catch(() => {
      services.a11y.announce(this.t('card.choiceNotSaved'), 'polite');
    });
    const info = this.serverInfo;
    await this.teardown();
    if (info && services.bridge.isConnected(this.server.name)) await this.mountWidget(info);
    else await this.start();
    services.a11y.announce(this.t('card.nowShows', { name: this.server.name, label: this.typeLabel(type) }), 'polite');
  }

  /** The registry assigned an installed widget type to this server: show it, and let the tile record it. */
  async assignWidgetType(type: string): Promise<void> {
    if (this.widgetTypeChoice !== undefined) this.widgetTypeChoice = type;
    this.dispatchEvent(new CustomEvent('mcp-widget-type-change', { bubbles: true, composed: true, detail: { type } }));
    await this.start();
  }

  private fail(message: string): void {
    this.phase = 'error';
    this.error = message;
    this.status = undefined;
  }

  private pollStatus(): void {
    const element = this.instance?.element as MCPWidgetElement | undefined;
    if (!element) return;
    this.listProblems = this.services?.bridge.getServer(this.server.name)?.info?.listProblems;
    try {
      this.status = element.getStatus();
    } catch (error) {
      this.status = {
        state: 'error',
        primaryMetric: '',
        secondaryMetric: '',
        lastActivity: null,
        message: this.t('card.statusThrew', { message: (error as Error).message }),
      };
    }
    try {
      // Optional (MCP-WP-5.3.1): connection details without parsing status strings.
      this.mcpInfo = typeof element.getMCPInfo === 'function' ? element.getMCPInfo() : undefined;
    } catch {
      this.mcpInfo = undefined;
    }
  }

  /** Destroys the widget (if any) and stops polling. */
  async teardown(): Promise<void> {
    clearInterval(this.poll);
    this.poll = undefined;
    const instance = this.instance;
    this.instance = undefined;
    this.status = undefined;
    this.mcpInfo = undefined;
    if (!instance) return;
    const outcome = await destroyWidgetInstance(instance);
    const problems: string[] = [];
    if (outcome.error) problems.push(outcome.error);
    if (outcome.leftovers) {
      problems.push(
        `it left ${Object.entries(outcome.leftovers)
          .map(([what, n]) => `${n} ${what}`)
          .join(', ')} behind, which the dashboard released (MCP-WP-3.4.2)`,
      );
    }
    if (problems.length) {
      this.services?.bus.emit('mcp:host:violation', {
        serverName: this.server?.name,
        widget: instance.widget.element,
        message: `Widget <${instance.widget.element}> did not clean up: ${problems.join('; ')}`,
      });
    }
  }

  private async refresh(): Promise<void> {
    try {
      await this.instance?.api.refresh?.();
      this.pollStatus();
    } catch (error) {
      this.services?.a11y.announce(this.t('card.refreshFailed', { message: (error as Error).message }), 'assertive');
    }
  }

  private async toggleLog(): Promise<void> {
    if (this.stderr !== undefined) {
      this.stderr = undefined;
      return;
    }
    try {
      this.stderr = (await this.services!.gateway.stderr(this.server.name)) || this.t('card.logEmpty');
    } catch (error) {
      this.stderr = this.t('card.logFailed', { message: (error as Error).message });
    }
  }

  private headerState(): MCPWidgetStatus['state'] {
    if (this.phase === 'disabled') return 'disabled';
    if (this.phase === 'error') return 'error';
    if (this.phase !== 'ready') return 'loading';
    if (this.connecting) return 'loading';
    // The widget sees the browser's session, which survives; the gateway knows the server is gone meanwhile.
    if (this.server.state === 'restarting') return 'loading';
    return this.status?.state ?? 'loading';
  }

  /** A built-in type's label in the user's language; an installed widget's own label otherwise. */
  private typeLabel(type: string): string {
    const key = `widgetType.${type}`;
    const entry = this.services?.registry.get(type);
    const translated = this.t(key);
    return entry?.source !== 'registry' && translated !== key ? translated : (entry?.label ?? type);
  }

  private renderChooser() {
    const types = this.services?.registry.listFor(this.server.name) ?? [];
    if (types.length < 2 || this.phase === 'disabled') return nothing;
    const id = `type-${this.server.name}`;
    return html`<label class="visually-hidden" for=${id}
        >${this.t('card.view')} ${this.t('card.viewFor', { name: this.server.name })}</label
      >
      <select id=${id} @change=${(e: Event) => void this.chooseWidgetType((e.target as HTMLSelectElement).value)}>
        ${types.map((t) => html`<option value=${t.type} ?selected=${t.type === this.widgetType}>${this.typeLabel(t.type)}</option>`)}
      </select>`;
  }

  /** Sign in / Sign out for a remote server the gateway signs in to (sign-in-panel.ts); `embedded` inside the doctor, which already says why. */
  private renderSignIn(embedded = false) {
    if (this.server.transport !== 'http' || this.phase === 'disabled') return nothing;
    return html`<mcp-sign-in-panel
      .server=${this.server}
      .services=${this.services}
      ?needed=${this.authNeeded}
      ?embedded=${embedded}
      @mcp-signed-in=${() => {
        if (this.phase !== 'ready') void this.start();
      }}
      @mcp-signed-out=${() => void this.signedOut()}
    ></mcp-sign-in-panel>`;
  }

  /** After Sign out the gateway ended the server's sessions: drop the widget and offer Sign in. */
  private async signedOut(): Promise<void> {
    await this.teardown();
    await this.services?.bridge.disconnect(this.server.name).catch(() => {});
    this.authNeeded = true;
    this.fail(this.t('signIn.signedOut', { name: this.server.name }));
  }

  override render() {
    const s = this.server;
    const t = this.t;
    const state = this.headerState();
    // One status/error region for the card and the compact tile (server-status.ts).
    // A connect refused for authorization without a diagnosis: the Sign in panel says why (one message, not two).
    const problem = this.phase === 'error' ? (this.problem ?? s.problem ?? undefined) : undefined;
    const error =
      this.phase === 'error'
        ? this.authNeeded && !problem
          ? undefined
          : this.error
        : this.phase === 'ready' && this.status?.state === 'error'
          ? this.status.message || undefined
          : undefined;
    const headingId = `card-${s.name}`;
    const process = t(PROCESS_STATES.has(s.state) ? `process.${s.state}` : 'process.unknown', { state: s.state });
    // While the widget loads, the counts the gateway's catalog gave, in the widget kit's words.
    const listed = this.phase === 'loading-widget' ? this.services?.bridge.seededInfo(s.name) : undefined;
    const metrics = [
      this.status && this.phase === 'ready'
        ? `${this.status.primaryMetric}${this.status.secondaryMetric ? ` \u00b7 ${this.status.secondaryMetric}` : ''}`
        : listed
          ? (this.services?.i18n.t('widget.counts', {
              tools: listed.tools.length,
              resources: listed.resources.length,
              prompts: listed.prompts.length,
            }) ?? '')
          : '',
      `${t('card.process', { state: process })}${s.restarts ? ` \u00b7 ${t('card.restarts', { count: s.restarts })}` : ''}`,
    ].filter(Boolean);
    return html`<section aria-labelledby=${headingId}>
      <header>
        <div class="title-row">
          <h2 id=${headingId} title=${s.name}>${s.name}</h2>
          <mcp-server-status
            .server=${s}
            state=${state}
            .error=${error}
            .problem=${this.phase === 'error' ? this.problem : undefined}
            ?helpful=${this.phase === 'error' && !this.authNeeded}
            .signIn=${(embedded: boolean) => this.renderSignIn(embedded)}
            .i18n=${this.services?.i18n}
          ></mcp-server-status>
          <span class="spacer"></span>
          ${
            this.phase === 'ready'
              ? html`<button
                  type="button"
                  class="icon-button"
                  title=${t('card.refresh')}
                  @click=${() => void this.refresh()}
                  aria-label=${t('card.refreshLabel', { name: s.name })}
                  >${icon('refresh')}<span class="visually-hidden">${t('card.refresh')}</span></button
                >`
              : nothing
          }
          ${
            this.phase !== 'disabled'
              ? html`<button
                  type="button"
                  class="icon-button"
                  title=${t('card.reconnect')}
                  @click=${() => void this.start(true)}
                  aria-label=${t('card.reconnectLabel', { name: s.name })}
                  >${icon('plug-zap')}<span class="visually-hidden">${t('card.reconnect')}</span></button
                >`
              : nothing
          }
          ${
            s.transport === 'stdio'
              ? html`<button
                  type="button"
                  class="icon-button"
                  title=${t('card.serverLog')}
                  aria-expanded=${this.stderr !== undefined ? 'true' : 'false'}
                  @click=${() => void this.toggleLog()}
                  >${icon('terminal')}<span class="visually-hidden">${t('card.serverLog')}</span></button
                >`
              : nothing
          }
        </div>
        <div class="meta-row"
          ><p class="metrics muted" title=${metrics.join(' \u00b7 ')}>${metrics.join(' \u00b7 ')}</p
          >${this.renderChooser()}</div
        >
        ${
          this.mcpInfo && this.phase === 'ready' && !this.connecting && this.mcpInfo.connectionState !== 'connected'
            ? html`<p class="metrics status-error"
                >${t('card.connection', { state: t(`connection.${this.mcpInfo.connectionState}`) })}${
                  this.mcpInfo.lastError ? ` \u2014 ${this.mcpInfo.lastError}` : ''
                }</p
              >`
            : nothing
        }
      </header>
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
