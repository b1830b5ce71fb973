import { LitElement, html, css, nothing, type PropertyValues } from 'lit';
import type { AppTile } from '../../core/shared/layout/layout-types.js';
import type { AppView } from '../mcp-apps/app-view.js';
import type { McpAppFrame } from '../mcp-apps/mcp-app-frame.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { appsContext, bridgeContext, configurationContext, connectionsContext, consume } from '../services/contexts.js';
import { shellStyles } from '../shell.styles.js';

/** Who re-opens a pinned app: the dashboard, for the user who pinned it (policy surface "user"). */
const PINNED_CALLER = { surface: 'user', id: 'host' } as const;

/**
 * <mcp-app-tile>: a pinned MCP App view as a dashboard tile. Given a live view (an app opened from a
 * server panel), it shows that view; otherwise it calls the tool again through the policy — a read the
 * user chose to remember opens silently, anything else asks — once the server is connected. The frame
 * is created inside this element once and never moves. When the app reports its size the tile follows
 * it, growing and shrinking (until the person sizes the tile: then theirs wins, until "Fit the app");
 * otherwise the view fills the tile, and the tile scrolls rather than clip anything.
 *
 * @fires mcp-app-tile-size - `detail.px`: the height the app's frame wants
 */
export class McpAppTile extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: block;
        height: 100%;
      }
      .holder {
        height: 100%;
      }
      mcp-app-frame {
        margin: 0;
        border: 0;
        border-radius: inherit;
      }
      mcp-app-frame[fill] {
        height: 100%;
      }
      p {
        margin: 0;
        padding: var(--mcp-spacing-md, 0.5rem);
      }
      .placeholder {
        border-left: 4px solid var(--mcp-warning-dark, #8a4b00);
      }
    `,
  ];

  static override properties = {
    tile: { attribute: false },
    problem: { state: true },
    waiting: { state: true },
  };

  declare tile: AppTile | undefined;
  declare problem: string | undefined;
  declare waiting: boolean;
  /** A view already open (pinned from a panel) to show instead of opening one. */
  view: AppView | undefined;
  private readonly l10n = new ShellLocalize(this);
  private readonly configuration = consume(this, configurationContext);
  private readonly bridge = consume(this, bridgeContext);
  private readonly connections = consume(this, connectionsContext);
  private readonly apps = consume(this, appsContext);
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  private started = false;
  private observer: ResizeObserver | undefined;
  private stopView: (() => void) | undefined;
  private frame: McpAppFrame | undefined;

  constructor() {
    super();
    this.waiting = false;
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
    this.observer?.disconnect();
    this.stopView?.();
  }

  private async start(): Promise<void> {
    const [configuration, bridge, connections, apps] = [
      this.configuration.value,
      this.bridge.value,
      this.connections.value,
      this.apps.value,
    ];
    const tile = this.tile;
    if (!configuration || !bridge || !connections || !apps || !tile) return;
    await this.updateComplete;
    let view = this.view;
    if (!view) {
      const summary =
        configuration.get<Record<string, { transport: 'stdio' | 'http'; disabled?: boolean }>>('mcp.servers')?.[
          tile.server
        ];
      if (!summary) {
        this.problem = this.t('placeholder.server', { server: tile.server });
        return;
      }
      this.waiting = true;
      try {
        const connected = connections.connect(tile.server, summary.transport);
        // The app is what this tile shows: its session is needed now, not after the page's first turn (startup-turn.ts).
        void bridge.needSession(tile.server);
        await connected;
      } catch (error) {
        this.waiting = false;
        this.problem = this.t('appTile.noServer', {
          server: tile.server,
          message: (error as Error)?.message ?? String(error),
        });
        return;
      }
      this.waiting = false;
      if (!apps.appResourceUri(tile.server, tile.tool)) {
        this.problem = this.t('placeholder.tool', { server: tile.server, tool: tile.tool });
        return;
      }
      try {
        view = await apps.open(tile.server, tile.tool, tile.args ?? {}, PINNED_CALLER);
      } catch (error) {
        this.problem = (error as Error)?.message ?? String(error);
        return;
      }
    }
    this.view = view;
    const holder = this.renderRoot.querySelector<HTMLElement>('.holder')!;
    apps.render(apps.handleFor(view), holder);
    const frame = holder.querySelector('mcp-app-frame') as McpAppFrame | null;
    if (!frame) return;
    this.frame = frame;
    this.stopView = view.onChange(() => requestAnimationFrame(() => this.fit()));
    this.observer = new ResizeObserver(() => this.fit());
    this.observer.observe(frame);
    this.fit();
  }

  /**
   * Once the app has reported its height, the frame is as tall as the app (no scroll box inside it) and the tile
   * follows the frame, growing and shrinking, until the person sizes the tile. Before that, the frame fills the tile.
   */
  private fit(): void {
    const frame = this.frame;
    if (!frame?.isConnected || !this.view || this.view.displayMode !== 'inline') return;
    const sized = this.view.governor.height !== undefined;
    frame.toggleAttribute('fill', !sized);
    if (sized && !this.tile?.sized)
      this.dispatchEvent(
        new CustomEvent('mcp-app-tile-size', { bubbles: true, composed: true, detail: { px: frame.offsetHeight } }),
      );
  }

  override updated(changed: PropertyValues<this>): void {
    // "Fit the app" gave the height back to the app: the tile takes the frame's height again.
    if (changed.has('tile') && changed.get('tile')?.sized && !this.tile?.sized) this.fit();
  }

  override render() {
    if (this.problem) return html`<p class="placeholder" role="note">${this.problem}</p>`;
    return html`${this.waiting ? html`<p role="status" class="muted">${this.t('appTile.waiting', { server: this.tile?.server ?? '' })}</p>` : nothing}<div
        class="holder"
      ></div>`;
  }
}

if (!customElements.get('mcp-app-tile')) customElements.define('mcp-app-tile', McpAppTile);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-app-tile': McpAppTile;
  }
}
