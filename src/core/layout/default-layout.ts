import { firstFree } from './grid-engine.js';
import { GRID_COLUMNS, type AppTile, type DashboardLayout, type Tile } from '../shared/layout/layout-types.js';

/** Sizes of the default tiles, in grid columns × rows. */
export const TILE_SIZES = { status: { w: 2, h: 2 }, widget: { w: 4, h: 11 }, app: { w: 4, h: 8 } } as const;

/** The dashboard a fresh profile starts with when the config names no team layout. */
export const DEFAULT_DASHBOARD_ID = 'overview';

/**
 * The default dashboard for a fresh config: one row of compact status tiles for every
 * server, then one server panel per server (its chosen widget type), three to a row at full width.
 */
export function defaultDashboard(
  servers: readonly { name: string; widget?: string }[],
  name = 'Overview',
): DashboardLayout {
  const tiles: Tile[] = [];
  // Four or fewer servers get wider status tiles (a quarter row each); more get six to a row.
  const status = { ...TILE_SIZES.status, w: servers.length <= 4 ? 3 : TILE_SIZES.status.w };
  const perRow = GRID_COLUMNS / status.w;
  servers.forEach((s, i) => {
    tiles.push({
      id: `status-${s.name}`,
      kind: 'status',
      server: s.name,
      x: (i % perRow) * status.w,
      y: Math.floor(i / perRow) * status.h,
      w: status.w,
      h: status.h,
    });
  });
  const top = Math.ceil(servers.length / perRow) * status.h;
  const panel = TILE_SIZES.widget;
  const perPanelRow = GRID_COLUMNS / panel.w;
  servers.forEach((s, i) => {
    tiles.push({
      id: `panel-${s.name}`,
      kind: 'widget',
      server: s.name,
      widget: s.widget ?? 'server-panel',
      x: (i % perPanelRow) * panel.w,
      y: top + Math.floor(i / perPanelRow) * panel.h,
      w: panel.w,
      h: panel.h,
    });
  });
  return { id: DEFAULT_DASHBOARD_ID, name, tiles };
}

let counter = 0;

/** A tile id no other tile of `tiles` has. */
export function newTileId(tiles: readonly Tile[], prefix: string): string {
  const taken = new Set(tiles.map((t) => t.id));
  let id: string;
  do id = `${prefix}-${Date.now().toString(36)}${(++counter).toString(36)}`;
  while (taken.has(id));
  return id;
}

/**
 * Where an app opened from a server's panel goes ("apps pinned beside them"): to the
 * right of that panel, or to its left at the grid's edge; the tiles there move down to make room
 * (see placeTile). Without a panel, the first free place.
 */
export function appTileBeside(
  tiles: readonly Tile[],
  server: string,
  tool: string,
  args: Record<string, unknown>,
): AppTile {
  const { w, h } = TILE_SIZES.app;
  const panel = tiles.find((t) => t.kind === 'widget' && t.server === server);
  let place = firstFree(tiles, w, h);
  if (panel) {
    const x = panel.x + panel.w + w <= GRID_COLUMNS ? panel.x + panel.w : Math.max(0, panel.x - w);
    place = { x, y: panel.y, w, h };
  }
  return { id: newTileId(tiles, 'app'), kind: 'app', server, tool, args, ...place };
}
