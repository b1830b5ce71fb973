import { LitElement, html, css, nothing } from 'lit';
import type { Tile } from '../../core/shared/layout/layout-types.js';
import { icon } from '../icons/icons.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { shellStyles } from '../shell.styles.js';

/** What a tile asks its grid to do. */
export type TileAction = 'drag' | 'resize' | 'remove' | 'collapse' | 'key' | 'fit';

/** `mcp-tile-action`: a tile's control was used (the grid decides and commits the change). */
export class TileActionEvent extends Event {
  constructor(
    readonly tileId: string,
    readonly action: TileAction,
    readonly detail: { pointer?: PointerEvent; key?: string; shift?: boolean; handle?: HTMLElement } = {},
  ) {
    super('mcp-tile-action', { bubbles: true, composed: true });
  }
}

/**
 * <mcp-tile>: one tile on the dashboard grid. Its content (a widget card, a status line, an app
 * frame) is light DOM and never moves; the grid places the tile with CSS grid lines only. In edit
 * mode it shows a bar with a move handle (drag, or arrow keys; Shift+arrows resize), collapse and
 * remove, and a resize grip. A collapsed tile shows its title and an Expand button, edit mode or not.
 *
 * @slot - the tile's content
 * @fires mcp-tile-action
 */
export class McpTile extends LitElement {
  static override styles = [
    shellStyles,
    css`
      /*
       * Off screen, a tile's content is not laid out or painted (content-visibility): a 50-tile dashboard
       * costs what its visible tiles cost, when it starts and when a drag makes room. Its size comes from
       * its grid area, not its content, so nothing moves. Not while an app in it is full screen or picture
       * in picture: that frame is position: fixed, and containment would pin it inside the tile.
       */
      :host {
        content-visibility: auto;
      }
      :host([overlay]) {
        content-visibility: visible;
      }
      :host {
        display: flex;
        flex-direction: column;
        min-width: 0;
        min-height: 0;
        position: relative;
        border-radius: var(--mcp-radius-lg, 8px);
        background: var(--mcp-background, #fff);
        border: 1px solid var(--mcp-border-subtle, var(--mcp-border, #8c959f));
        box-shadow: var(--mcp-shadow-sm, 0 1px 2px rgb(0 0 0 / 0.12));
      }
      :host([editing]) {
        outline: 2px dashed var(--mcp-primary-color, #0b5cad);
        outline-offset: var(--mcp-focus-ring-offset, 2px);
      }
      :host([dragging]) {
        opacity: 0.85;
        box-shadow: var(--mcp-shadow-md, 0 4px 12px rgb(0 0 0 / 0.18));
        z-index: 2;
      }
      .bar {
        display: flex;
        align-items: center;
        gap: var(--mcp-spacing-xs, 0.125rem);
        padding: 0 var(--mcp-spacing-xs, 0.125rem);
        min-height: 2.25rem;
        background: var(--mcp-surface, #f4f6f8);
        border-bottom: 1px solid var(--mcp-border-subtle, var(--mcp-border, #8c959f));
        border-radius: var(--mcp-radius-lg, 8px) var(--mcp-radius-lg, 8px) 0 0;
      }
      .label {
        flex: 1;
        min-width: 0;
        font-weight: var(--mcp-font-weight-medium, 600);
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
        padding-inline: var(--mcp-spacing-xs, 0.125rem);
      }
      .bar button {
        min-height: var(--mcp-control-height, 2rem);
        min-width: var(--mcp-control-height, 2rem);
        padding: 0 var(--mcp-spacing-sm, 0.25rem);
        display: inline-flex;
        align-items: center;
        justify-content: center;
        gap: var(--mcp-spacing-xs, 0.125rem);
        border-color: transparent;
        background: transparent;
      }
      .bar button:hover {
        background: var(--mcp-background, #fff);
        border-color: var(--mcp-border, #737d88);
      }
      .handle {
        cursor: grab;
        touch-action: none;
      }
      :host([dragging]) .handle {
        cursor: grabbing;
      }
      .body {
        flex: 1;
        min-height: 0;
        overflow: auto;
        border-radius: 0 0 var(--mcp-radius-lg, 8px) var(--mcp-radius-lg, 8px);
      }
      :host(:not([editing]):not([collapsed])) .body {
        border-radius: var(--mcp-radius-lg, 8px);
      }
      :host([collapsed]) .body {
        display: none;
      }
      .grip {
        position: absolute;
        right: 0;
        bottom: 0;
        width: 1.75rem;
        height: 1.75rem;
        display: flex;
        align-items: end;
        justify-content: end;
        padding: 0.125rem;
        cursor: nwse-resize;
        touch-action: none;
        color: var(--mcp-text-secondary, #4d5661);
        border: 0;
        background: transparent;
        min-height: 0;
      }
      .icon {
        width: var(--mcp-icon-size, 1.125rem);
        height: var(--mcp-icon-size, 1.125rem);
        flex: none;
      }
    `,
  ];

  static override properties = {
    tile: { attribute: false },
    label: {},
    editing: { type: Boolean, reflect: true },
    movable: { type: Boolean },
  };

  declare tile: Tile | undefined;
  /** The tile's title, for its bar and its controls' names. */
  declare label: string;
  declare editing: boolean;
  /** False on a narrow screen (the grid reflows there; arranging needs the full grid). */
  declare movable: boolean;
  private readonly l10n = new ShellLocalize(this);

  /** App frames in this tile that float above the page (full screen, picture in picture). */
  private readonly overlays = new Set<EventTarget>();

  constructor() {
    super();
    this.label = '';
    this.editing = false;
    this.movable = true;
    this.addEventListener('mcp-app-overlay', (event) => {
      const frame = event.composedPath()[0]!;
      if ((event as CustomEvent<{ overlay: boolean }>).detail.overlay) this.overlays.add(frame);
      else this.overlays.delete(frame);
      for (const f of this.overlays) if (!(f as Node).isConnected) this.overlays.delete(f);
      this.toggleAttribute('overlay', this.overlays.size > 0);
    });
  }

  override willUpdate(): void {
    this.toggleAttribute('collapsed', Boolean(this.tile?.collapsed));
    if (this.tile) this.dataset.tileId = this.tile.id;
  }

  private fire(action: TileAction, detail: ConstructorParameters<typeof TileActionEvent>[2] = {}): void {
    if (this.tile) this.dispatchEvent(new TileActionEvent(this.tile.id, action, detail));
  }

  private onHandleKey(event: KeyboardEvent): void {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    this.fire('key', { key: event.key, shift: event.shiftKey });
  }

  override render() {
    const t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
    const label = this.label;
    const collapsed = Boolean(this.tile?.collapsed);
    const bar = this.editing || collapsed;
    return html`${
        bar
          ? html`<div class="bar" part="bar">
              ${
                this.editing && this.movable
                  ? html`<button
                        type="button"
                        class="handle"
                        data-action="drag"
                        aria-label=${t('tile.move', { name: label })}
                        aria-describedby="how"
                        @pointerdown=${(e: PointerEvent) => this.fire('drag', { pointer: e, handle: e.currentTarget as HTMLElement })}
                        @keydown=${this.onHandleKey}
                        >${icon('grip')}</button
                      >
                      <span id="how" hidden>${t('tile.moveHelp')}</span>`
                  : nothing
              }
              <span class="label" title=${label}>${label}</span>
              <button
                type="button"
                data-action="collapse"
                aria-expanded=${collapsed ? 'false' : 'true'}
                aria-label=${t(collapsed ? 'tile.expand' : 'tile.collapse', { name: label })}
                @click=${() => this.fire('collapse')}
                >${icon(collapsed ? 'chevron-right' : 'chevron-down')}</button
              >
              ${
                // An app tile the person sized keeps that height; this gives the height back to the app.
                this.editing && this.tile?.kind === 'app' && this.tile.sized
                  ? html`<button
                      type="button"
                      data-action="fit"
                      title=${t('tile.fitHelp')}
                      @click=${() => this.fire('fit')}
                      >${t('tile.fit')}</button
                    >`
                  : nothing
              }
              ${this.editing ? html`<button type="button" data-action="remove" aria-label=${t('tile.remove', { name: label })} @click=${() => this.fire('remove')}>${icon('x')}</button>` : nothing}
            </div>`
          : nothing
      }
      <div class="body" part="body"><slot></slot></div>
      ${
        this.editing && this.movable && !collapsed
          ? html`<div
              class="grip"
              data-action="resize"
              aria-hidden="true"
              @pointerdown=${(e: PointerEvent) => this.fire('resize', { pointer: e, handle: e.currentTarget as HTMLElement })}
              >${icon('resize')}</div
            >`
          : nothing
      }`;
  }
}

if (!customElements.get('mcp-tile')) customElements.define('mcp-tile', McpTile);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tile': McpTile;
  }
}
