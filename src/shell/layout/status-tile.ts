import { LitElement, html, css, nothing } from 'lit';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import type { MCPWidgetStatus, Unsubscribe } from '../../core/shared/types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { bridgeContext, busContext, connectionsContext, consume, historyContext } from '../services/contexts.js';
import { shellStyles } from '../shell.styles.js';
import { serverStatusStyles } from '../card/server-status.js';

/** A call counts as recent activity for this long (the same window as the widgets' "active"). */
const ACTIVE_MS = 60_000;

/**
 * <mcp-status-tile>: one server in a line or two — name, state as icon and word, counts, the
 * gateway's view of its process, and what went wrong. Host-rendered from the bridge, the gateway
 * summary and the host history, so it needs no widget of its own; it connects the server if no other
 * tile has. Activating it shows the server's panel on this dashboard.
 */
export class McpStatusTile extends LitElement {
  static override styles = [
    shellStyles,
    serverStatusStyles,
    css`
      :host {
        display: block;
        height: 100%;
      }
      .tile {
        display: grid;
        grid-template-columns: 1fr auto;
        align-content: start;
        gap: 0 var(--mcp-spacing-sm, 0.25rem);
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
        height: 100%;
      }
      h2 {
        margin: 0;
        font-size: var(--mcp-font-size-md, 0.875rem);
        line-height: var(--mcp-line-height-tight, 1.25);
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .line {
        grid-column: 1 / -1;
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      /* A server in error is seen from across the room: a red band and a tinted tile. */
      .tile.error {
        background: var(--mcp-error-light, #fee2e2);
        box-shadow: inset 0.375rem 0 0 var(--mcp-error-dark, #a4161a);
        padding-inline-start: calc(0.375rem + var(--mcp-spacing-md, 0.5rem));
      }
      mcp-health-line {
        grid-column: 1 / -1;
      }
      button.name {
        all: unset;
        cursor: pointer;
        max-width: 100%;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      button.name:hover {
        text-decoration: underline;
      }
      button.name:focus-visible {
        outline: var(--mcp-focus-ring-width, 3px) solid var(--mcp-focus-ring, #0b5cad);
        outline-offset: var(--mcp-focus-ring-offset, 2px);
      }
    `,
  ];

  static override properties = { server: { attribute: false }, tick: { state: true } };

  declare server: GatewayServerSummary | undefined;
  declare tick: number;
  /** True when this dashboard has a panel of the server to show (the name becomes a button). */
  canShow = false;
  private readonly l10n = new ShellLocalize(this);
  private readonly bus = consume(this, busContext);
  private readonly bridge = consume(this, bridgeContext);
  private readonly history = consume(this, historyContext);
  private readonly connections = consume(this, connectionsContext);
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  private subs: Unsubscribe[] = [];
  private error: string | undefined;

  constructor() {
    super();
    this.tick = 0;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The page's services are provided before any tile is drawn.
    const [bus, history, connections] = [this.bus.value, this.history.value, this.connections.value];
    const server = this.server;
    if (!bus || !history || !connections || !server) return;
    const bump = () => this.tick++;
    const mine = (d: { serverName?: unknown } | undefined) => d?.serverName === server.name;
    this.subs.push(
      bus.on('mcp:server:*', (d: { serverName?: unknown; error?: { message?: string } }, meta) => {
        if (!mine(d)) return;
        if (meta.event === 'mcp:server:error') this.error = d.error?.message;
        if (meta.event === 'mcp:server:connected') this.error = undefined;
        bump();
      }),
      history.subscribe(server.name, bump),
    );
    // The last hour's calls and latency line: its own chunk, after first paint.
    void import('./health/health-line.js');
    if (!server.disabled) {
      connections.connect(server.name, server.transport).then(bump, (error: unknown) => {
        this.error = (error as Error)?.message ?? String(error);
        bump();
      });
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.subs.forEach((u) => u());
    this.subs = [];
  }

  /** The state the tile shows (MCP-WP-5.2.2 states). */
  state(): MCPWidgetStatus['state'] {
    const server = this.server;
    const [bridge, history] = [this.bridge.value, this.history.value];
    if (!server || !bridge || !history) return 'loading';
    if (server.disabled) return 'disabled';
    // The gateway stopped restarting it (a crash loop): an error whatever this page's session last saw.
    if (server.state === 'failing') return 'error';
    const connection = bridge.getServer(server.name);
    if (!connection || connection.state === 'connecting' || connection.state === 'idle')
      return this.error ? 'error' : 'loading';
    if (connection.state !== 'connected') return 'error';
    const last = history.list(server.name).find((e) => e.kind !== 'server' && e.kind !== 'log');
    return last && Date.now() - last.time < ACTIVE_MS ? 'active' : 'idle';
  }

  override render() {
    const server = this.server;
    if (!server) return nothing;
    const t = this.t;
    const state = this.state();
    const info = this.bridge.value?.getServer(server.name)?.info;
    const counts = info
      ? t('status.counts', {
          tools: t('count.tools', { count: info.tools.length }),
          resources: t('count.resources', { count: info.resources.length }),
          prompts: t('count.prompts', { count: info.prompts.length }),
        })
      : '';
    const process = t(`process.${server.state}`, { state: server.state });
    const error =
      state === 'error'
        ? (this.error ?? this.bridge.value?.getServer(server.name)?.lastError ?? server.lastError)
        : undefined;
    // The same status/error region as the server panel's header (server-status.ts), shortened.
    const troubled = state === 'error' || server.state === 'restarting';
    return html`<div class=${state === 'error' ? 'tile error' : 'tile'}>
      <h2
        >${
          this.canShow
            ? html`<button
                type="button"
                class="name"
                title=${t('statusTile.show', { name: server.name })}
                @click=${() => this.dispatchEvent(new CustomEvent('mcp-show-server', { bubbles: true, composed: true, detail: { server: server.name } }))}
                >${server.name}</button
              >`
            : server.name
        }</h2
      >
      <mcp-server-status compact .server=${server} state=${state} .error=${error}></mcp-server-status>
      ${troubled ? nothing : html`<span class="line muted">${counts || process}</span>`}
      ${!troubled && counts ? html`<span class="line muted">${t('card.process', { state: process })}${server.restarts ? ` \u00b7 ${t('card.restarts', { count: server.restarts })}` : ''}</span>` : nothing}
      ${state === 'disabled' ? nothing : html`<mcp-health-line .server=${server.name}></mcp-health-line>`}
    </div>`;
  }
}

if (!customElements.get('mcp-status-tile')) customElements.define('mcp-status-tile', McpStatusTile);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-status-tile': McpStatusTile;
  }
}
