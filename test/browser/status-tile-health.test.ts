import { expect } from '@open-wc/testing';
import { deepText } from '../support/dom.js';
import { killServers, waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, fillAndInvoke, selectTool } from '../support/dashboard.js';
import { createScratchDir, removeScratchDir, writeScratchFile } from '../support/scratch.js';
import { useDashboard } from '../support/setup.js';

// A status tile's last hour (issue 28, item 4): calls, errors and a latency sparkline from the host's history,
// and a server in error that stands out. test/fixtures/flaky-server.mjs answers `read-log`, answers `append` with
// an error result when its expected line count is wrong, and exits at start while its state file says "down".

describe('status tiles show health: calls, errors and latency over the last hour', () => {
  let scratch: string;
  before(async () => {
    scratch = await createScratchDir();
    await writeScratchFile(scratch, 'state', 'up');
    await writeScratchFile(scratch, 'log.txt', '');
  });
  after(() => removeScratchDir(scratch));

  const env = useDashboard({
    mcpServers: () => ({
      flaky: { command: 'node', args: ['test/fixtures/flaky-server.mjs'], env: { FLAKY_DIR: scratch } },
      everything: { command: 'mcp-server-everything', args: ['stdio'] },
    }),
    viewport: { width: 1280, height: 720 },
  });

  const tile = (server: string) =>
    env.dashboard.shadowRoot!.querySelector<HTMLElement>(`mcp-tile[data-tile-id="status-${server}"] mcp-status-tile`)!;
  const health = (server: string) => tile(server).shadowRoot!.querySelector<HTMLElement>('mcp-health-line');
  const healthText = (server: string) => health(server)?.shadowRoot?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const healthSays = (server: string, text: string | RegExp) =>
    waitFor(
      () => (typeof text === 'string' ? healthText(server).includes(text) : text.test(healthText(server))),
      15_000,
      `the ${server} tile to say ${String(text)} (it says "${healthText(server)}")`,
    );
  async function call(tool: string, values: Record<string, string>): Promise<void> {
    const runner = await selectTool(await env.card('flaky'), tool);
    await fillAndInvoke(runner, values);
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await waitFor(() => /Completed|Failed|error/i.test(deepText(runner.shadowRoot!)), 15_000, `${tool} to finish`);
  }

  it('no calls yet: the tile says so, and its lines fit the tile', async () => {
    await env.card('flaky');
    await healthSays('flaky', 'No calls in the last hour');
    await healthSays('everything', 'No calls in the last hour');
    const box = tile('flaky').shadowRoot!.querySelector<HTMLElement>('.tile')!;
    expect(box.scrollHeight, 'nothing cut at the bottom').to.be.at.most(box.clientHeight + 1);
    expect(health('flaky')!.shadowRoot!.querySelector('svg'), 'no line without calls').to.equal(null);
  });

  it('a call made in a panel shows in its tile: one call, no errors, its latency as the line’s only point', async () => {
    await call('Read log', {});
    await healthSays('flaky', '1 call · no errors · last hour');
    const svg = health('flaky')!.shadowRoot!.querySelector('svg')!;
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.match(/^Latency over the last hour: median \d+ ms, slowest \d+ ms$/);
    expect(svg.querySelectorAll('circle.dot')).to.have.length(1);
    // The other server's tile counts only its own calls.
    expect(healthText('everything')).to.equal('No calls in the last hour');
  });

  it('a call that fails is counted as an error, in the error colour, and marked on the line', async () => {
    await call('Append a line', { line: 'x', expectLines: '99' });
    await healthSays('flaky', '2 calls · 1 error · last hour');
    const root = health('flaky')!.shadowRoot!;
    expect(root.querySelector('polyline.line')!.getAttribute('points')!.split(' ')).to.have.length(2);
    expect(root.querySelectorAll('circle.failed')).to.have.length(1);
    const errorColour = getComputedStyle(root.querySelector('.text.errors')!).color;
    expect(errorColour).to.not.equal(getComputedStyle(health('everything')!.shadowRoot!.querySelector('.text')!).color);
    const box = tile('flaky').shadowRoot!.querySelector<HTMLElement>('.tile')!;
    expect(box.scrollHeight, 'the health line fits the tile').to.be.at.most(box.clientHeight + 1);
  });

  it('a server in error stands out: a red band and a tinted tile, its last hour still shown', async () => {
    // A healthy tile to compare with: everything's, once it is connected (the tests before never waited for it; in
    // one loaded run its tile was still in error here). Read now: the style object is live, and killing the servers
    // puts every tile in error for a moment.
    await env.card('everything');
    const healthy = await waitFor(
      () => tile('everything')?.shadowRoot?.querySelector<HTMLElement>('.tile:not(.error)'),
      20_000,
      'the everything tile out of error',
    );
    const ok = getComputedStyle(healthy);
    const [okShadow, okBackground] = [ok.boxShadow, ok.backgroundColor];
    expect(okShadow).to.equal('none');
    await writeScratchFile(scratch, 'state', 'down');
    const killed = await killServers(env.gateway);
    expect(killed.length, 'server processes killed').to.be.greaterThan(0);
    const box = await waitFor(
      () => tile('flaky').shadowRoot!.querySelector<HTMLElement>('.tile.error'),
      20_000,
      'the flaky tile in error',
    );
    const style = getComputedStyle(box);
    expect(style.boxShadow, 'the band').to.match(/inset/);
    expect(style.backgroundColor).to.not.equal(okBackground);
    expect(healthText('flaky')).to.contain('2 calls · 1 error · last hour');
    await writeScratchFile(scratch, 'state', 'up');
  });
});
