import { LitVirtualizer } from '@lit-labs/virtualizer/LitVirtualizer.js';
import { FlowLayout } from '@lit-labs/virtualizer/layouts/flow.js';
import { defineElement } from './define.js';

/**
 * The virtualizer as an element (`<lit-virtualizer>` under an `mcp-` name, MCP-WP-5.1.2). Not the bare
 * `virtualize()` directive: that one looks for the boxes that clip and scroll it at the moment Lit
 * builds its template, before the template is in the page, so it never learnt about the card or tile
 * that scrolls around the list. Scrolled there (a small window, a tall card) the list stayed empty
 * ("1 of 1 tools match" and no row) until the page itself scrolled. The element looks once it is
 * connected (lit/lit#5290 describes the same difference).
 */
export class McpVirtualList extends LitVirtualizer {}
defineElement('mcp-virtual-list', McpVirtualList);

/**
 * A flow layout (rows top to bottom) that renders `overhangPx` of rows beyond each edge of the view. The
 * virtualizer's default of 1,000 px suits a list scrolled with the page; in a box of a few hundred pixels
 * it builds several times the rows anyone sees.
 */
export function flowLayoutWithOverhang(overhangPx: number): { type: typeof FlowLayout } {
  class OverhangFlowLayout extends FlowLayout {
    constructor(...args: ConstructorParameters<typeof FlowLayout>) {
      super(...args);
      this._overhang = overhangPx;
    }
  }
  return { type: OverhangFlowLayout };
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-virtual-list': McpVirtualList;
  }
}
