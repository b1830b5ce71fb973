import { LitElement, html, css } from 'lit';
import { columnsFor, compact, placeTile, reflow, shownHeight } from '../../core/layout/grid-engine.js';
import { GRID_COLUMNS, type Tile, type TilePlace } from '../../core/shared/layout/layout-types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, consume } from '../services/contexts.js';
import type { McpTile, TileActionEvent } from './tile.js';

/** `mcp-layout-change`: the user moved, resized, collapsed or removed a tile; `what` says it in words. */
export class LayoutChangeEvent extends Event {
  constructor(
    readonly tiles: Tile[],
    readonly what: string,
  ) {
    super('mcp-layout-change', { bubbles: true, composed: true });
  }
}

/** Row height and gap of the grid, in rem (the grid scales with the text size). */
const ROW_REM = 2.5;
const GAP_REM = 0.75;

/**
 * The rows a tile needs to show `px` of content with no scroll box (its 1 px borders included), within the
 * grid's bounds for a tile that follows its app: 3 to 40 rows.
 */
export function rowsFor(px: number): number {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return Math.max(3, Math.min(40, Math.ceil((px + 2 + GAP_REM * rem) / ((ROW_REM + GAP_REM) * rem))));
}

/**
 * <mcp-tile-grid>: lays its <mcp-tile> children out on a 12-column CSS grid (6 or 1 column on narrow
 * screens, reflowed, not stored). Tiles are placed with grid lines only — never moved in the DOM —
 * so a widget or an MCP App view inside a tile is never re-parented (an iframe that moves reloads).
 * In edit mode a tile moves and resizes with the mouse (its handle and grip; a ghost shows where it
 * will land) or the keyboard (arrow keys on its handle; Shift+arrows resize); each change is one
 * `mcp-layout-change` and is announced.
 *
 * @slot - the <mcp-tile> elements
 * @fires mcp-layout-change
 */
export class McpTileGrid extends LitElement {
  static override styles = css`
    :host {
      display: block;
      container-type: inline-size;
    }
    .grid {
      display: grid;
      position: relative;
      grid-template-columns: repeat(var(--cols, 12), minmax(0, 1fr));
      grid-auto-rows: ${ROW_REM}rem;
      gap: ${GAP_REM}rem;
    }
    .ghost[hidden] {
      display: none;
    }
    .ghost {
      position: absolute;
      left: 0;
      top: 0;
      box-sizing: border-box;
      will-change: transform;
      border: 2px dashed var(--mcp-primary-color, #0b5cad);
      border-radius: var(--mcp-radius-lg, 8px);
      background: color-mix(in srgb, var(--mcp-primary-color, #0b5cad) 8%, transparent);
      pointer-events: none;
    }
    :host([editing]) .grid {
      background-image: linear-gradient(
        to right,
        color-mix(in srgb, var(--mcp-border, #737d88) 25%, transparent) 1px,
        transparent 1px
      );
    }
  `;

  static override properties = {
    tiles: { attribute: false },
    editing: { type: Boolean, reflect: true },
    columns: { state: true },
  };

  declare tiles: Tile[];
  declare editing: boolean;
  declare columns: number;
  private readonly l10n = new ShellLocalize(this);
  private readonly a11y = consume(this, a11yContext);
  /** A tile's name in announcements. */
  labelOf: (tile: Tile) => string = (tile) => tile.id;
  private observer: ResizeObserver | undefined;
  private drag:
    | {
        id: string;
        mode: 'drag' | 'resize';
        start: TilePlace;
        x0: number;
        y0: number;
        preview: Tile[];
        frame: number;
        metrics: { colWidth: number; rowHeight: number; gap: number };
        reflow?: ReturnType<typeof setTimeout>;
        last?: PointerEvent;
        handle: HTMLElement;
        pointerId: number;
      }
    | undefined;

  constructor() {
    super();
    this.tiles = [];
    this.editing = false;
    this.columns = GRID_COLUMNS;
    this.addEventListener('mcp-tile-action', (e) => this.onAction(e as TileActionEvent));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.observer = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1]!.contentRect.width;
      const columns = columnsFor(width / this.remScale());
      if (columns !== this.columns) this.columns = columns;
    });
    this.observer.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observer?.disconnect();
    this.endDrag(false);
  }

  /** Pixels per rem over 16 (so breakpoints follow the text size the way media queries in em do). */
  /** Announces a change (the page's A11yHelper). */
  private announce(message: string): void {
    this.a11y.value?.announce(message, 'polite');
  }

  private t(key: string, variables?: Record<string, unknown>): string {
    return this.l10n.t(key, variables);
  }

  private remScale(): number {
    return parseFloat(getComputedStyle(document.documentElement).fontSize) / 16 || 1;
  }

  /** Where each tile is shown now: the stored layout, a drag's preview, or the reflow for a narrow grid. */
  shownTiles(): Tile[] {
    if (this.drag) return this.drag.preview;
    return this.columns >= GRID_COLUMNS ? this.tiles : reflow(this.tiles, this.columns);
  }

  /** Writes each child tile's grid lines (no DOM moves, no re-render of the tiles). */
  private place(): void {
    const shown = new Map(this.shownTiles().map((t) => [t.id, t]));
    for (const child of this.children) {
      const tile = shown.get((child as McpTile).tile?.id ?? '');
      if (!tile) continue;
      const area = `${tile.y + 1} / ${tile.x + 1} / span ${shownHeight(tile)} / span ${tile.w}`;
      const style = (child as HTMLElement).style;
      if (style.gridArea !== area) style.gridArea = area;
      const tileEl = child as McpTile;
      if (tileEl.editing !== this.editing) tileEl.editing = this.editing;
      const movable = this.columns >= GRID_COLUMNS;
      if (tileEl.movable !== movable) tileEl.movable = movable;
    }
  }

  override updated(): void {
    this.place();
  }

  private tile(id: string): Tile | undefined {
    return this.tiles.find((t) => t.id === id);
  }

  private commit(tiles: Tile[], what: string): void {
    this.dispatchEvent(new LayoutChangeEvent(tiles, what));
    this.announce(what);
  }

  private describe(tile: Tile): string {
    return this.t('grid.where', {
      name: this.labelOf(tile),
      column: tile.x + 1,
      row: tile.y + 1,
      width: tile.w,
      height: tile.h,
    });
  }

  private onAction(event: TileActionEvent): void {
    const tile = this.tile(event.tileId);
    if (!tile) return;
    const name = this.labelOf(tile);
    switch (event.action) {
      case 'collapse': {
        const tiles = this.tiles.map((t) => (t.id === tile.id ? { ...t, collapsed: !t.collapsed } : t));
        this.commit(tiles, this.t(tile.collapsed ? 'grid.expanded' : 'grid.collapsed', { name }));
        return;
      }
      case 'fit': {
        // Back to following the app: the app tile sizes itself again on its next look at its frame.
        const tiles = this.tiles.map((t) => (t.id === tile.id && t.kind === 'app' ? { ...t, sized: false } : t));
        this.commit(tiles, this.t('grid.fitted', { name }));
        return;
      }
      case 'remove':
        this.commit(
          this.tiles.filter((t) => t.id !== tile.id),
          this.t('grid.removed', { name }),
        );
        return;
      case 'key':
        this.onKey(tile, event.detail.key ?? '', Boolean(event.detail.shift));
        return;
      case 'drag':
      case 'resize':
        if (event.detail.pointer && event.detail.handle)
          this.startDrag(tile, event.action, event.detail.pointer, event.detail.handle);
    }
  }

  private onKey(tile: Tile, key: string, resize: boolean): void {
    if (!this.editing || this.columns < GRID_COLUMNS) return;
    const dx = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0;
    const dy = key === 'ArrowUp' ? -1 : key === 'ArrowDown' ? 1 : 0;
    const place: Partial<TilePlace> = resize ? { w: tile.w + dx, h: tile.h + dy } : { x: tile.x + dx, y: tile.y + dy };
    // Up past a tile: jump above it (compaction would float the tile straight back otherwise).
    if (!resize && dy < 0) {
      const above = this.tiles
        .filter((t) => t.id !== tile.id && t.y < tile.y && t.x < tile.x + tile.w && tile.x < t.x + t.w)
        .sort((a, b) => b.y - a.y)[0];
      if (above) place.y = above.y;
    }
    if (!resize && dy > 0) {
      const below = this.tiles
        .filter(
          (t) => t.id !== tile.id && t.y >= tile.y + shownHeight(tile) && t.x < tile.x + tile.w && tile.x < t.x + t.w,
        )
        .sort((a, b) => a.y - b.y)[0];
      if (below) place.y = below.y + shownHeight(below) - shownHeight(tile) + 1;
    }
    // Where the tile will really be: the layout keeps tiles floated up, so a tile moved down into space with
    // nothing above it would float straight back (and "Moved: row 13" would not be true).
    const tiles = compact(placeTile(this.tiles, tile.id, place));
    const after = tiles.find((t) => t.id === tile.id)!;
    if (after.x === tile.x && after.y === tile.y && after.w === tile.w && after.h === tile.h) {
      this.announce(this.t('grid.edge', { name: this.labelOf(tile) }));
      return;
    }
    if (!resize) this.commit(tiles, this.t('grid.moved', { where: this.describe(after) }));
    else this.commitResize(tiles, tile, after);
  }

  /** A resize; when it changed an app tile's height, the person's height wins from now on (until Fit the app). */
  private commitResize(tiles: Tile[], before: Tile, after: Tile): void {
    const what = this.t('grid.resized', { where: this.describe(after) });
    if (before.kind !== 'app' || before.h === after.h) return this.commit(tiles, what);
    const sized = tiles.map((t) => (t.id === before.id ? { ...t, sized: true } : t));
    this.commit(sized, before.sized ? what : `${what} ${this.t('grid.appSized', { name: this.labelOf(before) })}`);
  }

  private metrics(): { colWidth: number; rowHeight: number; gap: number; rect: DOMRect } {
    const grid = this.renderRoot.querySelector('.grid') as HTMLElement;
    const rect = grid.getBoundingClientRect();
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const gap = GAP_REM * rem;
    return { colWidth: (rect.width - gap * (this.columns - 1)) / this.columns, rowHeight: ROW_REM * rem, gap, rect };
  }

  private startDrag(tile: Tile, mode: 'drag' | 'resize', pointer: PointerEvent, handle: HTMLElement): void {
    if (!this.editing || this.columns < GRID_COLUMNS || pointer.button !== 0) return;
    pointer.preventDefault();
    handle.setPointerCapture(pointer.pointerId);
    this.drag = {
      id: tile.id,
      mode,
      start: { x: tile.x, y: tile.y, w: tile.w, h: tile.h },
      x0: pointer.clientX,
      y0: pointer.clientY,
      preview: this.tiles,
      frame: 0,
      metrics: this.metrics(),
      handle,
      pointerId: pointer.pointerId,
    };
    this.querySelector<McpTile>(`mcp-tile[data-tile-id="${CSS.escape(tile.id)}"]`)?.toggleAttribute('dragging', true);
    handle.addEventListener('pointermove', this.onMove);
    handle.addEventListener('pointerup', this.onUp);
    handle.addEventListener('pointercancel', this.onCancel);
    handle.addEventListener('keydown', this.onDragKey);
  }

  private readonly onMove = (event: PointerEvent): void => {
    const drag = this.drag;
    if (!drag) return;
    drag.last = event;
    // One layout per frame, however many pointer events arrive.
    drag.frame ||= requestAnimationFrame(() => {
      drag.frame = 0;
      if (this.drag === drag && drag.last) this.preview(drag.last);
    });
  };

  private preview(event: PointerEvent): void {
    const drag = this.drag!;
    const { colWidth, rowHeight, gap } = drag.metrics;
    const dx = Math.round((event.clientX - drag.x0) / (colWidth + gap));
    const dy = Math.round((event.clientY - drag.y0) / (rowHeight + gap));
    const place =
      drag.mode === 'drag'
        ? { x: drag.start.x + dx, y: drag.start.y + dy }
        : { w: drag.start.w + dx, h: drag.start.h + dy };
    const current = drag.preview.find((t) => t.id === drag.id)!;
    const next = placeTile(this.tiles, drag.id, place);
    const moved = next.find((t) => t.id === drag.id)!;
    if (
      moved.x === current.x &&
      moved.y === current.y &&
      moved.w === current.w &&
      moved.h === current.h &&
      drag.preview !== this.tiles
    )
      return;
    drag.preview = next;
    // The ghost is outside the grid's flow and moved with a transform: following the pointer costs no
    // grid layout. The other tiles (whole widgets to lay out again) make room when the pointer rests.
    const ghost = this.renderRoot.querySelector<HTMLElement>('.ghost');
    if (ghost) {
      const h = shownHeight(moved);
      ghost.hidden = false;
      ghost.style.width = `${moved.w * colWidth + (moved.w - 1) * gap}px`;
      ghost.style.height = `${h * rowHeight + (h - 1) * gap}px`;
      ghost.style.transform = `translate(${moved.x * (colWidth + gap)}px, ${moved.y * (rowHeight + gap)}px)`;
    }
    clearTimeout(drag.reflow);
    drag.reflow = setTimeout(() => {
      if (this.drag === drag) this.place();
    }, 150);
  }

  private readonly onUp = (event: PointerEvent): void => {
    if (this.drag) this.preview(event);
    this.endDrag(true);
  };

  private readonly onCancel = (): void => this.endDrag(false);

  private readonly onDragKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      this.endDrag(false);
      this.announce(this.t('grid.cancelled'));
    }
  };

  private endDrag(keep: boolean): void {
    const drag = this.drag;
    if (!drag) return;
    this.drag = undefined;
    cancelAnimationFrame(drag.frame);
    clearTimeout(drag.reflow);
    drag.handle.removeEventListener('pointermove', this.onMove);
    drag.handle.removeEventListener('pointerup', this.onUp);
    drag.handle.removeEventListener('pointercancel', this.onCancel);
    drag.handle.removeEventListener('keydown', this.onDragKey);
    if (drag.handle.hasPointerCapture?.(drag.pointerId)) drag.handle.releasePointerCapture(drag.pointerId);
    this.querySelector(`mcp-tile[data-tile-id="${CSS.escape(drag.id)}"]`)?.removeAttribute('dragging');
    const ghost = this.renderRoot.querySelector<HTMLElement>('.ghost');
    if (ghost) ghost.hidden = true;
    const after = drag.preview.find((t) => t.id === drag.id);
    const changed =
      after &&
      (after.x !== drag.start.x || after.y !== drag.start.y || after.w !== drag.start.w || after.h !== drag.start.h);
    if (keep && changed && drag.mode === 'resize') this.commitResize(drag.preview, this.tile(drag.id)!, after);
    else if (keep && changed) this.commit(drag.preview, this.t('grid.moved', { where: this.describe(after) }));
    this.place();
  }

  override render() {
    return html`<div class="grid" style="--cols: ${this.columns}">
      <slot @slotchange=${() => this.place()}></slot>
      <div class="ghost" hidden></div>
    </div>`;
  }
}

if (!customElements.get('mcp-tile-grid')) customElements.define('mcp-tile-grid', McpTileGrid);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tile-grid': McpTileGrid;
  }
  interface HTMLElementEventMap {
    'mcp-layout-change': LayoutChangeEvent;
  }
}
