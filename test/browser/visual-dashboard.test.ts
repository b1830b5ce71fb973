import { expect } from '@open-wc/testing';
import '../../src/shell/dashboard.js';
import type { McpAppTile } from '../../src/shell/layout/app-tile.js';
import type { ThemeModePreference } from '../../src/core/shared/types.js';
import { axeViolations } from '../support/axe.js';
import { emulateMedia } from '../support/media.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen } from '../support/dashboard.js';
import { compareWithBaseline, differenceFromBaseline, PIXEL_TOLERANCE } from '../support/visual.js';
import { useDashboard } from '../support/setup.js';

// MCP-WP §17.8 visual regression: the default dashboard, edit mode and an app tile in
// light, dark and high contrast, against committed baselines (test/browser/screenshots/). Deterministic:
// a fixture server with fixed data, no calls (so no "Active" state or times), reduced motion (no
// transitions), the DejaVu fonts Debian's fonts-dejavu-core installs (.ci/run), a fixed viewport.
// Refresh the baselines with UPDATE_SCREENSHOTS=1 after an intended change, and look at them.

const MODES: ThemeModePreference[] = ['light', 'dark', 'high-contrast'];
const realNow = Date.now;

describe('visual regression of the dashboard (MCP-WP §17.8)', () => {
  let main: HTMLElement;

  before(() => emulateMedia([{ name: 'prefers-reduced-motion', value: 'reduce' }]));
  after(async () => {
    Date.now = realNow;
    document.body.style.margin = '';
    await emulateMedia([]);
  });
  const env = useDashboard({
    mcpServers: { apps: { command: 'node', args: ['test/fixtures/layout-app-server.mjs'] } },
    mount: 'none',
    viewport: { width: 1100, height: 760 },
  });

  before(async () => {
    const el = document.createElement('mcp-dashboard');
    el.baseUrl = env.gateway.origin;
    el.token = env.gateway.token;
    el.dbName = `visual-${Date.now()}`;
    el.style.setProperty('--mcp-font-family', "'DejaVu Sans', sans-serif");
    el.style.setProperty('--mcp-font-family-mono', "'DejaVu Sans Mono', monospace");
    document.body.style.margin = '0';
    document.body.append(el);
    env.dashboard = el;
    await waitFor(() => env.dashboard.layout.store?.active(), 20_000, 'the layout');
    const card = await env.card('apps');
    env.dashboard.layout.addTile({ kind: 'app', server: 'apps', tool: 'notes-view', args: { label: 'visual' } });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const tile = await waitFor(
      () => env.dashboard.shadowRoot!.querySelector<McpAppTile>('mcp-app-tile'),
      10_000,
      'the app tile',
    );
    await waitFor(() => tile.view?.state === 'ready' && tile.view.modelContext, 20_000, 'the app');
    // The panel polls its widget's status: wait for the app's call to show as "Active" there too.
    await waitFor(() => card.status?.state === 'active', 10_000, 'the panel to show Active');
    main = env.dashboard.shadowRoot!.querySelector('main')!;
    await document.fonts.ready;
    // Freeze the clock: "Active" (a call in the last minute) must not turn "Idle" on a slow machine.
    const frozen = Date.now();
    Date.now = () => frozen;
  });

  async function settle(): Promise<void> {
    (document.activeElement as HTMLElement | null)?.blur();
    await env.dashboard.updateComplete;
    // Status polls and the app's size report: let the page be still for a moment.
    await new Promise((r) => setTimeout(r, 600));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }

  async function check(element: Element, name: string): Promise<void> {
    const result = await compareWithBaseline(element, name);
    expect(result.difference, `${name}: ${(result.difference * 100).toFixed(2)} % of pixels changed`).to.be.at.most(
      PIXEL_TOLERANCE,
    );
  }

  for (const mode of MODES) {
    it(`MCP-WP-17.8 the default dashboard, edit mode and an app tile look as committed (${mode}), and pass axe`, async () => {
      env.dashboard.services!.theme.setMode(mode);
      env.dashboard.layout.setEditing(false);
      await settle();
      await check(main, `dashboard-${mode}`);
      expect(await axeViolations(env.dashboard), 'axe, dashboard').to.deep.equal([]);
      env.dashboard.layout.setEditing(true);
      await settle();
      await check(main, `edit-${mode}`);
      expect(await axeViolations(env.dashboard), 'axe, edit mode').to.deep.equal([]);
      env.dashboard.layout.setEditing(false);
      await settle();
      await check(env.dashboard.shadowRoot!.querySelector('mcp-tile[data-kind="app"]')!, `app-tile-${mode}`);
    });
  }

  it('MCP-WP-17.8 control: the comparison fails on a real change (a collapsed tile)', async () => {
    env.dashboard.services!.theme.setMode('light');
    const panel = env.dashboard.layout.store!.active()!.tiles.find((t) => t.kind === 'widget')!;
    const collapse = () => env.dashboard.shadowRoot!.querySelector(`mcp-tile[data-tile-id="${panel.id}"]`)!.shadowRoot;
    env.dashboard.layout.setEditing(true);
    await settle();
    (collapse()!.querySelector('[data-action="collapse"]') as HTMLButtonElement).click();
    env.dashboard.layout.setEditing(false);
    await settle();
    try {
      expect(await differenceFromBaseline(main, 'dashboard-light')).to.be.greaterThan(PIXEL_TOLERANCE * 4);
    } finally {
      env.dashboard.layout.undo();
    }
  });
});
