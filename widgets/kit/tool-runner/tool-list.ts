import { LitElement, html, css, nothing } from 'lit';
import type { I18nInterface, MCPTool } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { flowLayoutWithOverhang } from '../widget/virtual-list.js';
import { LocalizeController } from '../i18n/localize.js';
import { KIT_CATALOGS } from '../i18n/messages.js';
import { baseStyles } from '../styles/styles.js';
import { listStyles } from '../styles/list.styles.js';
import { renderToolItem } from './tool-item.js';
import { ToolSearchIndex } from './tool-search.js';
import { mcpletBadgeStyles } from './mcplet-badges.js';

/** Pixels of rows kept rendered beyond each edge of the visible part of the list. */
export const TOOL_LIST_OVERHANG_PX = 250;

/**
 * The tool list's margin of off-screen rows. The virtualizer's default of 1,000 px meant 14 rows rendered
 * to show 4 in our 24rem box, and a keystroke that changes the matches builds, measures and paints every
 * one of them. With 250 px, 7 rows; the slowest keystroke at 5,000 tools fell from 17–20 ms to 11–12 ms of
 * main-thread CPU (A/B, bench/widgets.bench.mjs). That is still two to three rows beyond each edge, so
 * scrolling does not show empty space (test/browser/tool-list.test.ts).
 */
const TOOL_LIST_LAYOUT = flowLayoutWithOverhang(TOOL_LIST_OVERHANG_PX);

/** Rows are keyed by tool name, so a search that keeps a tool keeps its row. */
const toolKey = (tool: MCPTool | undefined): unknown => tool?.name;

/** Fired when the user picks a tool. */
export class ToolSelectEvent extends Event {
  constructor(readonly tool: MCPTool) {
    super('mcp-tool-select', { bubbles: true, composed: true });
  }
}

export { filterTools, toolSearchText } from './tool-search.js';

/**
 * A searchable, virtualised list of tools: only the rows in view exist in the DOM, so thousands of
 * tools stay responsive. Search covers names, titles and descriptions.
 *
 * @event mcp-tool-select - ToolSelectEvent when a tool is chosen.
 */
export class McpToolList extends LitElement {
  static override styles = [
    baseStyles,
    listStyles,
    mcpletBadgeStyles,
    css`
      :host {
        display: grid;
        gap: var(--mcp-spacing-sm, 0.25rem);
        min-width: 0;
        align-content: start;
      }
      .scroll {
        height: var(--mcp-tool-list-height, 24rem);
        overflow: auto;
        border: 1px solid var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-md, 4px);
      }
      [role='listitem'] {
        width: 100%;
        border-bottom: 1px solid var(--mcp-border, #8c959f);
      }
      input[type='search'] {
        width: 100%;
      }
    `,
  ];

  static override properties = {
    tools: { attribute: false },
    selected: { attribute: false },
    query: { state: true },
    i18n: { attribute: false },
  };

  declare tools: MCPTool[];
  /** The host's I18n dependency; English without it. */
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  declare selected: string | undefined;
  declare query: string;
  private search: ToolSearchIndex | undefined;
  private indexed: MCPTool[] | undefined;
  private shown: MCPTool[] = [];
  private readonly uid = `tl${Math.random().toString(36).slice(2, 8)}`;

  constructor() {
    super();
    this.tools = [];
    this.query = '';
  }

  override willUpdate(): void {
    if (!this.search || this.indexed !== this.tools) {
      this.indexed = this.tools;
      this.search = new ToolSearchIndex(this.tools);
    }
    this.shown = this.search.search(this.query);
  }

  /** Number of tools matching the current search. */
  get matchCount(): number {
    return this.shown.length;
  }

  private select(tool: MCPTool): void {
    this.selected = tool.name;
    this.dispatchEvent(new ToolSelectEvent(tool));
  }

  override render() {
    const total = Array.isArray(this.tools) ? this.tools.length : 0;
    const size = this.shown.length;
    return html`
      <label for="${this.uid}-q">${this.t('tools.search')}</label>
      <input
        id="${this.uid}-q"
        type="search"
        .value=${this.query}
        autocomplete="off"
        aria-describedby="${this.uid}-count"
        @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)}
      />
      <span id="${this.uid}-count" class="muted" role="status"
        >${this.query ? this.t('tools.matchCount', { size, total }) : this.t('tools.count', { count: total })}</span
      >
      ${
        size === 0
          ? html`<p class="muted">${total === 0 ? this.t('tools.none') : this.t('tools.noMatch')}</p>`
          : html`<mcp-virtual-list
              class="scroll list"
              role="list"
              aria-label=${this.t('tools.list')}
              tabindex="-1"
              scroller
              .layout=${TOOL_LIST_LAYOUT}
              .items=${this.shown}
              .keyFunction=${toolKey}
              .renderItem=${(tool: MCPTool | undefined, i: number) =>
                !tool
                  ? html``
                  : html`<div role="listitem" aria-setsize=${size} aria-posinset=${i + 1}
                      >${renderToolItem(tool, { selected: tool.name === this.selected, onSelect: (t) => this.select(t), t: this.t })}</div
                    >`}
            ></mcp-virtual-list>`
      }
      ${nothing}
    `;
  }
}

defineElement('mcp-tool-list', McpToolList);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool-list': McpToolList;
  }
}
