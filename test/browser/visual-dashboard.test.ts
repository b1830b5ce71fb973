import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../src/shell/dashboard.js';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpAppTile } from '../../src/shell/layout/app-tile.js';
import type { ThemeModePreference } from '../../src/core/shared/types.js';
import { axeViolations } from '../support/axe.js';
import { emulateMedia } from '../support/media.js';
import { startGateway, stopGateway, waitFor, type TestGateway } from '../support/gateway.js';
import { answerDialog, dialogOpen, readyCard } from '../support/dashboard.js';
import { compareWithBaseline, differenceFromBaseline, PIXEL_TOLERANCE } from '../support/visual.js';

// MCP-WP §17.8 visual regression: the default dashboard, edit mode and an app tile in
// light, dark and high contrast, against committed baselines (test/browser/screenshots/). Deterministic:
// a fixture server with fixed data, no calls (so no "Active" state or times), reduced motion (no
// transitions), the DejaVu fonts Debian's fonts-dejavu-core installs (.ci/run), a fixed viewport.
// Refresh the baselines with UPDATE_SCREENSHOTS=1 after an intended change, and look at them.

const MODES: ThemeModePreference[] = ['light', 'dark', 'high-contrast'];
const realNow = Date.now;

describe('visual regression of the dashboard (MCP-WP §17.8)', () => {
  let gateway: TestGateway;
  let dashboard: McpDashboard;
  let main: HTMLElement;

  before(async () => {
    await setViewport({ width: 1100, height: 760 });
    await emulateMedia([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    gateway = await startGateway({
      mcpServers: { apps: { command: 'node', args: ['test/fixtures/layout-app-server.mjs'] } },
    });
    dashboard = document.createElement('mcp-dashboard');
    dashboard.baseUrl = gateway.origin;
    dashboard.token = gateway.token;
    dashboard.dbName = `visual-${Date.now()}`;
    dashboard.style.setProperty('--mcp-font-family', "'DejaVu Sans', sans-serif");
    dashboard.style.setProperty('--mcp-font-family-mono', "'DejaVu Sans Mono', monospace");
    document.body.style.margin = '0';
    document.body.append(dashboard);
    await waitFor(() => dashboard.layout.store?.active(), 20_000, 'the layout');
    const card = await readyCard(dashboard, 'apps');
    dashboard.layout.addTile({ kind: 'app', server: 'apps', tool: 'notes-view', args: { label: 'visual' } });
    await dialogOpen(dashboard);
    answerDialog(dashboard, 'confirm');
    const tile = await waitFor(
      () => dashboard.shadowRoot!.querySelector<McpAppTile>('mcp-app-tile'),
      10_000,
      'the app tile',
    );
    await waitFor(() => tile.view?.state === 'ready' && tile.view.modelContext, 20_000, 'the app');
    // The panel polls its widget's status: wait for the app's call to show as "Active" there too.
    await waitFor(() => card.status?.state === 'active', 10_000, 'the panel to show Active');
    main = dashboard.shadowRoot!.querySelector('main')!;
    await document.fonts.ready;
    // Freeze the clock: "Active" (a call in the last minute) must not turn "Idle" on a slow machine.
    const frozen = Date.now();
    Date.now = () => frozen;
  });

  after(async () => {
    Date.now = realNow;
    dashboard?.remove();
    document.body.style.margin = '';
    await stopGateway(gateway);
    await emulateMedia([]);
    await setViewport({ width: 800, height: 600 });
  });

  async function settle(): Promise<void> {
    (document.activeElement as HTMLElement | null)?.blur();
    await dashboard.updateComplete;
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
      dashboard.services!.theme.setMode(mode);
      dashboard.layout.setEditing(false);
      await settle();
      await check(main, `dashboard-${mode}`);
      expect(await axeViolations(dashboard), 'axe, dashboard').to.deep.equal([]);
      dashboard.layout.setEditing(true);
      await settle();
      await check(main, `edit-${mode}`);
      expect(await axeViolations(dashboard), 'axe, edit mode').to.deep.equal([]);
      dashboard.layout.setEditing(false);
      await settle();
      await check(dashboard.shadowRoot!.querySelector('mcp-tile[data-kind="app"]')!, `app-tile-${mode}`);
    });
  }

  it('MCP-WP-17.8 control: the comparison fails on a real change (a collapsed tile)', async () => {
    dashboard.services!.theme.setMode('light');
    const panel = dashboard.layout.store!.active()!.tiles.find((t) => t.kind === 'widget')!;
    const collapse = () => dashboard.shadowRoot!.querySelector(`mcp-tile[data-tile-id="${panel.id}"]`)!.shadowRoot;
    dashboard.layout.setEditing(true);
    await settle();
    (collapse()!.querySelector('[data-action="collapse"]') as HTMLButtonElement).click();
    dashboard.layout.setEditing(false);
    await settle();
    try {
      expect(await differenceFromBaseline(main, 'dashboard-light')).to.be.greaterThan(PIXEL_TOLERANCE * 4);
    } finally {
      dashboard.layout.undo();
    }
  });
});
