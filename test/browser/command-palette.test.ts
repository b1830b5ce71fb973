import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { McpCommandPalette } from '../../src/shell/palette/command-palette.js';
import { deepQuery } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen } from '../support/dashboard.js';
import { useDashboard } from '../support/setup.js';

// Issue 28, item 2: the command palette (Ctrl/⌘+K) against real servers through the real gateway — jump to a
// tool, open a screen, change a setting, run a saved call (through the policy's dialog), all from the keyboard.

const env = useDashboard({
  mcpServers: {
    everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true },
    memory: { command: 'mcp-server-memory' },
  },
  ready: ['everything', 'memory'],
});

function palette(): McpCommandPalette {
  return env.dashboard.shadowRoot!.querySelector('mcp-command-palette')!;
}
function field(): HTMLInputElement | null {
  return palette().shadowRoot!.querySelector('input');
}
function options(): HTMLElement[] {
  return [...palette().shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];
}
function status(): string {
  return palette().shadowRoot!.querySelector('[role="status"]')?.textContent?.trim() ?? '';
}

/** Ctrl+K as a person presses it, then the query typed into the field. */
async function openAndType(query: string): Promise<void> {
  (document.activeElement as HTMLElement | null)?.blur();
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'k' });
  await sendKeys({ up: 'Control' });
  await waitFor(() => palette().shadowRoot?.querySelector('dialog')?.open, 5000, 'the palette to open');
  const input = field()!;
  expect(palette().shadowRoot!.activeElement, 'the search field has focus').to.equal(input);
  await sendKeys({ type: query });
  await palette().updateComplete;
}

describe('command palette (Ctrl/⌘+K)', function () {
  this.timeout(60_000);

  it('typing a tool name lists it first with its server, announces the count, and Enter shows its form in the card', async () => {
    await openAndType('echo');
    const first = options()[0]!;
    expect(first.dataset.entry).to.equal('tool:everything:echo');
    expect(first.getAttribute('aria-selected')).to.equal('true');
    expect(field()!.getAttribute('aria-activedescendant')).to.equal(first.id);
    expect(first.textContent).to.contain('Tool');
    expect(first.textContent).to.contain('everything');
    expect(status()).to.match(/^\d+ match(es)?$/);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !palette().shadowRoot?.querySelector('dialog')?.open, 5000, 'the palette to close');
    const card = await env.card('everything');
    const runner = await waitFor(
      () => deepQuery('mcp-tool-runner', card.shadowRoot!) as (HTMLElement & { tool?: { name: string } }) | undefined,
      10_000,
      'the echo form in the card',
    );
    await waitFor(() => runner.tool?.name === 'echo', 5000, 'the runner to show echo');
  });

  it('arrow keys move the active option (announced through aria-activedescendant); Escape closes and gives focus back', async () => {
    const before = env.dashboard.shadowRoot!.querySelector<HTMLButtonElement>('mcp-app-bar [data-action="search"]')!;
    before.focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'k' });
    await sendKeys({ up: 'Control' });
    await waitFor(() => palette().shadowRoot?.querySelector('dialog')?.open, 5000, 'the palette to open');
    await sendKeys({ type: 'memory' });
    await palette().updateComplete;
    expect(options().length).to.be.greaterThan(2);
    await sendKeys({ press: 'ArrowDown' });
    await palette().updateComplete;
    expect(field()!.getAttribute('aria-activedescendant')).to.equal(options()[1]!.id);
    expect(options()[1]!.getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowUp' });
    await palette().updateComplete;
    expect(field()!.getAttribute('aria-activedescendant'), 'Up from the first wraps to the last').to.equal(
      options().at(-1)!.id,
    );
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !palette().shadowRoot?.querySelector('dialog')?.open, 5000, 'the palette to close');
    await waitFor(() => env.dashboard.shadowRoot!.activeElement === before, 2000, 'focus back on the Search button');
  });

  it('a screen and a setting: "audit" opens the audit log, "dark" switches the theme', async () => {
    await openAndType('audit');
    expect(options()[0]!.dataset.entry).to.equal('setting::audit');
    await sendKeys({ press: 'Enter' });
    const audit = env.dashboard.shadowRoot!.querySelector('mcp-audit-panel')!;
    await waitFor(() => audit.shadowRoot?.querySelector('dialog')?.open, 10_000, 'the audit log');
    (audit.shadowRoot!.querySelector('[data-action="close-audit"]') as HTMLButtonElement).click();
    await openAndType('theme dark');
    expect(options()[0]!.dataset.entry).to.equal('setting::mode:dark');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => env.dashboard.services!.theme.mode === 'dark', 5000, 'the dark theme');
    env.dashboard.services!.configuration.set('theme.mode', 'light');
  });

  it('a saved call runs from the palette, through the confirmation dialog, and its run is kept', async () => {
    const panel = (await env.dashboard.savedCalls!.open())!;
    const saved = await panel.store!.save({
      name: 'Say hello from the palette',
      serverName: 'everything',
      toolName: 'echo',
      args: { message: 'hello palette' },
    });
    panel.close();
    await openAndType('say hello');
    expect(options()[0]!.dataset.entry).to.equal(`saved-call:everything:${saved.id}`);
    expect(options()[0]!.textContent).to.contain('Run saved call');
    await sendKeys({ press: 'Enter' });
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('hello palette');
    answerDialog(env.dashboard, 'confirm');
    await waitFor(() => (panel.store!.get(saved.id)?.runs.length ?? 0) === 1, 15_000, 'the run to be kept');
    expect(JSON.stringify(panel.store!.get(saved.id)!.runs[0]!.result)).to.contain('hello palette');
    panel.close();
  });

  it('wall screen: "wall" hides the bars and enlarges everything; it rotates through the dashboards without growing; Escape leaves', async () => {
    const bar = env.dashboard.shadowRoot!.querySelector('mcp-app-bar')!;
    const fontSize = getComputedStyle(document.documentElement).fontSize;
    await openAndType('wall');
    expect(options()[0]!.dataset.entry).to.equal('setting::wall');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => env.dashboard.hasAttribute('wall'), 5000, 'the wall screen');
    await env.dashboard.updateComplete;
    expect(getComputedStyle(bar).display).to.equal('none');
    expect(getComputedStyle(env.dashboard.shadowRoot!.querySelector('.layout-bar')!).display).to.equal('none');
    expect(parseFloat(getComputedStyle(document.documentElement).fontSize)).to.equal(parseFloat(fontSize) * 1.5);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !env.dashboard.hasAttribute('wall'), 5000, 'Escape to leave the wall screen');
    expect(getComputedStyle(bar).display).not.to.equal('none');
    expect(getComputedStyle(document.documentElement).fontSize).to.equal(fontSize);
    // Rotation through two dashboards, many times: the same dashboards are shown again, nothing piles up.
    const store = env.dashboard.layoutStore()!;
    env.dashboard.layout.newDashboard();
    await env.dashboard.updateComplete;
    const ids = store.dashboards().map((d) => d.id);
    expect(ids).to.have.length(2);
    const first = store.active()!.id;
    const wall = await env.dashboard.enterWallScreen({ rotateSeconds: 0.2, scale: 120 });
    const seen: string[] = [];
    await waitFor(
      () => {
        const id = store.active()!.id;
        if (seen.at(-1) !== id) seen.push(id);
        return seen.length >= 6;
      },
      10_000,
      'six dashboards shown in turn',
    );
    const nodes = env.dashboard.shadowRoot!.querySelectorAll('*').length;
    const before = seen.length;
    await waitFor(
      () => {
        const id = store.active()!.id;
        if (seen.at(-1) !== id) seen.push(id);
        return seen.length >= before + 10;
      },
      10_000,
      'ten more',
    );
    expect(new Set(seen)).to.deep.equal(new Set(ids));
    expect(seen.every((id, i) => i === 0 || id !== seen[i - 1])).to.equal(true);
    expect(env.dashboard.shadowRoot!.querySelectorAll('*').length, 'no element piles up').to.equal(nodes);
    wall.exit();
    store.setActive(first);
    store.removeDashboard(ids.find((id) => id !== first)!);
  });

  it('nothing matching says so', async () => {
    await openAndType('zzqqxx-nothing');
    expect(options()).to.have.length(0);
    expect(status()).to.equal('Nothing matches "zzqqxx-nothing".');
    await sendKeys({ press: 'Escape' });
  });
});
