import { expect } from '@open-wc/testing';
import DOMPurify from 'dompurify';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { sanitizeToFragment } from '../../widgets/kit/widget/sanitize.js';
import { Instrumentation } from '../../widgets/kit/test-kit/instrument.js';
import { deepQuery, deepQueryAll, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, fillAndInvoke, openTab, selectTool } from '../support/dashboard.js';
import { useDashboard } from '../support/setup.js';
import { payloadRunsAsHtml, XSS_PAYLOAD } from '../support/xss.js';

// MCP-WP-11.1.3 (tool text is sanitised before any HTML rendering) and 11.5.4 (dynamic changes reach
// screen readers through live regions), with real servers through the real gateway.

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** The nearest live region around `node` (crossing shadow roots): aria-live, or a role that implies it. */
function liveRegionOf(node: Node): Element | undefined {
  let current: Node | null = node;
  while (current) {
    if (
      current instanceof Element &&
      (current.hasAttribute('aria-live') || ['status', 'alert', 'log'].includes(current.getAttribute('role') ?? ''))
    )
      return current;
    current = current.parentNode ?? (current instanceof ShadowRoot ? current.host : null);
  }
  return undefined;
}

/** Records every text a live region shows while `run` goes on. */
async function textsOf(region: Element, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [(region.textContent ?? '').replace(/\s+/g, ' ').trim()];
  const observer = new MutationObserver(() => seen.push((region.textContent ?? '').replace(/\s+/g, ' ').trim()));
  observer.observe(region, { subtree: true, childList: true, characterData: true });
  try {
    await run();
  } finally {
    observer.disconnect();
  }
  return seen;
}

describe('tool text and announcements', () => {
  const env = useDashboard({
    mcpServers: {
      everything: { command: 'mcp-server-everything', args: ['stdio'] },
      hostile: { command: 'node', args: ['test/fixtures/hostile-server.mjs'] },
    },
  });

  it('control: the payload runs when put into the page as HTML, so the sentinel can flip', payloadRunsAsHtml);

  it('MCP-WP-11.1.3 built-in widgets never render tool text as HTML: no HTML sink outside DOMPurify receives it and nothing runs', async () => {
    const card: McpWidgetCard = await env.card('hostile');
    // Every HTML sink is recorded; DOMPurify (the only HTML path, widgets/kit/widget/sanitize.ts) is allowed to parse.
    const sinks = new Instrumentation();
    let insidePurify = 0;
    const sanitize = DOMPurify.sanitize;
    const purified: unknown[] = [];
    DOMPurify.sanitize = ((...args: Parameters<typeof sanitize>) => {
      insidePurify += 1;
      purified.push(args[0]);
      try {
        return sanitize.apply(DOMPurify, args);
      } finally {
        insidePurify -= 1;
      }
    }) as typeof sanitize;
    const outsidePurify: Array<{ sink: string; value: string }> = [];
    sinks.install();
    const watch = setInterval(() => {
      for (const s of sinks.htmlSinks.splice(0))
        if (insidePurify === 0 && s.value.includes('__xss')) outsidePurify.push(s);
    }, 5);
    delete window.__xss;
    try {
      // Text, an SVG image, a javascript: link, an embedded text/html resource and HTML in structuredContent.
      const runner = await selectTool(card, 'html-result');
      await fillAndInvoke(runner, {});
      await dialogOpen(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      await waitFor(() => deepText(runner).includes('Embedded <img src=x'), 10_000, 'the result');
      // The same result as the activity log shows it.
      await openTab(card, 'Activity');
      const details = await waitFor(
        () => deepQuery<HTMLDetailsElement>('details', card.shadowRoot!),
        5000,
        'the activity entry',
      );
      details.open = true;
      // A text/html resource and a prompt whose message carries the payload.
      await openTab(card, 'Resources');
      (
        await waitFor(
          () =>
            deepQueryText<HTMLButtonElement>('ul[aria-label="Resources"] button', 'Resource <img', card.shadowRoot!),
          5000,
          'the resource',
        )
      ).click();
      await waitFor(() => deepText(card).includes('Contents <img src=x'), 10_000, 'the resource contents');
      await openTab(card, 'Prompts');
      (
        await waitFor(
          () => deepQueryText<HTMLButtonElement>('ul[aria-label="Prompts"] button', 'Prompt <img', card.shadowRoot!),
          5000,
          'the prompt',
        )
      ).click();
      const prompts = deepQuery('mcp-prompt-runner', card.shadowRoot!)!;
      await fillAndInvoke(prompts, { who: 'someone' }, 'Get prompt');
      await waitFor(() => deepText(card).includes('Message <img src=x'), 10_000, 'the prompt message');
      await settle();
      for (const s of sinks.htmlSinks.splice(0))
        if (insidePurify === 0 && s.value.includes('__xss')) outsidePurify.push(s);
    } finally {
      clearInterval(watch);
      sinks.uninstall();
      DOMPurify.sanitize = sanitize;
    }
    expect(outsidePurify.map((s) => `${s.sink}: ${s.value.slice(0, 80)}`)).to.deep.equal([]);
    expect(window.__xss).to.equal(undefined);
    expect(deepQueryAll('img', env.dashboard).filter((img) => img.getAttribute('src') === 'x')).to.have.length(0);
    // Shown, as text.
    expect(deepText(card)).to.contain('Message <img src=x onerror=');
    // The built-ins have no HTML preview today, so DOMPurify was not even needed; a future one must use it.
    expect(purified.filter((v) => String(v).includes('__xss'))).to.deep.equal([]);
  });

  it("MCP-WP-11.1.3 the kit's only HTML path, sanitizeToFragment, runs DOMPurify: handlers and script are gone before the page sees them", async () => {
    delete window.__xss;
    const fragment = sanitizeToFragment(
      `<p>Kept <b>bold</b></p>${XSS_PAYLOAD}<script>window.__xss=(window.__xss||0)+1</script><a href="javascript:window.__xss=1">x</a>`,
    );
    // DOMPurify reports what it removed from its last call.
    expect(DOMPurify.removed.length).to.be.above(0);
    const host = document.createElement('div');
    host.append(fragment);
    document.body.append(host);
    try {
      await settle();
      expect(host.querySelector('b')?.textContent).to.equal('bold');
      expect(host.querySelector('script')).to.equal(null);
      expect(host.querySelector('img')?.hasAttribute('onerror') ?? false).to.equal(false);
      expect(host.querySelector('a')?.getAttribute('href') ?? null).to.equal(null);
      expect(window.__xss).to.equal(undefined);
    } finally {
      host.remove();
    }
  });

  it("MCP-WP-11.5.4 a tool call's waiting, result and error land in a live region that was on the page before the change", async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'Echo');
    const region = await waitFor(
      () => runner.shadowRoot!.querySelector('[data-live="tool-status"]'),
      5000,
      'the live region',
    );
    expect(region.getAttribute('aria-live')).to.equal('polite');
    const texts = await textsOf(region, async () => {
      await fillAndInvoke(runner, { message: 'announce me' });
      await dialogOpen(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      await waitFor(() => region.textContent?.includes('Completed'), 10_000, 'the completion');
    });
    expect(region.isConnected).to.equal(true);
    expect(texts.some((t) => t.includes('Waiting for your confirmation'))).to.equal(true);
    expect(texts.at(-1)).to.match(/Completed in \d+ ms: 1 text block\./);
    // The result itself is outside the region (a long result is not read out), right after it.
    expect(liveRegionOf(deepQuery('mcp-result-view', runner.shadowRoot!)!)).to.equal(undefined);

    // An error: an alert inside the same region.
    const hostile = await env.card('hostile');
    const failing = await selectTool(hostile, 'json-rpc-error');
    const failRegion = failing.shadowRoot!.querySelector('[data-live="tool-status"]')!;
    await fillAndInvoke(failing, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const alert = await waitFor(
      () => deepQueryText('[role="alert"]', 'Server says no', failing.shadowRoot!),
      10_000,
      'the error',
    );
    expect(failRegion.contains(alert)).to.equal(true);
    expect(liveRegionOf(alert)).to.equal(alert);
  });

  it('MCP-WP-11.5.4 progress of a long call is announced in the live region', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'trigger-long-running-operation');
    const region = runner.shadowRoot!.querySelector('[data-live="tool-status"]')!;
    const texts = await textsOf(region, async () => {
      await fillAndInvoke(runner, { duration: '2', steps: '4' });
      await dialogOpen(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      await waitFor(() => region.textContent?.includes('Completed'), 20_000, 'the completion');
    });
    expect(
      texts.some((t) => /Running… \d+ of 4/.test(t)),
      texts.join(' | '),
    ).to.equal(true);
    expect(region.querySelector('progress')).to.equal(null);
    expect(texts.some((t) => t.startsWith('Running'))).to.equal(true);
  });

  it('MCP-WP-11.5.4 the activity log announces each new entry, and the tool list its match count', async () => {
    const card = await env.card('everything');
    await openTab(card, 'Activity');
    const table = await waitFor(() => deepQuery('mcp-activity-table', card.shadowRoot!), 5000, 'the activity table');
    const region = table.shadowRoot!.querySelector('[data-live="activity"]')!;
    expect(region.getAttribute('aria-live')).to.equal('polite');
    const texts = await textsOf(region, async () => {
      // A call made by the host (not from this tab): the log still says what happened.
      env.dashboard.services!.bus.emit('mcp:tool:invoke-requested', {
        serverName: 'everything',
        toolName: 'echo',
        args: { message: 'from the host' },
      });
      await dialogOpen(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      await waitFor(() => /Latest: tool echo, ok, \d+ ms\./.test(region.textContent ?? ''), 10_000, 'the announcement');
    });
    expect(texts.at(-1)).to.match(/Latest: tool echo, ok/);
    await openTab(card, 'Tools');
    const list = await waitFor(() => deepQuery('mcp-tool-list', card.shadowRoot!), 5000, 'the tool list');
    const count = list.shadowRoot!.querySelector('[role="status"]')!;
    const input = list.shadowRoot!.querySelector('input[type="search"]') as HTMLInputElement;
    input.value = 'echo';
    input.dispatchEvent(new Event('input'));
    await (list as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(list.shadowRoot!.querySelector('[role="status"]')).to.equal(count);
    expect(count.textContent).to.match(/^\d+ of \d+ tools match$/);
  });
});
