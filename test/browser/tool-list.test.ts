import { expect, fixture, html } from '@open-wc/testing';
import type { MCPTool } from '../../src/core/types.js';
import '../../widgets/kit/tool-list.js';
import type { McpToolList } from '../../widgets/kit/tool-list.js';
// Installs the filter for Chromium's benign "ResizeObserver loop" window error (see gateway.ts).
import '../support/gateway.js';

const tools = (n: number): MCPTool[] =>
  Array.from({ length: n }, (_, i) => ({ name: `tool-${i}`, title: `Tool ${i}`, description: `Synthetic tool number ${i}`, inputSchema: { type: 'object' } }));

describe('<mcp-tool-list> at 5,000 tools', () => {
  it('scrolls inside its own box instead of growing the page to the height of every row', async () => {
    const el = await fixture<McpToolList>(html`<mcp-tool-list .tools=${tools(5000)}></mcp-tool-list>`);
    const box = el.shadowRoot!.querySelector('.scroll') as HTMLElement;
    const rows = () => el.shadowRoot!.querySelectorAll('[role="listitem"]');
    for (let i = 0; i < 50 && (rows().length === 0 || box.scrollHeight < 1000); i += 1) await new Promise((r) => requestAnimationFrame(r));
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
});
