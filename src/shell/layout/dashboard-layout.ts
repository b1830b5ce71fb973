import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import { appTileBeside, newTileId, TILE_SIZES } from '../../core/layout/default-layout.js';
import { firstFree, placeTile } from '../../core/layout/grid-engine.js';
import type { AppTile, NewTile, TeamDashboard, Tile } from '../../core/shared/layout/layout-types.js';
import type { HostServices } from '../services/host-services.js';
import type { AppView } from '../mcp-apps/app-view.js';
import { isTeamAdmin, publishDashboard } from '../team/publish-layout.js';
import { LayoutStore, type ShownDashboard } from './layout-store.js';
import { downloadLayout, readLayoutFile } from './layout-files.js';
import { renderTileContent, tileLabel, type TileContext } from './layout-tiles.js';
import { renderLayoutBar } from './layout-bar.js';
import { rowsFor, type LayoutChangeEvent } from './tile-grid.js';
import './tile.js';
import './tile-grid.js';

/** What the controller needs from the dashboard element. */
export interface LayoutHost extends ReactiveControllerHost {
  services: HostServices | undefined;
  servers: GatewayServerSummary[] | undefined;
  registryReady: boolean;
  renderRoot: HTMLElement | DocumentFragment;
  t(key: string, variables?: Record<string, unknown>): string;
}

/**
 * The dashboard's tiles: named dashboards as tabs, each a grid of tiles; edit mode (add,
 * remove, move, resize, collapse; undo the last change); layout files (export, import, reset to the
 * team's). The layout data lives in a LayoutStore; this controller renders it and turns user actions
 * into changes, each announced through the A11yHelper.
 */
export class DashboardLayoutController implements ReactiveController {
  store: LayoutStore | undefined;
  editing = false;
  adding = false;
  private readonly liveViews = new Map<string, AppView>();
  /** A stable function for the tiles' labels, so a re-render does not re-render each tile. */
  private readonly tr = (key: string, variables?: Record<string, unknown>) => this.host.t(key, variables);
  private stop: (() => void) | undefined;
  /** The team dashboards named by `dashboard.layouts` (served by the gateway, checked at its start-up). */
  private team: TeamDashboard[] = [];

  constructor(private readonly host: LayoutHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop?.();
  }

  /** A shell string in the user's language (the dashboard's). */
  t(key: string, variables?: Record<string, unknown>): string {
    return this.host.t(key, variables);
  }

  private announce(message: string, politeness: 'polite' | 'assertive' = 'polite'): void {
    this.host.services?.a11y.announce(message, politeness);
  }

  /** Team mode: the person may publish dashboards for the team. */
  teamAdmin = false;

  /** Fetches the team's dashboards; without them (or with an older gateway) the default stands. */
  async loadTeam(services: HostServices): Promise<void> {
    void isTeamAdmin(services).then((admin) => {
      this.teamAdmin = admin;
      this.host.requestUpdate();
    });
    try {
      this.team = ((await services.gateway.layouts()) ?? []) as TeamDashboard[];
    } catch (error) {
      console.warn('[mcp-dashboard] the team layouts could not be loaded', error);
    }
  }

  /** Sets up the store from the team's dashboards (or the default for these servers). */
  start(services: HostServices, servers: GatewayServerSummary[]): void {
    this.store ??= new LayoutStore(services.configuration);
    this.stop?.();
    this.stop = this.store.onChange(() => this.host.requestUpdate());
    this.store.load(
      this.team,
      servers.map((s) => ({ name: s.name, widget: services.configuration.get<string>(`widgets.type.${s.name}`) })),
      this.t('layout.defaultName'),
    );
    // An app opened in a server panel becomes a tile beside that panel (AppHostInterface.place).
    services.apps.setPlacer((view) => this.pinView(view));
  }

  /** True when the open dashboard shows a widget type that is not registered yet (a widget installed from a registry). */
  waitsForWidgets(): boolean {
    const registry = this.host.services?.registry;
    return Boolean(registry && this.store?.active()?.tiles.some((t) => t.kind === 'widget' && !registry.get(t.widget)));
  }

  /** Re-derives the default dashboard when the config's servers change (team or edited layouts stay as they are). */
  serversChanged(servers: GatewayServerSummary[]): void {
    const services = this.host.services;
    if (!services || !this.store) return;
    const names = servers.map((s) => s.name).join('\n');
    if (this.store.serverList.map((s) => s.name).join('\n') === names) return;
    this.start(services, servers);
  }

  /** Same servers, new process states: hands each card and status tile its own summary (no re-render). */
  updateSummaries(servers: GatewayServerSummary[]): void {
    const byName = new Map(servers.map((s) => [s.name, s]));
    for (const el of this.host.renderRoot.querySelectorAll<HTMLElement & { server?: GatewayServerSummary }>(
      'mcp-widget-card, mcp-status-tile',
    )) {
      const next = el.server && byName.get(el.server.name);
      if (next) el.server = next;
    }
  }

  /** Shows a live view as an app tile beside its server's panel on the open dashboard. */
  private pinView(view: AppView): boolean {
    const store = this.store;
    const dashboard = store?.active();
    if (!store || !dashboard) return false;
    const tile = appTileBeside(dashboard.tiles, view.serverName, view.toolName, structuredClone(view.args));
    this.liveViews.set(tile.id, view);
    const tiles = placeTile([...dashboard.tiles, tile], tile.id, { x: tile.x, y: tile.y });
    store.setTiles(dashboard.id, tiles, this.t('layout.added', { name: tileLabel(this.context(dashboard), tile) }), {
      undoable: false,
    });
    this.announce(this.t('layout.added', { name: tileLabel(this.context(dashboard), tile) }));
    // A preview runs its tool later, with the form's final arguments: the tile re-opens with those.
    if (view.isPreview) {
      const stop = view.onChange(() => {
        if (view.isPreview) return;
        stop();
        const board = store.dashboards().find((d) => d.id === dashboard.id);
        if (view.state !== 'closed' && board?.tiles.some((t) => t.id === tile.id))
          store.setTiles(
            board.id,
            board.tiles.map((t) => (t.id === tile.id ? { ...t, args: structuredClone(view.args) } : t)),
            'app arguments',
            { undoable: false },
          );
      });
    }
    return true;
  }

  private context(dashboard: ShownDashboard | undefined): TileContext {
    return {
      registry: this.host.services?.registry,
      servers: new Map((this.host.servers ?? []).map((s) => [s.name, s])),
      registryReady: this.host.registryReady,
      liveViews: this.liveViews,
      panels: new Set((dashboard?.tiles ?? []).filter((t) => t.kind === 'widget').map((t) => t.server)),
      t: this.tr,
    };
  }

  private change(dashboard: ShownDashboard, tiles: Tile[], what: string): void {
    this.store?.setTiles(dashboard.id, tiles, what);
  }

  /** Edit mode on or off. */
  setEditing(on: boolean): void {
    this.editing = on;
    this.adding = false;
    this.host.requestUpdate();
    this.announce(this.t(on ? 'layout.editing' : 'layout.saved'));
  }

  /** Takes back the last change and says which. */
  undo(): void {
    const what = this.store?.undo();
    this.announce(what ? this.t('layout.undone', { what }) : this.t('layout.nothingToUndo'));
  }

  /** Adds a tile to the open dashboard, in the first free place. */
  addTile(tile: NewTile): void {
    const dashboard = this.store?.active();
    if (!dashboard) return;
    const size = TILE_SIZES[tile.kind];
    const place = firstFree(dashboard.tiles, size.w, size.h);
    const made = { ...tile, id: newTileId(dashboard.tiles, tile.kind), ...place } as Tile;
    const name = tileLabel(this.context(dashboard), made);
    this.change(dashboard, [...dashboard.tiles, made], this.t('layout.added', { name }));
    this.adding = false;
    this.announce(this.t('layout.added', { name }));
  }

  /** Adding a tile: the form shows, or hides. */
  toggleAdding(): void {
    this.adding = !this.adding;
    // The form is its own chunk (most visits never add a tile); it is drawn once it is defined, so it gets its
    // properties as an upgraded element.
    if (this.adding) void import('./add-tile.js').then(() => this.host.requestUpdate());
    this.host.requestUpdate();
  }

  /** Downloads the layout file of every dashboard. */
  exportLayout(): void {
    const store = this.store;
    if (!store) return;
    downloadLayout(store.exportFile(), 'mcp-dashboard-layout.json');
  }

  /** Imports a layout file's text; problems are announced and shown, and nothing changes. */
  async importText(text: string, fileName: string): Promise<boolean> {
    const checked = await readLayoutFile(text, (message) => this.t('layout.notJson', { message }));
    if (!checked.ok) {
      const message = this.t('layout.importFailed', {
        file: fileName,
        problems: checked.problems.slice(0, 8).join('; '),
      });
      this.host.services?.bus.emit('mcp:host:notification', {
        title: this.t('layout.import'),
        body: message,
        level: 'error',
      });
      this.announce(message, 'assertive');
      return false;
    }
    this.store?.importFile(checked.layout);
    this.announce(this.t('layout.imported', { names: checked.layout.dashboards.map((d) => d.name).join(', ') }));
    return true;
  }

  /** Imports the layout file the user chose. */
  async importFile(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) await this.importText(await file.text(), file.name);
  }

  /** Back to the team's dashboards (or the default one), with the change announced. */
  reset(): void {
    const store = this.store;
    if (!store) return;
    store.resetToTeam();
    this.announce(this.t(store.hasTeam ? 'layout.resetDone' : 'layout.resetDefaultDone'));
  }

  /** Team mode, admins: publishes the open dashboard for everyone (it replaces the team's one with its id). */
  async publish(dashboard: ShownDashboard): Promise<void> {
    const services = this.host.services;
    if (!services || !this.store) return;
    try {
      this.team = await publishDashboard(services, dashboard);
      this.store.rebase(this.team, dashboard.id);
      this.announce(this.t('layout.published', { name: dashboard.name }));
    } catch (error) {
      this.announce(this.t('layout.publishFailed', { reason: (error as Error).message }), 'assertive');
    }
  }

  /** Adds an empty dashboard of the user's own. */
  newDashboard(): void {
    const store = this.store;
    if (!store) return;
    store.addDashboard(this.t('layout.newName', { count: store.dashboards().length + 1 }));
  }

  /**
   * Renames the open dashboard (the user's own, or their copy of a team's until they reset it). The
   * default dashboard is not renamed: its name follows the language.
   */
  rename(dashboard: ShownDashboard, name: string): void {
    if (!name.trim() || name.trim() === dashboard.name) return;
    this.store?.renameDashboard(dashboard.id, name);
    this.announce(this.t('layout.renamed', { name: name.trim() }));
  }

  /** Arrow keys, Home and End on the tabs (the WAI-ARIA tabs pattern). */
  onTabKey(event: KeyboardEvent, dashboards: ShownDashboard[]): void {
    const store = this.store!;
    const index = dashboards.findIndex((d) => d.id === store.active()?.id);
    let next: number;
    // The WAI-ARIA tabs pattern: arrows move and wrap, Home and End go to the first and last tab.
    if (event.key === 'ArrowRight') next = (index + 1) % dashboards.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + dashboards.length) % dashboards.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = dashboards.length - 1;
    else return;
    event.preventDefault();
    store.setActive(dashboards[next]!.id);
    void this.host.updateComplete.then(() =>
      (this.host.renderRoot.querySelector(`#tab-${CSS.escape(dashboards[next]!.id)}`) as HTMLElement | null)?.focus(),
    );
  }

  private showServer(server: string, dashboard: ShownDashboard): void {
    const tile = dashboard.tiles.find((t) => t.kind === 'widget' && t.server === server);
    const el =
      tile && this.host.renderRoot.querySelector<HTMLElement>(`mcp-tile[data-tile-id="${CSS.escape(tile.id)}"]`);
    el?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    el?.querySelector('mcp-widget-card')?.focus();
  }

  /** An app tile that follows its app (the person has not sized it): its rows fit the app's frame. */
  private onAppSize(dashboard: ShownDashboard, tile: AppTile, px: number, grid: HTMLElement): void {
    const rows = rowsFor(px);
    if (tile.sized || rows === tile.h || !grid.isConnected) return;
    this.store?.setTiles(
      dashboard.id,
      dashboard.tiles.map((t) => (t.id === tile.id ? { ...t, h: rows } : t)),
      'app size',
      { undoable: false },
    );
  }

  /** The tab bar, the edit toolbar and every dashboard's grid (hidden but alive when not shown). */
  render() {
    const store = this.store;
    const active = store?.active();
    if (!store || !active) return nothing;
    const dashboards = store.dashboards();
    return html`${renderLayoutBar(this, store, active)}
    ${this.editing && this.adding && customElements.get('mcp-add-tile') ? html`<mcp-add-tile .servers=${this.host.servers ?? []} .onAdd=${(tile: NewTile) => this.addTile(tile)}></mcp-add-tile>` : nothing}
    ${repeat(
      dashboards,
      (d) => d.id,
      (d) => this.renderBoard(d, d.id === active.id),
    )}`;
  }

  private renderBoard(dashboard: ShownDashboard, shown: boolean) {
    const ctx = this.context(dashboard);
    return html`<section
      role="tabpanel"
      id="board-${dashboard.id}"
      aria-labelledby="tab-${dashboard.id}"
      ?hidden=${!shown}
    >
      ${dashboard.tiles.length === 0 ? html`<p class="muted empty">${this.t('layout.empty')}</p>` : nothing}
      <mcp-tile-grid
        .tiles=${dashboard.tiles}
        ?editing=${this.editing && shown}
        .labelOf=${(tile: Tile) => tileLabel(ctx, tile)}
        @mcp-layout-change=${(e: LayoutChangeEvent) => this.change(dashboard, e.tiles, e.what)}
        @mcp-show-server=${(e: CustomEvent<{ server: string }>) => this.showServer(e.detail.server, dashboard)}
        @mcp-app-tile-size=${(e: CustomEvent<{ px: number }>) => {
          const tile = dashboard.tiles.find(
            (x) => x.id === (e.target as HTMLElement).closest('mcp-tile')?.dataset.tileId,
          );
          if (tile?.kind === 'app') this.onAppSize(dashboard, tile, e.detail.px, e.currentTarget as HTMLElement);
        }}
        @mcp-widget-type-change=${(e: CustomEvent<{ type: string }>) => {
          const id = (e.target as HTMLElement).closest('mcp-tile')?.dataset.tileId;
          const tiles = dashboard.tiles.map((x) =>
            x.id === id && x.kind === 'widget' ? { ...x, widget: e.detail.type } : x,
          );
          this.store?.setTiles(dashboard.id, tiles, `widget ${e.detail.type}`, { undoable: false });
        }}
      >
        ${repeat(
          dashboard.tiles,
          (tile) => tile.id,
          (tile) =>
            html`<mcp-tile .tile=${tile} .label=${tileLabel(ctx, tile)} data-kind=${tile.kind}
              >${renderTileContent(ctx, tile)}</mcp-tile
            >`,
        )}
      </mcp-tile-grid>
    </section>`;
  }
}
