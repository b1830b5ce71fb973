// The grid's arithmetic, pure: collisions, moving and resizing with push-down, vertical
// compaction, and reflow to fewer columns. Modelled on how gridstack and Grafana's react-grid-layout
// behave (tiles float up; a moved tile pushes the ones it lands on down), written for our data.

import { GRID_COLUMNS, type Tile, type TilePlace } from '../shared/layout/layout-types.js';

/** The height a tile takes on the grid (a collapsed tile is one row). */
export function shownHeight(tile: Pick<Tile, 'h' | 'collapsed'>): number {
  return tile.collapsed ? 1 : tile.h;
}

function box(t: Tile): TilePlace {
  return { x: t.x, y: t.y, w: t.w, h: shownHeight(t) };
}

/** True when two places overlap. */
export function overlaps(a: TilePlace, b: TilePlace): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function byPosition(a: Tile, b: Tile): number {
  return a.y - b.y || a.x - b.x;
}

/** Keeps a place inside the columns. */
export function clampPlace<T extends TilePlace>(place: T, columns = GRID_COLUMNS): T {
  const w = Math.max(1, Math.min(columns, Math.round(place.w)));
  const x = Math.max(0, Math.min(columns - w, Math.round(place.x)));
  return { ...place, w, x, y: Math.max(0, Math.round(place.y)), h: Math.max(1, Math.round(place.h)) };
}

/**
 * Floats every tile up as far as it goes without overlapping one above it (the `fixed` tile, if
 * given, is placed first and never moves). Returns new tile objects in the input's order.
 */
export function compact(tiles: readonly Tile[], fixed?: string): Tile[] {
  const placed: Tile[] = [];
  const anchor = fixed ? tiles.find((t) => t.id === fixed) : undefined;
  if (anchor) placed.push({ ...anchor });
  for (const tile of [...tiles].filter((t) => t !== anchor).sort(byPosition)) {
    const next = { ...tile, y: 0 };
    // Down until it fits.
    for (;;) {
      const hit = placed.find((p) => overlaps(box(next), box(p)));
      if (!hit) break;
      next.y = hit.y + shownHeight(hit);
    }
    placed.push(next);
  }
  const result = new Map(placed.map((t) => [t.id, t]));
  return tiles.map((t) => result.get(t.id)!);
}

/**
 * Puts one tile at `place` (clamped to the grid) and pushes whatever it lands on below it, then
 * compacts. The tile keeps its place; the others float up around it.
 */
export function placeTile(
  tiles: readonly Tile[],
  id: string,
  place: Partial<TilePlace>,
  columns = GRID_COLUMNS,
): Tile[] {
  const moved = tiles.map((t) => (t.id === id ? clampPlace({ ...t, ...place }, columns) : t));
  const target = moved.find((t) => t.id === id);
  if (!target) return [...tiles];
  // Everything the target now covers goes below it, in order, pushing further tiles as needed.
  let others = moved.filter((t) => t.id !== id).map((t) => ({ ...t }));
  const settled: Tile[] = [target];
  others = others.sort(byPosition);
  for (const tile of others) {
    for (;;) {
      const hit = settled.find((s) => overlaps(box(tile), box(s)));
      if (!hit) break;
      tile.y = hit.y + shownHeight(hit);
    }
    settled.push(tile);
  }
  const result = new Map(settled.map((t) => [t.id, t]));
  return compact(
    moved.map((t) => result.get(t.id)!),
    id,
  );
}

/** The first free place for a `w`×`h` tile, scanning rows top to bottom. */
export function firstFree(tiles: readonly Tile[], w: number, h: number, columns = GRID_COLUMNS): TilePlace {
  const width = Math.min(w, columns);
  for (let y = 0; ; y++) {
    for (let x = 0; x + width <= columns; x++) {
      const place = { x, y, w: width, h };
      if (!tiles.some((t) => overlaps(place, box(t)))) return place;
    }
  }
}

/** The row just below every tile. */
export function bottom(tiles: readonly Tile[]): number {
  return tiles.reduce((max, t) => Math.max(max, t.y + shownHeight(t)), 0);
}

/**
 * The layout for a narrower grid (not stored): tiles in reading order, widths scaled to `columns`,
 * each put in the first place it fits. One column stacks everything in reading order.
 */
export function reflow(tiles: readonly Tile[], columns: number): Tile[] {
  if (columns >= GRID_COLUMNS) return [...tiles];
  const placed: Tile[] = [];
  for (const tile of [...tiles].sort(byPosition)) {
    // Widgets and apps keep at least half the narrower grid: a third of 6 columns is too narrow to use.
    const least = tile.kind === 'status' ? 1 : Math.ceil(columns / 2);
    const w = Math.max(least, Math.min(columns, Math.round((tile.w * columns) / GRID_COLUMNS)));
    const at =
      columns === 1
        ? { x: 0, y: bottom(placed), w: 1, h: shownHeight(tile) }
        : firstFree(placed, w, shownHeight(tile), columns);
    placed.push({ ...tile, x: at.x, y: at.y, w });
  }
  const result = new Map(placed.map((t) => [t.id, t]));
  return tiles.map((t) => result.get(t.id)!);
}

/** How many columns a grid this wide shows (CSS pixels). */
export function columnsFor(width: number): number {
  if (width >= 1000) return GRID_COLUMNS;
  if (width >= 640) return 6;
  return 1;
}
