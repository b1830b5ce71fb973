import { LitElement, html, css, nothing } from 'lit';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import type { NewTile, Tile } from '../../core/shared/layout/layout-types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { appsContext, bridgeContext, consume, registryContext } from '../services/contexts.js';
import { shellStyles } from '../shell.styles.js';

/**
 * <mcp-add-tile>: the edit-mode form that adds a tile — a server widget (any standard or installed
 * type offered for that server), a server's status, or a pinned app (one of the server's app tools,
 * with arguments as JSON).
 */
export class McpAddTile extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: block;
      }
      form {
        display: flex;
        flex-wrap: wrap;
        align-items: end;
        gap: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
        padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
        border: 1px solid var(--mcp-border, #737d88);
        border-radius: var(--mcp-radius-lg, 8px);
        background: var(--mcp-surface, #f4f6f8);
      }
      label {
        display: flex;
        flex-direction: column;
        gap: var(--mcp-spacing-xs, 0.125rem);
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        font-weight: var(--mcp-font-weight-medium, 600);
      }
      textarea {
        min-width: 16rem;
        min-height: 2.25rem;
        font-family: var(--mcp-font-family-mono, monospace);
      }
    `,
  ];

  static override properties = { kind: { state: true }, server: { state: true }, problem: { state: true } };

  declare kind: Tile['kind'];
  declare server: string;
  declare problem: string | undefined;
  /** The servers a tile can show. */
  servers: GatewayServerSummary[] = [];
  /** Called with the tile the user asked for. */
  onAdd: (tile: NewTile) => void = () => {};
  private readonly l10n = new ShellLocalize(this);
  private readonly registry = consume(this, registryContext);
  private readonly bridge = consume(this, bridgeContext);
  private readonly apps = consume(this, appsContext);

  constructor() {
    super();
    this.kind = 'widget';
    this.server = '';
  }

  private t(key: string, variables?: Record<string, unknown>): string {
    return this.l10n.t(key, variables);
  }

  private appTools(server: string): string[] {
    const info = this.bridge.value?.getServer(server)?.info;
    return (info?.tools ?? [])
      .filter((tool) => this.apps.value?.appResourceUri(server, tool.name))
      .map((tool) => tool.name);
  }

  private submit(event: Event): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const server = String(data.get('server') ?? '');
    if (!server) return;
    if (this.kind === 'status') return this.onAdd({ kind: 'status', server });
    if (this.kind === 'widget')
      return this.onAdd({ kind: 'widget', server, widget: String(data.get('widget') ?? 'server-panel') });
    let args: unknown;
    try {
      args = JSON.parse(String(data.get('args') || '{}'));
      if (!args || typeof args !== 'object' || Array.isArray(args)) throw new Error('not an object');
    } catch (error) {
      this.problem = this.t('layout.argsInvalid', { message: (error as Error).message });
      return;
    }
    const tool = String(data.get('tool') ?? '');
    if (tool) this.onAdd({ kind: 'app', server, tool, args: args as Record<string, unknown> });
  }

  override render() {
    const t = (key: string, variables?: Record<string, unknown>) => this.t(key, variables);
    const server = this.server || this.servers[0]?.name || '';
    const widgets = this.registry.value?.listFor(server) ?? [];
    const apps = this.appTools(server);
    return html`<form aria-label=${t('layout.add')} @submit=${this.submit}>
      <label
        >${t('layout.addKind')}
        <select
          name="kind"
          @change=${(e: Event) => (this.kind = (e.target as HTMLSelectElement).value as Tile['kind'])}
        >
          ${(['widget', 'status', 'app'] as const).map((k) => html`<option value=${k} ?selected=${k === this.kind}>${t(`layout.kind.${k}`)}</option>`)}
        </select></label
      >
      <label
        >${t('layout.server')}
        <select name="server" @change=${(e: Event) => (this.server = (e.target as HTMLSelectElement).value)}>
          ${this.servers.map((s) => html`<option value=${s.name} ?selected=${s.name === server}>${s.name}</option>`)}
        </select></label
      >
      ${
        this.kind === 'widget'
          ? html`<label
              >${t('layout.widget')}<select name="widget"
                >${widgets.map((w) => html`<option value=${w.type}>${w.source !== 'registry' && t(`widgetType.${w.type}`) !== `widgetType.${w.type}` ? t(`widgetType.${w.type}`) : w.label}</option>`)}</select
              ></label
            >`
          : nothing
      }
      ${
        this.kind === 'app'
          ? apps.length
            ? html`<label
                  >${t('layout.tool')}<select name="tool"
                    >${apps.map((a) => html`<option value=${a}>${a}</option>`)}</select
                  ></label
                >
                <label>${t('layout.args')}<textarea name="args" rows="1" spellcheck="false">{}</textarea></label>`
            : html`<p class="muted">${t('layout.noApps')}</p>`
          : nothing
      }
      <button type="submit" class="primary" ?disabled=${this.kind === 'app' && !apps.length}
        >${t('layout.addButton')}</button
      >
      ${this.problem ? html`<p class="error-text" role="alert">${this.problem}</p>` : nothing}
    </form>`;
  }
}

if (!customElements.get('mcp-add-tile')) customElements.define('mcp-add-tile', McpAddTile);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-add-tile': McpAddTile;
  }
}
