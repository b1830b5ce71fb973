import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpServerStatus } from '../../src/shell/card/server-status.js';
import { waitFor } from '../support/gateway.js';
import { SERVERS, announced, editMode, mount, profileName, settle, tiles } from '../support/layout.js';
import { useDashboard } from '../support/setup.js';

// Named dashboards as tabs with the keyboard, renaming one, and the one status/error region
// that a server panel's header and a compact status tile share.

function tabs(dashboard: McpDashboard): HTMLButtonElement[] {
  return [...dashboard.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="tablist"] [role="tab"]')];
}

function selected(dashboard: McpDashboard): string {
  return (
    tabs(dashboard)
      .find((t) => t.getAttribute('aria-selected') === 'true')
      ?.textContent?.trim() ?? ''
  );
}

function focusedTab(dashboard: McpDashboard): string {
  const el = dashboard.shadowRoot!.activeElement;
  return el?.getAttribute('role') === 'tab'
    ? (el.textContent?.trim() ?? '')
    : `(focus on ${el?.localName ?? 'nothing'})`;
}

function shownBoard(dashboard: McpDashboard): string {
  const board = dashboard.shadowRoot!.querySelector('section[role="tabpanel"]:not([hidden])')!;
  return dashboard.shadowRoot!.getElementById(board.getAttribute('aria-labelledby')!)?.textContent?.trim() ?? '';
}

async function newDashboard(dashboard: McpDashboard): Promise<void> {
  const count = tabs(dashboard).length;
  dashboard.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="new-dashboard"]')!.click();
  await waitFor(() => tabs(dashboard).length === count + 1, 5000, 'a new tab');
}

describe('dashboards as tabs', () => {
  const env = useDashboard({
    mcpServers: {
      apps: SERVERS.apps,
      // A command that does not exist: the gateway's doctor diagnoses it.
      broken: { command: 'mcp-dashboard-no-such-command-16', args: [] },
    },
    mount: 'test',
    viewport: { width: 1400, height: 900 },
  });

  it('the tabs follow the WAI-ARIA tabs pattern: arrow keys move and wrap, Home and End jump, the panel follows', async () => {
    env.dashboard = await mount(env.gateway, profileName('tabs'));
    await editMode(env.dashboard);
    await newDashboard(env.dashboard);
    await newDashboard(env.dashboard);
    env.dashboard.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="done-layout"]')!.click();
    await settle(env.dashboard);
    const names = tabs(env.dashboard).map((t) => t.textContent!.trim());
    expect(names).to.have.length(3);
    // Only the selected tab is in the Tab order.
    expect(
      tabs(env.dashboard)
        .map((t) => t.tabIndex)
        .filter((i) => i === 0),
    ).to.have.length(1);
    tabs(env.dashboard)[0]!.click();
    tabs(env.dashboard)[0]!.focus();
    await settle(env.dashboard);
    const press = async (key: string, expected: string) => {
      await sendKeys({ press: key });
      await waitFor(
        () => selected(env.dashboard!) === expected && focusedTab(env.dashboard!) === expected,
        5000,
        `${key} to select and focus "${expected}" (selected "${selected(env.dashboard!)}", focus ${focusedTab(env.dashboard!)})`,
      );
      expect(shownBoard(env.dashboard!)).to.equal(expected);
    };
    await press('ArrowRight', names[1]!);
    await press('ArrowRight', names[2]!);
    await press('ArrowRight', names[0]!);
    await press('ArrowLeft', names[2]!);
    await press('Home', names[0]!);
    await press('End', names[2]!);
  });

  it('a dashboard is renamed in edit mode: the tab says the new name, it is announced, kept across a reload, and Undo takes it back', async () => {
    const profile = profileName('rename');
    env.dashboard = await mount(env.gateway, profile);
    await editMode(env.dashboard);
    // The default dashboard's name follows the language: it has no name field.
    expect(env.dashboard.shadowRoot!.querySelector('[data-action="rename-dashboard"]')).to.equal(null);
    await newDashboard(env.dashboard);
    const input = await waitFor(
      () => env.dashboard!.shadowRoot!.querySelector<HTMLInputElement>('[data-action="rename-dashboard"]'),
      5000,
      'the name field',
    );
    input.focus();
    input.select();
    await sendKeys({ type: 'Ops wall' });
    await sendKeys({ press: 'Enter' });
    await announced(/now called Ops wall/);
    await waitFor(() => selected(env.dashboard!) === 'Ops wall', 5000, 'the tab to show the new name');
    env.dashboard.remove();
    env.dashboard = await mount(env.gateway, profile);
    await settle(env.dashboard);
    expect(tabs(env.dashboard).map((t) => t.textContent!.trim())).to.include('Ops wall');
    await editMode(env.dashboard);
    expect(selected(env.dashboard)).to.equal('Ops wall');
    // Undo is per page session (a reload starts a new one), so rename again and take that back.
    const again = env.dashboard.shadowRoot!.querySelector<HTMLInputElement>('[data-action="rename-dashboard"]')!;
    again.value = 'Support';
    again.dispatchEvent(new Event('change'));
    await waitFor(() => selected(env.dashboard!) === 'Support', 5000, 'the second name');
    env.dashboard.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="undo"]')!.click();
    await waitFor(() => selected(env.dashboard!) === 'Ops wall', 5000, 'Undo to bring back the name');
  });

  it("a server that cannot start: the panel header and the compact status tile show the doctor's diagnosis through the same status region", async () => {
    env.dashboard = await mount(env.gateway, profileName('status'));
    const card = await env.card('broken', 30_000);
    expect(card.phase).to.equal('error');
    const full = card.shadowRoot!.querySelector<McpServerStatus>('mcp-server-status')!;
    const doctorMessage = await waitFor(
      () =>
        full
          .querySelector('mcp-connection-doctor')
          ?.shadowRoot?.querySelector('[data-doctor="message"]')
          ?.textContent?.trim(),
      10_000,
      'the diagnosis in the panel',
    );
    expect(full.querySelector('[role="status"]')!.textContent).to.contain('Error');
    const statusTile = tiles(env.dashboard)
      .find((t) => t.tile?.kind === 'status' && t.tile.server === 'broken')!
      .querySelector('mcp-status-tile')!;
    const compact = await waitFor(
      () => statusTile.shadowRoot!.querySelector<McpServerStatus>('mcp-server-status[compact]'),
      10_000,
      'the status region in the tile',
    );
    expect(compact.constructor).to.equal(full.constructor);
    const line = await waitFor(
      () => compact.querySelector('[role="alert"]')?.textContent?.trim(),
      10_000,
      'the problem in the tile',
    );
    expect(line).to.contain(doctorMessage!);
    expect(compact.querySelector('[role="status"]')!.textContent).to.contain('Error');
  });
});
