import { expect } from '@open-wc/testing';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { deepQuery, deepQueryAll, deepQueryText, deepText } from '../support/dom.js';
import { killServers, startGateway, stopGateway, waitFor } from '../support/gateway.js';
import {
  answerDialog,
  dialogOpen,
  fillAndInvoke,
  mountDashboard,
  openTab,
  readyCard,
  selectTool,
} from '../support/dashboard.js';
import { useDashboard } from '../support/setup.js';
import { payloadRunsAsHtml } from '../support/xss.js';

async function settle(ms = 300): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

/** Every <img> whose src is the payload's "x" — an injected element, if one ever appears. */
function injectedImages(root: ParentNode): Element[] {
  return deepQueryAll('img', root).filter((img) => img.getAttribute('src') === 'x');
}

describe('hostile server data and broken servers', () => {
  let card: McpWidgetCard;

  const env = useDashboard({
    mcpServers: { hostile: { command: 'node', args: ['test/fixtures/hostile-server.mjs'] } },
  });

  before(async () => {
    card = await env.card('hostile');
    expect(card.phase, card.error).to.equal('ready');
  });

  it('control: the payload does run when put into the page as HTML (so the sentinel can flip)', payloadRunsAsHtml);

  it('MCP-WP-11.1.2 tool names, titles, descriptions, fields, results render as text and run nothing', async () => {
    delete window.__xss;
    const runner = await selectTool(card, 'Title <img');
    await fillAndInvoke(runner, {});
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('xss-tool-<img src=x onerror="window.__xss=1">');
    answerDialog(env.dashboard, 'confirm');
    await waitFor(() => deepQuery('mcp-result-view', runner.shadowRoot!), 10_000, 'the result');
    await settle();
    const shown = deepText(card);
    expect(shown).to.contain('Description <img src=x onerror=');
    expect(shown).to.contain('Text <img src=x onerror=');
    expect(shown).to.contain('Embedded <img src=x onerror=');
    expect(shown).to.contain('"html": "<img src=x onerror=');
    expect(injectedImages(env.dashboard)).to.have.length(0);
    expect(deepQueryAll('script', card).length).to.equal(0);
    // The SVG image (with an onload handler) is refused, and the javascript: link is not a link.
    expect(shown).to.contain('cannot be shown safely');
    expect(
      deepQueryAll('a', card).filter((a) => (a.getAttribute('href') ?? '').startsWith('javascript:')),
    ).to.have.length(0);
    expect(window.__xss).to.equal(undefined);
  });

  it('MCP-WP-5.4.2 resource names, URIs and contents, and prompt text, render as text', async () => {
    delete window.__xss;
    await openTab(card, 'Resources');
    const item = await waitFor(
      () => deepQueryText<HTMLButtonElement>('ul[aria-label="Resources"] button', 'Resource <img', card.shadowRoot!),
      5000,
      'resource',
    );
    item.click();
    await waitFor(() => deepText(card).includes('Contents <img src=x'), 10_000, 'resource contents');
    await openTab(card, 'Prompts');
    const prompt = await waitFor(
      () => deepQueryText<HTMLButtonElement>('ul[aria-label="Prompts"] button', 'Prompt <img', card.shadowRoot!),
      5000,
      'prompt',
    );
    prompt.click();
    await openTab(card, 'Overview');
    await settle();
    expect(deepText(card)).to.contain('Instructions <img src=x');
    expect(injectedImages(env.dashboard)).to.have.length(0);
    expect(window.__xss).to.equal(undefined);
  });

  it('MCP-WP-11.2.3 arguments that fail inputSchema are refused before sending, with errors inline and linked', async () => {
    const calls: unknown[] = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:calling', (d) => calls.push(d));
    const runner = await selectTool(card, 'strict-args');
    await fillAndInvoke(runner, { count: '9' });
    const form = deepQuery('mcp-schema-form', runner.shadowRoot!)!;
    const invalid = await waitFor(
      () => {
        const inputs = deepQueryAll<HTMLInputElement>('[aria-invalid="true"]', form.shadowRoot!);
        return inputs.length >= 2 ? inputs : undefined;
      },
      5000,
      'inline errors',
    );
    for (const input of invalid) {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      const messages = ids.map((id) => form.shadowRoot!.getElementById(id)?.textContent ?? '').join(' ');
      expect(messages).to.match(/must be <= 5|is required/);
    }
    const dialog = env.dashboard.shadowRoot!.querySelector('mcp-confirm-dialog')!.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).to.equal(false);
    off();
    expect(calls).to.deep.equal([]);
  });

  it('MCP-WP-9.1.3 a result of the wrong shape gives a clear error, not a crash', async () => {
    const runner = await selectTool(card, 'bad-shape');
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const alert = await waitFor(
      () => deepQueryText('[role="alert"]', 'wrong shape', runner.shadowRoot!),
      10_000,
      'the shape error',
    );
    expect(alert.textContent).to.contain('content');
    expect(alert.textContent).to.contain('-32603');
  });

  it('MCP-WP-9.1.2 a JSON-RPC error shows its code, message (as text) and guidance that fits it (a refusal: no Try again)', async () => {
    delete window.__xss;
    const runner = await selectTool(card, 'json-rpc-error');
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const alert = await waitFor(
      () => deepQueryText('[role="alert"]', 'Server says no', runner.shadowRoot!),
      10_000,
      'the JSON-RPC error',
    );
    expect(alert.textContent).to.contain('-32050');
    expect(alert.textContent).to.contain('<img src=x');
    // "Server says no" is a refusal: trying again unchanged cannot help, so no Try again is offered.
    expect(alert.textContent).to.match(/refused this request\. Trying it again unchanged will not help/);
    expect(alert.querySelector('[data-action="retry"]')).to.equal(null);
    await settle();
    expect(window.__xss).to.equal(undefined);
  });

  it('a server that exits mid-call: the call fails with a specific message, the gateway restarts it, the next call works', async () => {
    const runner = await selectTool(card, 'crash');
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const alert = await waitFor(
      () => deepQueryText('[role="alert"]', 'exited', runner.shadowRoot!),
      15_000,
      'the crash error',
    );
    expect(alert.textContent).to.contain('with code 3');
    expect(alert.textContent).to.contain('while handling "tools/call"');
    const again = await selectTool(card, 'strict-args');
    await waitFor(
      async () => {
        const servers = await env.dashboard.services!.gateway.listServers();
        return servers[0]!.state === 'running' && servers[0]!.restarts >= 1;
      },
      15_000,
      'the restart',
    );
    await fillAndInvoke(again, { count: '2', mode: 'fast' });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await waitFor(() => deepQueryText('pre', 'count=2', again.shadowRoot!), 10_000, 'a result after the restart');
  });

  it('a killed server process is restarted and its stderr is readable from the card', async () => {
    const killed = await killServers(env.gateway);
    expect(killed.length).to.be.greaterThan(0);
    await waitFor(
      async () => (await env.dashboard.services!.gateway.listServers())[0]!.restarts >= 2,
      15_000,
      'a second restart',
    );
    const log = await env.dashboard.services!.gateway.stderr('hostile');
    expect(log).to.contain('crashing on purpose');
    expect(log).to.match(/exited on signal SIGKILL/);
    expect(log).to.contain('restarted');
  });
});

describe('gateway problems seen from the page', () => {
  it('a stale token (gateway restarted) is explained in a banner', async () => {
    const gateway = await startGateway({ mcpServers: {} });
    const dashboard = await mountDashboard(gateway, 'not-the-token');
    try {
      const banner = await waitFor(() => dashboard.shadowRoot!.querySelector('.banner'), 10_000, 'the banner');
      expect(banner.textContent).to.contain('no longer accepts this page\u2019s access');
      expect(banner.textContent).to.contain('Press Enter in the terminal');
      expect(banner.textContent).to.contain('Dashboard ready');
    } finally {
      dashboard.remove();
      await stopGateway(gateway);
    }
  });

  it('a gateway that goes away is reported, and widgets stay on the page', async () => {
    const gateway = await startGateway({
      mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'] } },
    });
    const dashboard = await mountDashboard(gateway);
    try {
      const card = await readyCard(dashboard, 'everything');
      expect(card.phase).to.equal('ready');
      await stopGateway(gateway);
      const banner = await waitFor(() => dashboard.shadowRoot!.querySelector('.banner'), 15_000, 'the banner');
      expect(banner.textContent).to.contain('Cannot reach the gateway');
      expect(deepQuery('mcp-server-panel-widget', card.shadowRoot!)).to.exist;
      const runner = await selectTool(card, 'Echo');
      await fillAndInvoke(runner, { message: 'after the gateway left' });
      await dialogOpen(dashboard);
      answerDialog(dashboard, 'confirm');
      await waitFor(
        () => deepQueryText('[role="alert"]', 'Error', runner.shadowRoot!),
        15_000,
        'a visible error for the call',
      );
    } finally {
      dashboard.remove();
      await stopGateway(gateway);
    }
  });
});
