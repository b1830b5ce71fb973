import { expect, fixture, html } from '@open-wc/testing';
import { LogStore, MAX_LOG_ENTRIES } from '../../src/core/logging/log-store.js';
import { EventBus } from '../../src/core/services/event-bus.js';
import '../../widgets/kit/client/log-view.js';
import type { McpLogView } from '../../widgets/kit/client/log-view.js';
import { deepText } from '../support/dom.js';
import { captureDownloads } from '../support/client-features.js';
// Also installs the filter for Chromium's benign "ResizeObserver loop" window error.
import { waitFor } from '../support/gateway.js';
import { docImage } from '../support/visual.js';

const FLOOD = 20_000;

/** Waits a few frames for the virtualised rows to settle after a scroll. */
async function frames(n = 6): Promise<void> {
  for (let i = 0; i < n; i += 1) await new Promise((r) => requestAnimationFrame(r));
}

/** The rows a person sees in the log's scroll box (inside its visible part), top to bottom. */
function visibleRows(box: HTMLElement): HTMLElement[] {
  const view = box.getBoundingClientRect();
  return [...box.querySelectorAll<HTMLElement>('li')]
    .filter((row) => {
      const r = row.getBoundingClientRect();
      return r.bottom > view.top + 1 && r.top < view.bottom - 1;
    })
    .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
}

// A server that floods its log (the attack run sent 20,000 messages): the store keeps the latest
// MAX_LOG_ENTRIES, and every one of them stays reachable in the Log view — count, scroll, search, export.
describe('<mcp-log-view> after a flood of 20,000 messages', () => {
  it('keeps the latest 1,000 reachable: the count, scrolling to the last and to any row, search and export', async () => {
    const bus = new EventBus();
    const logs = new LogStore(bus);
    const deps = {
      EventBus: bus,
      MCPBridge: { getLog: (name: string) => logs.list(name), getLoggingLevel: () => undefined },
    };
    const view = await fixture<McpLogView>(
      html`<mcp-log-view .deps=${deps as never} server-name="flood"></mcp-log-view>`,
    );
    // 200 messages to a task, as a network chunk delivers them.
    for (let chunk = 0; chunk < FLOOD / 200; chunk += 1) {
      for (let i = 0; i < 200; i += 1) logs.add('flood', { level: 'info', data: `message ${chunk * 200 + i}` });
      await new Promise((r) => setTimeout(r, 0));
    }
    const root = view.shadowRoot!;
    expect(MAX_LOG_ENTRIES).to.equal(1000);
    await waitFor(() => deepText(root).includes('Showing 1,000 of 1,000 messages'), 5000, 'the count of kept messages');
    // The person is told the log is not the whole story: what was dropped, and how much is kept (once the view
    // has read the last of the flood; it reads at most ten times a second).
    const dropped = `${(FLOOD - MAX_LOG_ENTRIES).toLocaleString('en')} older messages are no longer kept: the log keeps the newest 1,000 of each server.`;
    const droppedText = () => root.querySelector('[data-role="log-dropped"]')?.textContent?.replace(/\s+/g, ' ').trim();
    await waitFor(() => droppedText() === dropped, 5000, `"${dropped}" (the view says: "${droppedText()}")`);
    await docImage(view, 'log-after-flood');
    expect(root.querySelector('[role="list"]')!.getAttribute('aria-label')).to.equal('Log of flood');
    // The box that scrolls the rows, as a person scrolls it (wheel, keys, scrollbar).
    const box = root.querySelector<HTMLElement>('.rows')!;
    expect(box.scrollHeight).to.be.above(box.clientHeight * 10);
    await frames();

    // The oldest kept message is at the top; the rows say their place in the whole list.
    const top = visibleRows(box);
    expect(top.length).to.be.above(3);
    expect(top[0]!.textContent).to.contain(`message ${FLOOD - MAX_LOG_ENTRIES}`);
    expect(top[0]!.getAttribute('aria-posinset')).to.equal('1');
    expect(top[0]!.getAttribute('aria-setsize')).to.equal('1000');

    // Scrolled to the end, the newest message is in view.
    box.scrollTop = box.scrollHeight;
    await waitFor(
      async () => {
        await frames(2);
        box.scrollTop = box.scrollHeight;
        return visibleRows(box).some((row) => row.textContent!.includes(`message ${FLOOD - 1}`));
      },
      5000,
      'the newest message after scrolling to the end',
    );
    const last = visibleRows(box).at(-1)!;
    expect(last.getAttribute('aria-posinset')).to.equal('1000');

    // Anywhere in between, each row shows the message at its place.
    box.scrollTop = box.scrollHeight / 2;
    await frames();
    const middle = visibleRows(box);
    expect(middle.length).to.be.above(3);
    for (const row of middle) {
      const place = Number(row.getAttribute('aria-posinset'));
      expect(place).to.be.within(2, 999);
      expect(row.querySelector('.data')!.textContent).to.equal(`message ${FLOOD - MAX_LOG_ENTRIES + place - 1}`);
    }

    // Search finds the earliest kept message.
    const search = root.querySelector<HTMLInputElement>('[data-control="search"]')!;
    search.value = `message ${FLOOD - MAX_LOG_ENTRIES}`;
    search.dispatchEvent(new Event('input'));
    await waitFor(() => deepText(root).includes('Showing 1 of 1,000 messages'), 5000, 'the search count');
    await frames();
    const found = visibleRows(root.querySelector<HTMLElement>('.rows')!);
    expect(found.map((row) => row.querySelector('.data')!.textContent)).to.deep.equal([
      `message ${FLOOD - MAX_LOG_ENTRIES}`,
    ]);

    // Export writes every kept message, not only the rows in view.
    search.value = '';
    search.dispatchEvent(new Event('input'));
    await waitFor(() => deepText(root).includes('Showing 1,000 of 1,000 messages'), 5000, 'the full count again');
    const [file] = await captureDownloads(() =>
      root.querySelector<HTMLButtonElement>('[data-action="export-log"]')!.click(),
    );
    const exported = JSON.parse(file!.text) as { entries: Array<{ data: string }> };
    expect(exported.entries).to.have.length(MAX_LOG_ENTRIES);
    expect(exported.entries[0]!.data).to.equal(`message ${FLOOD - MAX_LOG_ENTRIES}`);
    expect(exported.entries.at(-1)!.data).to.equal(`message ${FLOOD - 1}`);
    await expect(view).to.be.accessible();
  });
});
