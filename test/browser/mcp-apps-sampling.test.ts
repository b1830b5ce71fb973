import { expect } from '@open-wc/testing';
import { deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { openThroughWidget, viewReady, viewReport } from '../support/apps.js';
import { evalInView } from '../support/views.js';
import { useDashboard } from '../support/setup.js';

// sampling/createMessage from an MCP App view (MCP Apps 2026-01-26, `sampling` host capability): the same sampling
// dialog as a server's or a widget's, naming the app and its server. The dashboard has no model: the person writes
// the reply, and only that goes back to the app; declining reaches the app as an error.

type Answered = { ok?: { role: string; content: { type: string; text: string }; model: string }; error?: string };

describe('MCP Apps: a view asks for a language-model reply and the person writes it', () => {
  let viewId: string;
  const env = useDashboard({
    mcpServers: { hostile: { command: 'node', args: ['test/fixtures/hostile-app-server.mjs'] } },
    ready: ['hostile'],
  });

  before(async () => {
    const card = await env.card('hostile');
    const opened = await openThroughWidget(env.dashboard, card, 'hostile', 'downloader');
    viewId = await viewReady(opened.frame);
    await viewReport(opened.handle, (r) => r.started === true);
  });

  const request = {
    messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the budget in one line.' } }],
    maxTokens: 60,
  };
  const ask = () => evalInView(viewId, `return window.ask('sampling/createMessage', ${JSON.stringify(request)});`);
  // (A command that answers null is taken for an unknown one: "still waiting" is an object.)
  const answered = () =>
    waitFor(
      async () => {
        const r = await evalInView<Answered & { pending?: true }>(
          viewId,
          'return window.answered ?? { pending: true };',
        );
        return r.pending ? undefined : r;
      },
      10_000,
      "the view's answer",
    );
  const dialog = () =>
    waitFor(
      () => {
        const d = env.dashboard.shadowRoot!.querySelector('mcp-sampling-dialog');
        return d?.shadowRoot?.querySelector('dialog')?.open ? d : undefined;
      },
      10_000,
      'the sampling dialog',
    );

  it('the dialog names the app and its server and shows the conversation; what the person writes goes back', async () => {
    await ask();
    const box = await dialog();
    const text = deepText(box.shadowRoot!).replace(/\s+/g, ' ');
    expect(text).to.contain('The app Downloader from the server "hostile" asks for a language-model reply');
    expect(text).to.contain('Summarise the budget in one line.');
    box.shadowRoot!.querySelector('textarea')!.value = 'Spend is on plan.';
    box.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="send"]')!.click();
    const answer = await answered();
    expect(answer.ok?.role).to.equal('assistant');
    expect(answer.ok?.content).to.deep.equal({ type: 'text', text: 'Spend is on plan.' });
  });

  it('declining sends nothing back but an error the app can show', async () => {
    await ask();
    const box = await dialog();
    box.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="decline"]')!.click();
    const answer = await answered();
    expect(answer.ok).to.equal(undefined);
    expect(answer.error).to.match(/declined/i);
  });
});
