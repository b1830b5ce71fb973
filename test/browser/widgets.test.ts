import { expect } from '@open-wc/testing';
import { deepQuery, deepQueryAll, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, fillAndInvoke, selectTool } from '../support/dashboard.js';
import { useDashboard } from '../support/setup.js';

// The five standard widgets and the rest of MCPBridge against the real server-everything, through
// the real gateway, in a real <mcp-dashboard>.
describe('standard widgets and MCPBridge features against server-everything', () => {
  const dbName = `widgets-test-${Date.now()}`;

  const env = useDashboard({
    mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'] } },
    dbName,
  });

  it('MCP-WP-6.2.1 / 6.2.6 tools/list_changed: the tools the server adds after initialize appear without a reload', async () => {
    const card = await env.card('everything');
    const events: string[] = [];
    const off = env.dashboard.services!.bus.on('mcp:server:list-changed', (d: { kind: string }) => events.push(d.kind));
    // server-everything registers sampling/elicitation/roots tools once it sees our client capabilities.
    await waitFor(
      () =>
        (
          deepQuery('mcp-server-panel-widget', card.shadowRoot!) as unknown as {
            info?: { tools: Array<{ name: string }> };
          }
        )?.info?.tools.some((t) => t.name === 'trigger-sampling-request'),
      15_000,
      `the conditional tools (header says ${card.status?.primaryMetric}; list-changed events: ${events.join(',')})`,
    );
    off();
    const widget = deepQuery('mcp-server-panel-widget', card.shadowRoot!) as unknown as {
      info: { tools: Array<{ name: string }> };
    };
    expect(widget.info.tools.map((t) => t.name)).to.include.members([
      'trigger-sampling-request',
      'trigger-elicitation-request',
      'get-roots-list',
    ]);
  });

  it('MCP-WP-7.1.1 the tool list shows title, name, description, what it requires and hints; search finds by description', async () => {
    const card = await env.card('everything');
    await selectTool(card, 'structured');
    const item = await waitFor(
      () => deepQueryText<HTMLButtonElement>('button.tool-item', 'get-structured-content', card.shadowRoot!),
      5000,
      'item',
    );
    expect(item.textContent).to.match(/Requires: location/);
    expect(item.textContent).to.contain('output schema');
  });

  it('progress notifications drive a progress bar; Cancel stops the call and sends notifications/cancelled', async () => {
    const card = await env.card('everything');
    const seen: Array<{ event: string; data: any }> = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:*', (data, meta) => seen.push({ event: meta.event, data }));
    const runner = await selectTool(card, 'trigger-long-running-operation');
    await fillAndInvoke(runner, { duration: '20', steps: '20' });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const bar = await waitFor(
      () => deepQuery<HTMLProgressElement>('progress', runner.shadowRoot!),
      10_000,
      'the progress bar',
    );
    await waitFor(() => bar.value >= 1, 5000, 'progress');
    expect(bar.max).to.equal(20);
    deepQuery<HTMLButtonElement>('[data-action="cancel-call"]', runner.shadowRoot!)!.click();
    await waitFor(
      () => deepText(runner.shadowRoot!).includes('the server was told to stop'),
      5000,
      'the cancelled note',
    );
    off();
    const cancelled = seen.find((e) => e.event === 'mcp:tool:cancelled');
    expect(cancelled?.data.sent).to.equal(true);
    expect(
      seen.some((e) => e.event === 'mcp:tool:result' && e.data.toolName === 'trigger-long-running-operation'),
    ).to.equal(false);
  });

  it('MCP-WP-6.2.7 a server sampling/createMessage opens the sampling dialog; the reply the person writes goes back', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'trigger-sampling-request');
    await fillAndInvoke(runner, { prompt: 'What is 2+2?' });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const sampling = env.dashboard.shadowRoot!.querySelector('mcp-sampling-dialog')!;
    await waitFor(() => sampling.shadowRoot?.querySelector('dialog')?.open, 10_000, 'the sampling dialog');
    expect(deepText(sampling.shadowRoot!)).to.contain('What is 2+2?');
    (sampling.shadowRoot!.querySelector('textarea') as HTMLTextAreaElement).value = 'Four, written by a person.';
    (sampling.shadowRoot!.querySelector('[data-action="send"]') as HTMLButtonElement).click();
    await waitFor(
      () => deepText(runner.shadowRoot!).includes('Four, written by a person.'),
      10_000,
      'the sampled reply in the result',
    );
    expect(deepText(runner.shadowRoot!)).to.contain('human (mcp-dashboard)');
  });

  it('MCP-WP-6.2.9 a widget createMessage goes through the same dialog and unknown fields pass through', async () => {
    const card = await env.card('everything');
    const widget = deepQuery('mcp-server-panel-widget', card.shadowRoot!) as unknown as {
      deps: { MCPBridge: { createMessage: (s: string, r: object) => Promise<any> } };
    };
    const requests: any[] = [];
    const off = env.dashboard.services!.bus.on('mcp:sampling:requested', (d: { request: unknown }) =>
      requests.push(d.request),
    );
    const pending = widget.deps.MCPBridge.createMessage('everything', {
      messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
      maxTokens: 10,
      'x-future': { keep: true },
    });
    const sampling = env.dashboard.shadowRoot!.querySelector('mcp-sampling-dialog')!;
    await waitFor(() => sampling.shadowRoot?.querySelector('dialog')?.open, 5000, 'the sampling dialog');
    expect(deepText(sampling.shadowRoot!)).to.contain('The widget server-panel:everything');
    (sampling.shadowRoot!.querySelector('[data-action="decline"]') as HTMLButtonElement).click();
    let error: any;
    try {
      await pending;
    } catch (e) {
      error = e;
    }
    off();
    expect(error?.message).to.contain('declined');
    expect(requests[0]['x-future']).to.deep.equal({ keep: true });
  });

  it('elicitation/create becomes a form from the requested schema; the answer goes back to the server', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'trigger-elicitation-request');
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const elicit = env.dashboard.shadowRoot!.querySelector('mcp-elicitation-dialog')!;
    await waitFor(() => elicit.shadowRoot?.querySelector('dialog')?.open, 10_000, 'the elicitation dialog');
    const form = elicit.shadowRoot!.querySelector('mcp-schema-form')!;
    await form.updateComplete;
    const label = deepQueryAll<HTMLLabelElement>('label', form.shadowRoot!).find((l) =>
      l.textContent!.trim().startsWith('String'),
    )!;
    const input = form.shadowRoot!.getElementById(label.htmlFor) as HTMLInputElement;
    input.value = 'Ada Lovelace';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await form.updateComplete;
    (form.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(
      () => deepText(runner.shadowRoot!).includes('Name: Ada Lovelace'),
      10_000,
      `the accepted answer; dialog says: ${deepText(elicit.shadowRoot!).slice(0, 300)}`,
    );
  });

  it('MCP-WP-7.2.1 the resource explorer widget: chosen per server, persisted, with subscriptions showing updates', async () => {
    let card = await env.card('everything');
    const select = card.shadowRoot!.querySelector('select') as HTMLSelectElement;
    select.value = 'resource-explorer';
    select.dispatchEvent(new Event('change'));
    await waitFor(() => deepQuery('mcp-resource-explorer-widget', card.shadowRoot!), 10_000, 'the resource explorer');
    // The choice survives a reload of the dashboard (Configuration in IndexedDB).
    await env.mount({ dbName });
    card = await env.card('everything');
    const widget = await waitFor(
      () => deepQuery('mcp-resource-explorer-widget', card.shadowRoot!),
      10_000,
      'the persisted choice',
    );
    const item = await waitFor(
      () => deepQueryText<HTMLButtonElement>('ul[aria-label="Resources"] button', 'text/', widget.shadowRoot!),
      5000,
      'a text resource',
    );
    expect(item.textContent).to.match(/demo:\/\//);
    item.click();
    const watch = await waitFor(
      () => deepQueryText<HTMLButtonElement>('button', 'Watch for changes', widget.shadowRoot!),
      10_000,
      'the watch button',
    );
    watch.click();
    // server-everything sends notifications/resources/updated for subscribed URIs once this tool runs.
    await env.dashboard.services!.bridge.callTool('everything', 'toggle-subscriber-updates', {});
    await waitFor(() => deepText(widget.shadowRoot!).includes('Updated at'), 12_000, 'an update notification');
    deepQueryText<HTMLButtonElement>('button', 'Stop watching', widget.shadowRoot!)!.click();
    await env.dashboard.services!.bridge.callTool('everything', 'toggle-subscriber-updates', {});
  });

  it('MCP-WP-11.5.7 the status widget shows state as icon and text, and the activity log charts latency', async () => {
    let card = await env.card('everything');
    const select = card.shadowRoot!.querySelector('select') as HTMLSelectElement;
    select.value = 'activity-log';
    select.dispatchEvent(new Event('change'));
    const log = await waitFor(() => deepQuery('mcp-activity-log-widget', card.shadowRoot!), 10_000, 'the activity log');
    await env.dashboard.services!.bridge.callTool('everything', 'echo', { message: 'one' });
    await env.dashboard.services!.bridge.callTool('everything', 'echo', { message: 'two' });
    await waitFor(() => deepQuery('svg[role="img"]', log.shadowRoot!), 5000, 'the latency chart');
    // The log is fed by the host's history: the calls made before the switch are there too.
    const label = deepQuery('svg[role="img"]', log.shadowRoot!)!.getAttribute('aria-label')!;
    expect(label).to.match(/(\d+) calls; median \d+ ms/);
    expect(Number(/(\d+) calls/.exec(label)![1])).to.be.at.least(3);
    expect(deepText(log.shadowRoot!)).to.contain('echo').and.to.contain('toggle-subscriber-updates');
    card = await env.card('everything');
    const s2 = card.shadowRoot!.querySelector('select') as HTMLSelectElement;
    s2.value = 'server-status';
    s2.dispatchEvent(new Event('change'));
    const status = await waitFor(
      () => deepQuery('mcp-server-status-widget', card.shadowRoot!),
      10_000,
      'the status widget',
    );
    await waitFor(() => /Active|Idle/.test(deepText(status.shadowRoot!)), 5000, 'state text');
    expect(deepQuery('[aria-hidden="true"]', status.shadowRoot!)!.textContent!.trim()).to.not.equal('');
    await expect(card).to.be.accessible();
  });
});
