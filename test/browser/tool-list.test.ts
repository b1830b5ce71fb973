import { expect, fixture, html } from '@open-wc/testing';
import type { MCPTool } from '../../src/core/shared/types.js';
import '../../widgets/kit/tool-runner/tool-list.js';
import { TOOL_LIST_OVERHANG_PX, type McpToolList } from '../../widgets/kit/tool-runner/tool-list.js';
// Installs the filter for Chromium's benign "ResizeObserver loop" window error (see gateway.ts).
import '../support/gateway.js';

const tools = (n: number): MCPTool[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `tool-${i}`,
    title: `Tool ${i}`,
    description: `Synthetic tool number ${i}`,
    inputSchema: { type: 'object' },
  }));

/**
 * Waits until the list has measured its rows: the virtualizer first lays out with estimated row
 * heights and settles on measured ones a few frames later (what a user sees before touching it).
 */
async function settled(box: HTMLElement): Promise<void> {
  let last = -1;
  let same = 0;
  for (let i = 0; i < 100 && same < 3; i += 1) {
    await new Promise((r) => requestAnimationFrame(r));
    const rendered = box.querySelectorAll('[role="listitem"]').length;
    same = rendered > 0 && box.scrollHeight === last ? same + 1 : 0;
    last = box.scrollHeight;
  }
  if (same < 3) throw new Error('the tool list did not settle');
}

describe('<mcp-tool-list> at 5,000 tools', () => {
  it('scrolls inside its own box instead of growing the page to the height of every row', async () => {
    const el = await fixture<McpToolList>(html`<mcp-tool-list .tools=${tools(5000)}></mcp-tool-list>`);
    const box = el.shadowRoot!.querySelector('.scroll') as HTMLElement;
    const rows = () => el.shadowRoot!.querySelectorAll('[role="listitem"]');
    await settled(box);
    // The box keeps its set height; the rows' total height is scrollable inside it.
    expect(box.getBoundingClientRect().height).to.be.below(800);
    expect(box.scrollHeight).to.be.above(100_000);
    expect(document.documentElement.scrollHeight).to.be.below(2000);
    const rendered = rows().length;
    expect(rendered).to.be.above(0).and.below(100);
    // Scrolling the box to the end brings the last tool into the DOM.
    box.scrollTop = box.scrollHeight;
    let last: Element | undefined;
    for (let i = 0; i < 20 && !last; i += 1) {
      await new Promise((r) => requestAnimationFrame(r));
      last = [...rows()].find((row) => row.getAttribute('aria-posinset') === '5000');
    }
    expect(last?.textContent).to.contain('Tool 4999');
  });

  it('keeps only a few rows beyond the visible part, and the visible part is always covered by rows', async () => {
    const el = await fixture<McpToolList>(html`<mcp-tool-list .tools=${tools(5000)}></mcp-tool-list>`);
    const box = el.shadowRoot!.querySelector('.scroll') as HTMLElement;
    const rows = () => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="listitem"]')];
    const settle = () => settled(box);
    const covered = () => {
      // The inside of the box's border; the last row may end a pixel short of it (the virtualizer's
      // sizer adds one pixel of scroll height below the rows).
      const outer = box.getBoundingClientRect();
      const view = { top: outer.top + box.clientTop, bottom: outer.top + box.clientTop + box.clientHeight };
      const boxes = rows()
        .map((row) => row.getBoundingClientRect())
        .sort((a, b) => a.top - b.top);
      // No gap between consecutive rows inside the view, the first starts at or above its top and
      // the last ends at or below its bottom.
      const inView = boxes.filter((b) => b.bottom > view.top && b.top < view.bottom);
      const gaps = inView.slice(1).filter((b, i) => b.top - inView[i]!.bottom > 1);
      return (
        inView.length > 0 &&
        inView[0]!.top <= view.top + 1 &&
        inView.at(-1)!.bottom >= view.bottom - 2 &&
        gaps.length === 0
      );
    };
    await settle();
    const rowHeight = rows()[0]!.getBoundingClientRect().height;
    const visible = Math.ceil(box.clientHeight / rowHeight) + 1;
    for (const at of [0, 0.37, 0.8]) {
      box.scrollTop = Math.round(box.scrollHeight * at);
      await settle();
      expect(covered(), `rows cover the view at ${at * 100}% of the list`).to.equal(true);
      // 250 px either side of the view is a few rows; the virtualizer's default (1,000 px) kept
      // about 14 rows to show 4, and each keystroke that changes the matches rebuilt all of them.
      expect(TOOL_LIST_OVERHANG_PX).to.be.at.most(250);
      expect(rows().length, `rows in the DOM at ${at * 100}% of the list`).to.be.at.most(
        visible + 2 * Math.ceil(TOOL_LIST_OVERHANG_PX / rowHeight) + 1,
      );
    }
    // Typing a search that changes every match leaves the view covered too.
    const input = el.shadowRoot!.querySelector('input[type="search"]') as HTMLInputElement;
    input.value = 'number 4';
    input.dispatchEvent(new Event('input'));
    await settle();
    // Tools 0–4999 whose number has a 4: 5,000 − 4 × 9³.
    expect(el.matchCount).to.equal(2084);
    expect(covered(), 'rows cover the view after a search').to.equal(true);
    expect(rows()[0]!.textContent).to.contain('Tool 4');
  });
});

describe('<mcp-tool-list> inside a box that scrolls (a card or tile in a small window)', () => {
  it('shows its rows once that box is scrolled to it, though the page itself never scrolls', async () => {
    // The card scrolls, not the page: the list starts below the card's visible part and the window has
    // nothing to scroll. Rows must appear when the card is scrolled, as they do for a user.
    const wrapper = await fixture<HTMLElement>(
      html`<div style="height: 300px; overflow: auto">
        <div style="height: 1200px"></div>
        <mcp-tool-list .tools=${tools(3)}></mcp-tool-list>
      </div>`,
    );
    const el = wrapper.querySelector('mcp-tool-list')!;
    await el.updateComplete;
    const rows = () => el.shadowRoot!.querySelectorAll('[role="listitem"]');
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(rows().length, 'nothing is rendered while the list is scrolled out of sight').to.equal(0);
    expect(document.documentElement.scrollHeight).to.be.at.most(innerHeight);
    const shown = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (rows().length) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(el.shadowRoot!, { childList: true, subtree: true });
    });
    wrapper.scrollTop = 1200;
    await Promise.race([
      shown,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no rows after the box scrolled to the list')), 3000),
      ),
    ]);
    expect([...rows()].map((r) => r.textContent!.includes('Tool 0'))).to.include(true);
  });
});
