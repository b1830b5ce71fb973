import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { deepQuery, deepQueryAll, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, fillAndInvoke, openTab, searchTools, selectTool } from '../support/dashboard.js';
import { useDashboard } from '../support/setup.js';

declare global {
  interface Window {
    __xss?: number;
  }
}

// The "Bad input" through the real gateway in a real <mcp-dashboard>: thousands of tools,
// 5 MB results, list items of the wrong shape and unusable input schemas. The dashboard must degrade
// with a message, stay usable, and never be asked to lay out megabytes at once.
const HUGE = 5 * 1024 * 1024;

/** Characters of text a card puts on the page (through shadow roots). */
function pageChars(card: McpWidgetCard): number {
  return deepText(card).length;
}

/** Runs `action` with anchor downloads captured instead of performed; returns the saved blobs' text. */
async function captureDownloads(action: () => void | Promise<void>): Promise<Array<{ name: string; text: string }>> {
  const saved: Array<Promise<{ name: string; text: string }>> = [];
  const original = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.download && this.href.startsWith('blob:'))
      saved.push(fetch(this.href).then(async (r) => ({ name: this.download, text: await r.text() })));
    else original.call(this);
  };
  try {
    await action();
  } finally {
    HTMLAnchorElement.prototype.click = original;
  }
  return Promise.all(saved);
}

/** Confirms the open dialog for a call and waits for the runner's result view. */
async function confirmAndWaitForResult(
  dashboard: McpDashboard,
  runner: HTMLElement,
  timeoutMs = 30_000,
): Promise<HTMLElement> {
  await dialogOpen(dashboard);
  answerDialog(dashboard, 'confirm');
  return waitFor(() => deepQuery('mcp-result-view', runner.shadowRoot!), timeoutMs, 'the result');
}

describe('bad input through the gateway', () => {
  const env = useDashboard({
    mcpServers: {
      hostile: { command: 'node', args: ['test/fixtures/hostile-server.mjs'] },
      malformed: { command: 'node', args: ['test/fixtures/malformed-lists-server.mjs'] },
      synthetic: { command: 'node', args: ['bench/synthetic-server.mjs', '--tools', '5000'] },
    },
  });

  it('MCP-WP-9.1.3 5,000 tools: the tool browser loads them, search finds one, selecting and invoking it works', async () => {
    const card = await env.card('synthetic', 60_000);
    expect(card.phase, card.error).to.equal('ready');
    const select = card.shadowRoot!.querySelector('select') as HTMLSelectElement;
    select.value = 'tool-browser';
    select.dispatchEvent(new Event('change'));
    const widget = await waitFor(
      () => deepQuery('mcp-tool-browser-widget', card.shadowRoot!),
      10_000,
      'the tool browser',
    );
    const list = await waitFor(() => deepQuery('mcp-tool-list', widget.shadowRoot!), 5000, 'the tool list');
    // Counts are formatted for the locale: 5,000 in English.
    expect(list.shadowRoot!.textContent).to.contain('5,000 tools');
    // Virtualised: rows exist only where the list is on screen, and only a handful; it scrolls inside its own box.
    list.scrollIntoView({ block: 'center' });
    const rows = await waitFor(
      () =>
        deepQueryAll('[role="listitem"]', list.shadowRoot!).length
          ? deepQueryAll('[role="listitem"]', list.shadowRoot!)
          : undefined,
      10_000,
      'rows',
    );
    expect(rows.length).to.be.below(100);
    expect(card.getBoundingClientRect().height).to.be.below(3000);
    await searchTools(widget.shadowRoot!, 'number 4321');
    expect((list as unknown as { matchCount: number }).matchCount).to.equal(1);
    const button = await waitFor(
      () => deepQueryText<HTMLButtonElement>('button.tool-item', 'Tool 4321', widget.shadowRoot!),
      5000,
      'the found tool',
    );
    button.click();
    const runner = await waitFor(() => deepQuery('mcp-tool-runner', widget.shadowRoot!), 5000, 'the runner');
    await waitFor(() => deepText(runner).includes('Tool 4321'), 5000, 'the chosen tool in the runner');
    await fillAndInvoke(runner, { id: '7' });
    expect(await dialogOpen(env.dashboard)).to.contain('tool-4321');
    answerDialog(env.dashboard, 'confirm');
    await waitFor(() => deepText(runner).includes('tool-4321 {"id":7}'), 15_000, 'the result of tool-4321');
  });

  it('MCP-WP-9.1.3 a 5 MB text result is shown truncated with a message, more on request and all as a file; another card stays operable meanwhile', async () => {
    delete window.__xss;
    const card = await env.card('hostile');
    const runner = await selectTool(card, 'huge-text');
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    // While 5 MB travel and render, a call on another card goes through and shows its result.
    const other = await env.card('malformed');
    const otherRunner = await selectTool(other, 'good-tool');
    await fillAndInvoke(otherRunner, { word: 'meanwhile' });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await waitFor(
      () => deepText(otherRunner).includes('called good-tool with {"word":"meanwhile"}'),
      30_000,
      'the other card\u2019s result',
    );

    const view = await waitFor(() => deepQuery('mcp-result-view', runner.shadowRoot!), 30_000, 'the 5 MB result');
    const longText = await waitFor(() => deepQuery('mcp-long-text', view.shadowRoot!), 5000, 'the truncated text');
    await (longText as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    const note = longText.shadowRoot!.querySelector('[role="note"]')!;
    expect(note.textContent).to.contain(`of ${HUGE.toLocaleString()} characters (5.0 MB)`);
    expect(note.textContent).to.contain('so the page stays responsive');
    // The page holds the first step of the text, not 5 MB of it.
    expect(pageChars(card)).to.be.below(200_000);
    const before = deepText(longText).length;
    (longText.shadowRoot!.querySelector('[data-action="show-more"]') as HTMLButtonElement).click();
    await (longText as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    const after = deepText(longText).length;
    expect(after - before).to.be.within(40_000, 60_000);
    const [file] = await captureDownloads(() =>
      (longText.shadowRoot!.querySelector('[data-action="save-all"]') as HTMLButtonElement).click(),
    );
    expect(file!.name).to.equal('result-1.txt');
    expect(file!.text.length).to.equal(HUGE);
    expect(file!.text.startsWith('line 0000001 ')).to.equal(true);
    expect(file!.text).to.contain('END OF HUGE TEXT <img src=x');
    // The Activity tab keeps the call for inspection, also truncated.
    await openTab(card, 'Activity');
    const table = await waitFor(() => deepQuery('mcp-activity-table', card.shadowRoot!), 5000, 'the activity table');
    await waitFor(() => deepQuery('mcp-long-text', table.shadowRoot!), 5000, 'the truncated activity entry');
    expect(pageChars(card)).to.be.below(400_000);
    expect(window.__xss).to.equal(undefined);
  });

  it('MCP-WP-9.1.3 a 5 MB structuredContent is shown truncated with a message and saved whole as JSON', async () => {
    const card = await env.card('hostile');
    const runner = await selectTool(card, 'huge-structured');
    await fillAndInvoke(runner, {});
    const view = await confirmAndWaitForResult(env.dashboard, runner);
    expect(deepText(view)).to.contain('A 5 MB structured result.');
    expect(deepText(view)).to.contain('Structured content');
    const longText = await waitFor(
      () => deepQuery('mcp-long-text', view.shadowRoot!),
      5000,
      'the truncated structured content',
    );
    await (longText as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(longText.shadowRoot!.querySelector('[role="note"]')!.textContent).to.match(
      /Showing the first [\d,]+ of [\d,]+ characters \([\d.]+ MB\)/,
    );
    expect(pageChars(card)).to.be.below(200_000);
    const [file] = await captureDownloads(() =>
      (longText.shadowRoot!.querySelector('[data-action="save-all"]') as HTMLButtonElement).click(),
    );
    expect(file!.name).to.equal('structured-content.json');
    const parsed = JSON.parse(file!.text) as { rows: Array<{ name: string }> };
    expect(file!.text.length).to.be.above(HUGE);
    expect(parsed.rows.at(-1)!.name).to.equal('END OF HUGE STRUCTURED');
  });

  it('MCP-WP-9.1.3 wrong shapes in tools/list, resources/list and prompts/list: the card says what was left out and why; the good items work', async () => {
    const card = await env.card('malformed');
    expect(card.phase, card.error).to.equal('ready');
    const notice = await waitFor(
      () => card.shadowRoot!.querySelector('.list-problems'),
      10_000,
      'the notice about malformed entries',
    );
    const text = notice.textContent!.replace(/\s+/g, ' ');
    expect(notice.getAttribute('role')).to.equal('status');
    expect(text).to.contain('5 of 6 tools were left out because they do not have the shape MCP requires');
    expect(text).to.contain('tool #2 — name: expected string, received undefined');
    expect(text).to.contain(
      'tool #4 — name: expected string, received number; inputSchema: expected object, received string',
    );
    expect(text).to.contain('3 of 4 resources were left out');
    expect(text).to.contain('resource #2 — uri: expected string');
    expect(text).to.contain('3 of 4 prompts were left out');
    expect(text).to.contain('prompt #4 — arguments: expected array, received string');
    expect(text).to.contain('resources/templates/list with something that is not a list');
    expect(card.status?.primaryMetric).to.equal('1 tool, 1 resource, 1 prompt');
    // The well-formed entries work.
    const runner = await selectTool(card, 'good-tool');
    await fillAndInvoke(runner, { word: 'still works' });
    await confirmAndWaitForResult(env.dashboard, runner);
    await waitFor(
      () => deepText(runner).includes('called good-tool with {"word":"still works"}'),
      10_000,
      'the result',
    );
    await openTab(card, 'Resources');
    const resource = await waitFor(
      () => deepQueryText<HTMLButtonElement>('ul[aria-label="Resources"] button', 'Good resource', card.shadowRoot!),
      5000,
      'the good resource',
    );
    resource.click();
    await waitFor(() => deepText(card).includes('good contents'), 10_000, 'the resource contents');
    await openTab(card, 'Prompts');
    await waitFor(
      () => deepQueryText('ul[aria-label="Prompts"] button', 'good-prompt', card.shadowRoot!),
      5000,
      'the good prompt',
    );
    // A refresh lists again and keeps saying so.
    (card.shadowRoot!.querySelector('button[aria-label="Refresh malformed"]') as HTMLButtonElement).click();
    await new Promise((r) => setTimeout(r, 500));
    // Said again once the new list is in (on a busy machine the refresh may take longer than the pause).
    await waitFor(
      () => card.shadowRoot!.querySelector('.list-problems')?.textContent?.includes('5 of 6 tools were left out'),
      5000,
      'the problem said again after the refresh',
    );
  });

  it('MCP-WP-11.2.3 a tool whose input schema cannot be used is refused before anything is sent, saying why', async () => {
    const card = await env.card('hostile');
    const calls: unknown[] = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:calling', (d) => calls.push(d));
    try {
      for (const [tool, reason] of [
        ['schema-network-ref', 'never fetched'],
        ['schema-invalid', 'is not valid JSON Schema'],
        ['schema-self-ref', 'point at each other in a loop'],
      ] as const) {
        const runner = await selectTool(card, tool);
        await fillAndInvoke(runner, {});
        const alert = await waitFor(
          () => deepQueryText('[role="alert"]', 'cannot be called from the dashboard', runner.shadowRoot!),
          10_000,
          `the refusal of ${tool}`,
        );
        expect(alert.textContent).to.contain(
          `"${tool}" cannot be called from the dashboard: its input schema cannot be used`,
        );
        expect(alert.textContent).to.contain(reason);
        expect(alert.textContent).to.contain('The dashboard blocked this operation.');
        const dialog = env.dashboard
          .shadowRoot!.querySelector('mcp-confirm-dialog')!
          .shadowRoot!.querySelector('dialog')!;
        expect(dialog.open).to.equal(false);
      }
      expect(calls).to.deep.equal([]);
    } finally {
      off();
    }
  });

  it("MCP-WP-11.2.3 recursive and huge input schemas go through the form, the host's check and the call", async () => {
    const card = await env.card('hostile');
    const recursive = await selectTool(card, 'schema-recursive');
    await fillAndInvoke(recursive, { label: 'root' });
    await confirmAndWaitForResult(env.dashboard, recursive);
    await waitFor(
      () => deepText(recursive).includes('schema-recursive received {"tree":{"label":"root"'),
      10_000,
      'the recursive result',
    );

    const huge = await selectTool(card, 'schema-huge');
    const form = await waitFor(() => deepQuery('mcp-schema-form', huge.shadowRoot!), 5000, 'the form');
    expect(deepText(form)).to.contain('more than 300 fields, so it opens as JSON');
    await fillAndInvoke(huge, { 'Value as JSON': '{"field1999": "last", "field0": 5}' });
    // field0 must be a string: the host says so next to the JSON, nothing is sent.
    await waitFor(
      () => deepQueryText('[role="alert"]', 'must be string', form.shadowRoot!),
      10_000,
      'the inline problem',
    );
    await fillAndInvoke(huge, { 'Value as JSON': '{"field1999": "last"}' });
    await confirmAndWaitForResult(env.dashboard, huge);
    await waitFor(
      () => deepText(huge).includes('schema-huge received {"field1999":"last"}'),
      10_000,
      'the huge-schema result',
    );
  });
});
