import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepActive, deepQuery, deepQueryText, deepText } from '../support/dom.js';
import { DEFAULT_SERVERS, waitFor } from '../support/gateway.js';
import {
  answerDialog,
  dialogOpen,
  fillAndInvoke,
  mountDashboard,
  readyCard,
  selectTool,
} from '../support/dashboard.js';
import { useDashboard } from '../support/setup.js';

describe('dashboard end to end: real gateway, real servers, real Chromium', () => {
  const env = useDashboard({
    mcpServers: { ...DEFAULT_SERVERS, broken: { command: 'mcp-dashboard-no-such-command-xyz' } },
  });

  it('MCP-WP-10.1.2 shows one live card per configured server with state as icon and text', async () => {
    for (const name of ['everything', 'basic-vanillajs', 'system-monitor']) {
      const card = await env.card(name);
      expect(card.phase, `${name}: ${card.error}`).to.equal('ready');
      await waitFor(() => card.status, 5000, `status of ${name}`);
      const header = card.shadowRoot!.querySelector('header')!;
      expect(header.textContent).to.match(/(Idle|Active)/);
      expect(header.querySelector('.status [aria-hidden="true"]')!.textContent!.trim()).to.not.equal('');
    }
    const everything = await env.card('everything');
    expect(everything.status!.primaryMetric).to.match(/\d+ tools?, \d+ resources?, \d+ prompts?/);
  });

  it('a status poll that finds nothing new does not re-render the card; a new status shows at the next poll', async () => {
    const card = await env.card('everything');
    await waitFor(() => card.status, 5000, 'the first status');
    const poll = () => (card as unknown as { pollStatus(): void }).pollStatus();
    let renders = 0;
    const render = card.render.bind(card);
    card.render = () => {
      renders += 1;
      return render();
    };
    try {
      for (let i = 0; i < 5; i += 1) {
        poll();
        await card.updateComplete;
      }
      expect(renders, 'renders after five polls with nothing new').to.equal(0);
      // A call makes the server active: the next poll shows it (on a busy machine the card's own poll may
      // have shown it already; either way the card was drawn again and says Active after the poll).
      const runner = await selectTool(card, 'Echo');
      await fillAndInvoke(runner, { message: 'poll' });
      await dialogOpen(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      await waitFor(() => deepQueryText('pre', 'Echo: poll', runner.shadowRoot!), 10_000, 'the echo result');
      poll();
      await card.updateComplete;
      expect(renders, 'the new status was drawn').to.be.above(0);
      expect(card.shadowRoot!.querySelector('header')!.textContent).to.contain('Active');
    } finally {
      delete (card as unknown as { render?: unknown }).render;
    }
  });

  it('a server that cannot start shows an error card naming its config entry (not the command); the rest keep working', async () => {
    const broken = await env.card('broken');
    expect(broken.phase).to.equal('error');
    // The diagnosis is rendered by the connection doctor inside the card (its own shadow root).
    const doctor = await waitFor(
      () => broken.shadowRoot!.querySelector('mcp-connection-doctor')?.shadowRoot?.textContent,
      10_000,
      'the connection doctor',
    );
    const text = broken.shadowRoot!.textContent! + doctor;
    expect(text).to.contain('mcp-dashboard-no-such-command-xyz');
    expect(text).to.contain('not found');
    expect(text).to.contain('Error');
    expect((await env.card('everything')).phase).to.equal('ready');
  });

  it('MCP-WP-11.2.1 a tool call round-trips: form, Invoke, confirmation, result; focus returns to Invoke', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'Echo');
    const invoke = await fillAndInvoke(runner, { message: 'hello dashboard' });
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('Let everything run Echo Tool?');
    expect(text).to.contain('"message": "hello dashboard"');
    answerDialog(env.dashboard, 'confirm');
    const result = await waitFor(
      () => deepQueryText('pre', 'Echo: hello dashboard', runner.shadowRoot!),
      10_000,
      'the echo result',
    );
    expect(result).to.exist;
    expect(deepActive() === invoke, 'focus is back on the Invoke button').to.equal(true);
  });

  it('cancelling the dialog sends nothing and says so', async () => {
    const card = await env.card('everything');
    const calls: string[] = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string }) => calls.push(d.toolName));
    const runner = await selectTool(card, 'Echo');
    await fillAndInvoke(runner, { message: 'never sent' });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'cancel');
    await waitFor(() => deepText(runner.shadowRoot!).includes('nothing was sent'), 5000, 'the cancelled note');
    off();
    expect(calls).to.deep.equal([]);
  });

  it('Escape cancels the dialog and focus goes back to the Invoke button', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'Echo');
    const invoke = await fillAndInvoke(runner, { message: 'escape' });
    await dialogOpen(env.dashboard);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => deepText(runner.shadowRoot!).includes('nothing was sent'), 5000, 'the cancelled note');
    expect(deepActive() === invoke, 'focus is back on the Invoke button').to.equal(true);
  });

  it('MCP-WP-11.2.4 a widget calling MCPBridge.callTool directly still meets the dialog', async () => {
    const card = await env.card('everything');
    const widget = deepQuery('mcp-server-panel-widget', card.shadowRoot!) as unknown as {
      deps: { MCPBridge: { callTool: (s: string, t: string, a: object) => Promise<unknown> } };
    };
    const pending = widget.deps.MCPBridge.callTool('everything', 'echo', { message: 'direct' });
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('Let everything run Echo Tool?');
    expect(text).to.contain('Requested by');
    answerDialog(env.dashboard, 'cancel');
    let error: { jsonrpcCode?: number; message?: string } | undefined;
    try {
      await pending;
    } catch (e) {
      error = e as typeof error;
    }
    expect(error?.message).to.contain('cancelled');
  });

  it('forged host events from a widget are refused', async () => {
    const card = await env.card('everything');
    const widget = deepQuery('mcp-server-panel-widget', card.shadowRoot!) as unknown as {
      deps: { EventBus: { emit: (e: string, d: unknown) => void } };
    };
    const seen: unknown[] = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:result', (d) => seen.push(d));
    expect(() =>
      widget.deps.EventBus.emit('mcp:tool:result', {
        serverName: 'everything',
        toolName: 'echo',
        result: { content: [] },
      }),
    ).to.throw(/only the host/);
    off();
    expect(seen).to.deep.equal([]);
  });

  it('MCP-WP-7.2.1 reads a resource and previews it; MCP-WP-7.3.1 gets a prompt with arguments', async () => {
    const card = await env.card('everything');
    const widget = deepQuery('mcp-server-panel-widget', card.shadowRoot!)!;
    deepQueryText<HTMLButtonElement>('[role="tab"]', 'Resources', widget.shadowRoot!)!.click();
    const first = await waitFor(
      () => deepQueryText<HTMLButtonElement>('ul[aria-label="Resources"] button', 'demo://', widget.shadowRoot!),
      5000,
      'a resource',
    );
    expect(first.textContent).to.contain('text/');
    first.click();
    await waitFor(() => deepQuery('mcp-result-view', widget.shadowRoot!), 10_000, 'resource preview');
    deepQueryText<HTMLButtonElement>('[role="tab"]', 'Prompts', widget.shadowRoot!)!.click();
    const prompt = await waitFor(
      () => deepQueryText<HTMLButtonElement>('ul.list button', 'Arguments Prompt', widget.shadowRoot!),
      5000,
      'args prompt',
    );
    expect(prompt.textContent).to.contain('Requires: city');
    expect(prompt.textContent).to.contain('optional: state');
  });

  it('a removed dashboard gives back its connections: eight dashboards in turn on one page each load their cards', async function () {
    this.timeout(120_000);
    // A browser allows six connections per origin; a dashboard that kept its event stream after
    // removal would leave the seventh waiting for ever.
    for (let i = 0; i < 8; i += 1) {
      const another = await mountDashboard(env.gateway);
      try {
        const card = await readyCard(another, 'everything', 15_000);
        expect(card.phase, `dashboard #${i + 1}: ${card.error}`).to.equal('ready');
      } finally {
        another.remove();
      }
    }
  });

  it('passes axe-core on the dashboard with live widgets', async () => {
    await env.card('everything');
    await expect(env.dashboard).to.be.accessible();
  });
});
