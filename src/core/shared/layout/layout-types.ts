// Dashboard layouts: tiles on a 12-column grid, named dashboards, layout files. Pure data.

/** Columns of the grid a layout is written for (narrower screens reflow it, see grid-engine.ts). */
export const GRID_COLUMNS = 12;

/** Where a tile sits: column `x` (0–11), row `y`, width `w` columns, height `h` rows. */
export interface TilePlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface TileBase extends TilePlace {
  /** Unique within its dashboard. */
  id: string;
  /** Shown as its title bar only (the rest is hidden) until expanded. */
  collapsed?: boolean;
}

/** A widget (any standard or installed widget type) bound to a server. */
export interface WidgetTile extends TileBase {
  kind: 'widget';
  server: string;
  /** The widget type, as the widget registry names it (e.g. "server-panel", "tool-browser"). */
  widget: string;
}

/** A pinned MCP App view: its tool is called again (through the policy) when the tile is shown. */
export interface AppTile extends TileBase {
  kind: 'app';
  server: string;
  tool: string;
  args: Record<string, unknown>;
  /** True once the user resized the tile: its height no longer follows the app's size reports. */
  sized?: boolean;
}

/** A server's state in one line: name, state (icon and word), counts. */
export interface StatusTile extends TileBase {
  kind: 'status';
  server: string;
}

export type Tile = WidgetTile | AppTile | StatusTile;

/** One named dashboard (a tab). */
export interface DashboardLayout {
  id: string;
  name: string;
  tiles: Tile[];
}

/** A layout file (export/import, and the team files named by `dashboard.layouts`). */
export interface LayoutFile {
  $schema?: string;
  version: 1;
  dashboards: DashboardLayout[];
}

/** A team dashboard as the gateway serves it: which file it came from. */
export interface TeamDashboard extends DashboardLayout {
  /** The file named in the config (for messages). */
  file: string;
  /** Published by an admin from the page (team mode), not provisioned from a file. */
  published?: boolean;
}

/** A tile before it has an id and a place (what "Add a tile" makes). */
export type NewTile = Tile extends infer T ? (T extends Tile ? Omit<T, 'id' | 'x' | 'y' | 'w' | 'h'> : never) : never;
