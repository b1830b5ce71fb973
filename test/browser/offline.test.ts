import { expect } from '@open-wc/testing';
import { deepQuery, deepText } from '../support/dom.js';
import { killServers, waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, fillAndInvoke, selectTool } from '../support/dashboard.js';
import { createScratchDir, readScratchFile, removeScratchDir, writeScratchFile } from '../support/scratch.js';
import { useDashboard } from '../support/setup.js';

// OfflineCache (MCP-WP §6.6, 10.3) with a server that really goes away: test/fixtures/flaky-server.mjs
// exits at start while its state file says "down", so after its process is killed the gateway keeps
// restarting it in vain; writing "up" lets the next restart succeed. Its log file shows exactly what was
// sent, in order.

type Bus = { event: string; data: Record<string, unknown> };

describe('Offline: cached results, Send when back online, ordered flush, conflicts', () => {
  let scratch: string;
  const events: Bus[] = [];

  const lines = async () => ((await readScratchFile(scratch, 'log.txt')) ?? '').split('\n').filter(Boolean);
  const runnerText = (runner: HTMLElement, text: string, ms = 15_000) =>
    waitFor(() => deepText(runner.shadowRoot!).includes(text), ms, `"${text}" in the runner`);
  const invoker = () => env.dashboard.services!.invoker;
  /** A call the person makes from the dashboard itself and chooses to send when the server is back. */
  const queueAsPerson = (line: string, extra: Record<string, unknown> = {}) =>
    invoker().invoke(
      { serverName: 'flaky', toolName: 'append', args: { line, ...extra } },
      { surface: 'user', id: 'host' },
      { whenOnline: true },
    );

  before(async () => {
    scratch = await createScratchDir();
    await writeScratchFile(scratch, 'state', 'up');
    await writeScratchFile(scratch, 'log.txt', '');
  });
  const env = useDashboard({
    mcpServers: () => ({
      flaky: { command: 'node', args: ['test/fixtures/flaky-server.mjs'], env: { FLAKY_DIR: scratch } },
    }),
  });

  before(async () => {
    expect((await env.card('flaky')).phase).to.equal('ready');
    env.dashboard.services!.bus.on('mcp:*', (data, meta) =>
      events.push({ event: meta.event, data: (data ?? {}) as Record<string, unknown> }),
    );
  });

  after(() => removeScratchDir(scratch));

  it('MCP-WP-6.6.1 / 6.6.3 / 10.3.1 / 10.3.2 a cached result with its age while the server is down; confirmed calls wait, go out in order when it is back; a failure is a conflict the person resolves; nothing unconfirmed is sent', async () => {
    const card = await env.card('flaky');
    // 1. Online: the read-only tool's result is kept.
    const reader = await selectTool(card, 'Read log');
    await fillAndInvoke(reader, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(reader, 'Completed');
    const cachedAt = Date.now();

    // 2. The server goes away: its process is killed and every restart exits at once.
    await writeScratchFile(scratch, 'state', 'down');
    await killServers(env.gateway);
    await waitFor(
      async () =>
        (await env.dashboard.services!.gateway.listServers()).find((s) => s.name === 'flaky')?.state === 'restarting',
      15_000,
      'the gateway restarting the server',
    );

    // 3. The same read: no dialog is needed to show what was kept, marked as cached with its age.
    await fillAndInvoke(reader, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(reader, 'Cached result');
    const cachedView = deepQuery('[data-offline="cached"]', reader.shadowRoot!)!;
    expect(cachedView.textContent).to.match(/Cached result, \d+ s old/);
    expect(Date.now() - cachedAt).to.be.greaterThan(0);
    expect(deepText(cachedView)).to.contain('[]');
    await waitFor(
      () =>
        events.some(
          (e) => e.event === 'mcp:host:connectivity' && e.data.serverName === 'flaky' && e.data.online === false,
        ),
      5000,
      'mcp:host:connectivity offline',
    );

    // 4. Appends while it is down: one the person does not choose to queue (sentinel), two queued in order, one cancelled in the dialog.
    const appender = await selectTool(card, 'Append a line');
    await fillAndInvoke(appender, { line: 'not-chosen' });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(appender, 'Send when back online');
    const one = queueAsPerson('one');
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const two = queueAsPerson('two');
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const cancelled = queueAsPerson('cancelled-in-the-dialog').catch((error: Error) => error.message);
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'cancel');
    expect(await cancelled).to.contain('cancelled');
    // The runner's own call, tried while down and then queued with its button: it expects 5 lines, which the log will not have (a conflict).
    await fillAndInvoke(appender, { line: 'three', expectLines: '5' });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(appender, 'Send when back online');
    appender.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="send-when-online"]')!.click();
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(appender, 'Waiting to send');
    expect(deepText(appender.shadowRoot!)).to.contain('number 3 in line');
    const four = queueAsPerson('four');
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await waitFor(
      () => env.dashboard.services!.agents.offline.queue.pending('flaky').length === 4,
      5000,
      'four calls queued',
    );
    expect(await lines(), 'nothing reached the server while it was down').to.deep.equal([]);

    // 5. Back: the next restart succeeds; the queue goes out in order; the conflict holds what follows it.
    await writeScratchFile(scratch, 'state', 'up');
    expect((await one).content).to.deep.equal([{ type: 'text', text: 'appended line 1: one' }]);
    expect((await two).content).to.deep.equal([{ type: 'text', text: 'appended line 2: two' }]);
    await runnerText(appender, 'The queued call failed when it was sent: Conflict: expected 5 lines, the log has 2.');
    expect(
      events.some((e) => e.event === 'mcp:host:offline-error' && String(e.data.message).includes('Conflict')),
    ).to.equal(true);
    expect(
      events.some(
        (e) => e.event === 'mcp:host:connectivity' && e.data.serverName === 'flaky' && e.data.online === true,
      ),
    ).to.equal(true);
    const notices = env.dashboard.shadowRoot!.querySelector('mcp-host-notices')!;
    await waitFor(
      () => deepText(notices.shadowRoot!).includes('A call queued for "flaky" failed when it was sent'),
      5000,
      'the host notice',
    );
    expect(await lines()).to.deep.equal(['one', 'two'], '"four" waits behind the conflict');

    // 6. The person discards the conflict: "four" goes out; the unconfirmed calls never did.
    appender.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="conflict-discard"]')!.click();
    expect((await four).content).to.deep.equal([{ type: 'text', text: 'appended line 3: four' }]);
    expect(await lines()).to.deep.equal(['one', 'two', 'four']);
    expect(env.dashboard.services!.agents.offline.queue.pending()).to.deep.equal([]);
    expect(env.dashboard.services!.agents.offline.conflicts()).to.deep.equal([]);
  });
});
