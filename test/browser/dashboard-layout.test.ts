import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../src/shell/dashboard.js';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpTile } from '../../src/shell/layout/tile.js';
import type { McpAppTile } from '../../src/shell/layout/app-tile.js';
import type { Tile } from '../../src/core/layout/layout-types.js';
import { deepQuery, deepText } from '../support/dom.js';
import { startGateway, stopGateway, waitFor, type TestGateway } from '../support/gateway.js';
import { answerDialog, confirmDialog, dialogOpen, openTab, readyCard, selectTool } from '../support/dashboard.js';

const SERVERS = {
  everything: { command: 'mcp-server-everything', args: ['stdio'] },
  apps: { command: 'node', args: ['test/fixtures/layout-app-server.mjs'] },
};

let counter = 0;

/** A dashboard on `gateway` with the IndexedDB profile `dbName` (the same name = the same user after a reload). */
async function mount(gateway: TestGateway, dbName: string): Promise<McpDashboard> {
  const el = document.createElement('mcp-dashboard');
  el.baseUrl = gateway.origin;
  el.token = gateway.token;
  el.dbName = dbName;
  document.body.append(el);
  await waitFor(() => el.layout.store?.active(), 20_000, 'the layout');
  return el;
}

function tiles(dashboard: McpDashboard): McpTile[] {
  return [...dashboard.shadowRoot!.querySelectorAll<McpTile>('section[role="tabpanel"]:not([hidden]) mcp-tile')];
}

function tileEl(dashboard: McpDashboard, id: string): McpTile {
  return dashboard.shadowRoot!.querySelector<McpTile>(`mcp-tile[data-tile-id="${id}"]`)!;
}

function stored(dashboard: McpDashboard, id: string): Tile {
  return dashboard.layout.store!.active()!.tiles.find((t) => t.id === id)!;
}

async function settle(dashboard: McpDashboard): Promise<void> {
  await dashboard.updateComplete;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}

/** The last thing the A11yHelper announced politely. */
async function announced(text: RegExp): Promise<string> {
  return waitFor(
    () => {
      const said = document.querySelector('[data-mcp-announcer="polite"]')?.textContent ?? '';
      return text.test(said) ? said : '';
    },
    5000,
    `an announcement like ${text}`,
  );
}

async function editMode(dashboard: McpDashboard): Promise<void> {
  (dashboard.shadowRoot!.querySelector('[data-action="edit-layout"]') as HTMLButtonElement).click();
  await settle(dashboard);
}

/** Shift + an arrow key, as a person presses them. */
async function shiftPress(key: string): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: key });
  await sendKeys({ up: 'Shift' });
}

function centre(el: Element): [number, number] {
  const r = el.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
}

describe('dashboard of tiles (issue 16)', () => {
  let gateway: TestGateway;
  let dashboard: McpDashboard | undefined;

  before(async () => {
    await setViewport({ width: 1400, height: 900 });
    gateway = await startGateway({ mcpServers: SERVERS });
  });

  afterEach(() => {
    dashboard?.remove();
    dashboard = undefined;
  });

  after(async () => {
    await stopGateway(gateway);
    await setViewport({ width: 800, height: 600 });
  });

  it('a fresh config gets a row of status tiles for every server, then a panel per server; Overview shows the instructions collapsed', async () => {
    dashboard = await mount(gateway, `layout-${++counter}`);
    await settle(dashboard);
    const kinds = tiles(dashboard).map((t) => `${t.tile!.kind}:${(t.tile as { server: string }).server}`);
    expect(kinds.slice(0, 2).sort()).to.deep.equal(['status:apps', 'status:everything']);
    expect(kinds.slice(2).sort()).to.deep.equal(['widget:apps', 'widget:everything']);
    const [s1, s2, p1] = tiles(dashboard).map((t) => t.getBoundingClientRect());
    expect(s1!.top).to.equal(s2!.top);
    expect(p1!.top).to.be.greaterThan(s1!.bottom);
    const status = tiles(dashboard)[0]!.querySelector('mcp-status-tile')!;
    await waitFor(() => /Idle|Active/.test(status.shadowRoot!.textContent ?? ''), 20_000, 'the status tile to show the state');
    expect(status.shadowRoot!.textContent).to.match(/\d+ tools/);
    const card = await readyCard(dashboard, 'everything');
    const details = await waitFor(() => deepQuery<HTMLDetailsElement>('details.instructions', card.shadowRoot!), 10_000, 'the instructions');
    expect(details.open).to.equal(false);
  });

  it('edit mode with the keyboard: arrow keys move, Shift+arrows resize, collapse; each change is announced; Undo takes back the last', async () => {
    dashboard = await mount(gateway, `layout-${++counter}`);
    await editMode(dashboard);
    // The panel in the second column: it can move left.
    const id = dashboard.layout.store!.active()!.tiles.find((t) => t.kind === 'widget' && t.x > 0)!.id;
    const before = { ...stored(dashboard, id) };
    const handle = tileEl(dashboard, id).shadowRoot!.querySelector<HTMLButtonElement>('[data-action="drag"]')!;
    handle.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await announced(new RegExp(`Moved: .* at column ${before.x}, row`));
    expect(stored(dashboard, id).x).to.equal(before.x - 1);
    await shiftPress('ArrowDown');
    await announced(/Resized: .* 12 rows high/);
    expect(stored(dashboard, id).h).to.equal(before.h + 1);
    tileEl(dashboard, id).shadowRoot!.querySelector<HTMLButtonElement>('[data-action="collapse"]')!.click();
    await announced(/Collapsed/);
    await settle(dashboard);
    expect(tileEl(dashboard, id).getBoundingClientRect().height).to.be.lessThan(80);
    (dashboard.shadowRoot!.querySelector('[data-action="undo"]') as HTMLButtonElement).click();
    await announced(/Undone: Collapsed/);
    expect(stored(dashboard, id).collapsed).to.not.equal(true);
    (dashboard.shadowRoot!.querySelector('[data-action="undo"]') as HTMLButtonElement).click();
    await announced(/Undone: Resized/);
    expect(stored(dashboard, id).h).to.equal(before.h);
  });

  it('edit mode with the mouse: dragging the handle moves a tile, dragging the grip resizes it; the layout survives a reload', async () => {
    const profile = `layout-${++counter}`;
    dashboard = await mount(gateway, profile);
    await editMode(dashboard);
    await readyCard(dashboard, 'apps');
    const id = 'panel-apps';
    const before = { ...stored(dashboard, id) };
    const tile = tileEl(dashboard, id);
    const grid = tile.parentElement!.getBoundingClientRect();
    const column = grid.width / 12;
    const [hx, hy] = centre(tile.shadowRoot!.querySelector('[data-action="drag"]')!);
    await sendMouse({ type: 'move', position: [hx, hy] });
    await sendMouse({ type: 'down' });
    for (let step = 1; step <= 4; step++) await sendMouse({ type: 'move', position: [Math.round(hx + (step * 4 * column) / 4), hy] });
    await sendMouse({ type: 'up' });
    await announced(/Moved/);
    expect(stored(dashboard, id).x).to.equal(before.x + 4);
    await settle(dashboard);
    const [gx, gy] = centre(tile.shadowRoot!.querySelector('[data-action="resize"]')!);
    await sendMouse({ type: 'move', position: [gx, gy] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [Math.round(gx - column), gy + 60] });
    await sendMouse({ type: 'move', position: [Math.round(gx - 2 * column), gy + 110] });
    await sendMouse({ type: 'up' });
    await announced(/Resized/);
    const after = { ...stored(dashboard, id) };
    expect(after.w).to.equal(before.w - 2);
    expect(after.h).to.equal(before.h + 2);
    // Same profile, new page: the tiles keep their places.
    dashboard.remove();
    dashboard = await mount(gateway, profile);
    expect(stored(dashboard, id)).to.include({ x: after.x, y: after.y, w: after.w, h: after.h });
  });

  it('export → import round-trip; a broken file is refused with the JSON path and changes nothing', async () => {
    dashboard = await mount(gateway, `layout-${++counter}`);
    const layout = dashboard.layout;
    const exported = layout.store!.exportFile();
    const text = JSON.stringify(exported);
    await editMode(dashboard);
    tileEl(dashboard, 'status-apps').shadowRoot!.querySelector<HTMLButtonElement>('[data-action="remove"]')!.click();
    await announced(/Removed/);
    expect(layout.store!.active()!.tiles.some((t) => t.id === 'status-apps')).to.equal(false);
    const broken = JSON.parse(text);
    broken.dashboards[0].tiles[0].w = 40;
    const notifications: string[] = [];
    const off = dashboard.services!.bus.on('mcp:host:notification', (d: { body: string }) => notifications.push(d.body));
    expect(await layout.importText(JSON.stringify(broken), 'broken.json')).to.equal(false);
    off();
    expect(notifications.join('\n')).to.contain('broken.json').and.to.contain('at /dashboards/0/tiles/0/w');
    expect(layout.store!.active()!.tiles.some((t) => t.id === 'status-apps')).to.equal(false);
    expect(await layout.importText(text, 'layout.json')).to.equal(true);
    expect(layout.store!.exportFile()).to.deep.equal(exported);
    await settle(dashboard);
    expect(tileEl(dashboard, 'status-apps')).to.exist;
  });

  it('history in the host survives a widget switch: the activity log shows a call made in the server panel', async () => {
    dashboard = await mount(gateway, `layout-${++counter}`);
    const card = await readyCard(dashboard, 'everything');
    const call = dashboard.services!.invoker.invoke({ serverName: 'everything', toolName: 'echo', args: { message: 'before the switch' } }, { surface: 'user', id: 'host' });
    await dialogOpen(dashboard);
    answerDialog(dashboard, 'confirm');
    await call;
    await waitFor(() => dashboard!.services!.history.list('everything').some((e) => e.kind === 'tool' && e.outcome === 'ok'), 10_000, 'the call in the history');
    await card.chooseWidgetType('activity-log');
    const log = await waitFor(() => deepQuery('mcp-activity-log-widget', card.shadowRoot!), 10_000, 'the activity log');
    await waitFor(() => deepText(log.shadowRoot!).includes('echo'), 5000, 'the earlier call in the log');
    expect(deepText(log.shadowRoot!)).to.contain('asked by you');
    // The tile records the choice: it is part of the layout.
    expect((stored(dashboard, 'panel-everything') as { widget: string }).widget).to.equal('activity-log');
  });

  it('the tool column keeps its list in place beside a tall form', async () => {
    dashboard = await mount(gateway, `layout-${++counter}`);
    await editMode(dashboard);
    // Wide enough for the list and the form side by side.
    const handle = tileEl(dashboard, 'panel-apps').shadowRoot!.querySelector<HTMLButtonElement>('[data-action="drag"]')!;
    handle.focus();
    for (let i = 0; i < 4; i++) await shiftPress('ArrowRight');
    await dashboard.layout.setEditing(false);
    const card = await readyCard(dashboard, 'apps');
    await openTab(card, 'Tools');
    const list = await waitFor(() => deepQuery('mcp-tool-list', card.shadowRoot!), 5000, 'the tool list');
    const search = list.shadowRoot!.querySelector('input[type="search"]')!;
    const searchHeight = search.getBoundingClientRect().height;
    const runnerBefore = deepQuery('mcp-tool-runner', card.shadowRoot!)!;
    // Side by side: the list starts level with the runner (the tile may scroll, so compare the two).
    const offset = list.getBoundingClientRect().top - runnerBefore.getBoundingClientRect().top;
    const listHeight = list.getBoundingClientRect().height;
    await selectTool(card, 'Big form');
    await waitFor(() => deepQuery('mcp-schema-form', card.shadowRoot!), 5000, 'the form');
    await settle(dashboard);
    const form = deepQuery('mcp-tool-runner', card.shadowRoot!)!;
    expect(form.getBoundingClientRect().height).to.be.greaterThan(list.getBoundingClientRect().height);
    expect(search.getBoundingClientRect().height).to.be.closeTo(searchHeight, 1);
    // Level with the form's top, or held in view while the tall form scrolls under it (sticky): never pushed down.
    const view = card.shadowRoot!.querySelector('.mount')!.getBoundingClientRect();
    const top = list.getBoundingClientRect().top;
    expect(top).to.be.at.least(form.getBoundingClientRect().top + offset - 1);
    expect(top).to.be.at.least(view.top - 1);
    expect(top + 150).to.be.at.most(view.bottom);
    expect(list.getBoundingClientRect().height).to.be.closeTo(listHeight, 1);
  });
});

describe('team layouts and placeholders (issue 16)', () => {
  let gateway: TestGateway;
  let dashboard: McpDashboard | undefined;

  before(async () => {
    await setViewport({ width: 1400, height: 900 });
    gateway = await startGateway({ mcpServers: { everything: SERVERS.everything }, dashboard: { layouts: ['test/fixtures/layouts/team.json'] } });
  });

  afterEach(() => dashboard?.remove());

  after(async () => {
    await stopGateway(gateway);
    await setViewport({ width: 800, height: 600 });
  });

  it('a team layout seeds a fresh profile; the user\'s changes are kept apart and Reset brings back the team\'s', async () => {
    dashboard = await mount(gateway, `team-${++counter}`);
    await settle(dashboard);
    const tabs = [...dashboard.shadowRoot!.querySelectorAll('[role="tab"]')].map((t) => t.textContent!.trim());
    expect(tabs).to.deep.equal(['Ops', 'Support']);
    expect(stored(dashboard, 'p-everything')).to.include({ kind: 'widget', widget: 'tool-browser', w: 6 });
    await editMode(dashboard);
    tileEl(dashboard, 'p-everything').shadowRoot!.querySelector<HTMLButtonElement>('[data-action="drag"]')!.focus();
    await shiftPress('ArrowLeft');
    await announced(/Resized/);
    expect(stored(dashboard, 'p-everything').w).to.equal(5);
    expect(dashboard.layout.store!.active()!.changed).to.equal(true);
    (dashboard.shadowRoot!.querySelector('[data-action="reset-layout"]') as HTMLButtonElement).click();
    await announced(/team layout is back/);
    expect(stored(dashboard, 'p-everything').w).to.equal(6);
    // The Support tab works too.
    (dashboard.shadowRoot!.querySelector('#tab-support') as HTMLButtonElement).click();
    await settle(dashboard);
    expect(dashboard.layout.store!.active()!.id).to.equal('support');
    expect(tiles(dashboard).map((t) => t.tile!.id)).to.deep.equal(['log']);
  });

  it('a layout naming a missing server or widget shows a placeholder saying so; the other tiles work', async () => {
    dashboard = await mount(gateway, `team-${++counter}`);
    await settle(dashboard);
    const ghost = tileEl(dashboard, 's-ghost');
    expect(ghost.textContent).to.contain('"ghost", which is not in the config');
    await waitFor(() => /not installed/.test(tileEl(dashboard!, 'p-missing-widget').textContent ?? ''), 20_000, 'the missing widget placeholder');
    expect(tileEl(dashboard, 'p-missing-widget').textContent).to.contain('"no-such-widget"');
    const card = await readyCard(dashboard, 'everything');
    expect(card.phase).to.equal('ready');
    expect(card.widgetType).to.equal('tool-browser');
  });
});

describe('pinned apps as tiles (issue 16)', () => {
  let gateway: TestGateway;
  let dashboard: McpDashboard | undefined;

  before(async () => {
    await setViewport({ width: 1400, height: 900 });
    gateway = await startGateway({ mcpServers: { apps: SERVERS.apps } });
  });

  afterEach(() => {
    if (dashboard && confirmDialog(dashboard).shadowRoot?.querySelector('dialog')?.open) answerDialog(dashboard, 'cancel');
    dashboard?.remove();
  });

  after(async () => {
    await stopGateway(gateway);
    await setViewport({ width: 800, height: 600 });
  });

  async function appTile(d: McpDashboard, tool: string): Promise<McpAppTile> {
    return waitFor(() => [...d.shadowRoot!.querySelectorAll<McpAppTile>('mcp-app-tile')].find((t) => t.tile?.tool === tool), 10_000, `the ${tool} tile`);
  }

  it('re-opens through the policy on reload: a remembered read opens with no dialog; an action asks every time', async () => {
    const profile = `apps-${++counter}`;
    dashboard = await mount(gateway, profile);
    await readyCard(dashboard, 'apps');
    dashboard.layout.addTile({ kind: 'app', server: 'apps', tool: 'notes-view', args: { label: 'n' } });
    await settle(dashboard);
    // First showing: the dashboard asks (a read may be remembered).
    let text = await dialogOpen(dashboard);
    expect(text).to.contain('apps:notes-view');
    (confirmDialog(dashboard).shadowRoot!.querySelector('input[type="checkbox"]') as HTMLInputElement).click();
    answerDialog(dashboard, 'confirm');
    let tile = await appTile(dashboard, 'notes-view');
    await waitFor(() => tile.view?.state === 'ready', 20_000, 'the view');
    dashboard.layout.addTile({ kind: 'app', server: 'apps', tool: 'archive-view', args: {} });
    text = await dialogOpen(dashboard);
    expect(text).to.contain('apps:archive-view');
    answerDialog(dashboard, 'confirm');
    await waitFor(async () => (await appTile(dashboard!, 'archive-view')).view?.state === 'ready', 20_000, 'the action view');
    // Reload: the read opens silently, the action asks again.
    dashboard.remove();
    const calls: string[] = [];
    dashboard = await mount(gateway, profile);
    const off = dashboard.services!.bus.on('mcp:tool:result', (d: { toolName: string }) => calls.push(d.toolName));
    tile = await appTile(dashboard, 'notes-view');
    text = await dialogOpen(dashboard);
    expect(text).to.contain('apps:archive-view');
    expect(text).to.not.contain('notes-view');
    await waitFor(() => tile.view?.state === 'ready' && calls.includes('notes-view'), 20_000, 'the remembered read to open');
    answerDialog(dashboard, 'cancel');
    off();
  });

  it('an app opened in a server panel stands beside it as a tile, follows its size report, and survives a move and a widget switch', async () => {
    dashboard = await mount(gateway, `apps-${++counter}`);
    const card = await readyCard(dashboard, 'apps');
    await selectTool(card, 'notes-view');
    const runner = deepQuery('mcp-tool-runner', card.shadowRoot!)!;
    const open = await waitFor(() => runner.shadowRoot!.querySelector<HTMLButtonElement>('button.open-app'), 5000, 'Open app');
    open.click();
    await dialogOpen(dashboard);
    answerDialog(dashboard, 'confirm');
    const tile = await appTile(dashboard, 'notes-view');
    await waitFor(() => tile.view?.state === 'ready', 20_000, 'the view');
    const placed = dashboard.layout.store!.active()!.tiles.find((t) => t.kind === 'app')!;
    const panel = stored(dashboard, 'panel-apps');
    // Beside the panel: the next columns, overlapping its rows (tiles float up into free space).
    expect(Math.abs(placed.x - panel.x)).to.equal(panel.w);
    expect(placed.y < panel.y + panel.h && panel.y < placed.y + placed.h).to.equal(true);
    // Size follows size-changed (220 px of view): the tile is tall enough for the frame, no more than a row over.
    const frame = tile.shadowRoot!.querySelector('mcp-app-frame')!;
    await waitFor(() => !frame.hasAttribute('fill') && tileEl(dashboard!, placed.id).getBoundingClientRect().height >= frame.getBoundingClientRect().height, 5000, 'the tile to fit its app');
    const iframe = tile.view!.frameElement!;
    let loads = 0;
    iframe.addEventListener('load', () => loads++);
    // Move it, then switch the panel's widget: same iframe, still running, never reloaded.
    await editMode(dashboard);
    tileEl(dashboard, placed.id).shadowRoot!.querySelector<HTMLButtonElement>('[data-action="drag"]')!.focus();
    await sendKeys({ press: 'ArrowDown' });
    await announced(/Moved/);
    await card.chooseWidgetType('activity-log');
    await new Promise((r) => setTimeout(r, 500));
    expect(tile.view!.frameElement).to.equal(iframe);
    expect(iframe.isConnected).to.equal(true);
    expect(tile.view!.state).to.equal('ready');
    expect(loads).to.equal(0);
    // Picture in picture keeps the size the view had in its tile (220 px reported; not a fixed 300 × 400).
    const inline = frame.getBoundingClientRect().width;
    tile.view!.setDisplayMode('pip');
    await waitFor(() => frame.getAttribute('mode') === 'pip', 5000, 'picture in picture');
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(frame.getBoundingClientRect().width).to.be.closeTo(Math.max(320, inline), 4);
    expect(iframe.getBoundingClientRect().height).to.be.closeTo(220, 2);
    tile.view!.setDisplayMode('inline');
  });

  it('an app with no size report fills its tile and grows with it: nothing is clipped', async () => {
    dashboard = await mount(gateway, `apps-${++counter}`);
    await readyCard(dashboard, 'apps');
    dashboard.layout.addTile({ kind: 'app', server: 'apps', tool: 'tall-view', args: {} });
    await dialogOpen(dashboard);
    answerDialog(dashboard, 'confirm');
    const tile = await appTile(dashboard, 'tall-view');
    await waitFor(() => tile.view?.state === 'ready', 20_000, 'the view');
    const frame = tile.shadowRoot!.querySelector('mcp-app-frame')!;
    expect(frame.hasAttribute('fill')).to.equal(true);
    const iframe = tile.view!.frameElement!;
    const before = iframe.getBoundingClientRect().height;
    expect(before).to.be.greaterThan(240);
    // The frame ends inside the tile (no silent clip by the tile).
    const id = tile.closest('mcp-tile')!.dataset.tileId!;
    expect(iframe.getBoundingClientRect().bottom).to.be.at.most(tileEl(dashboard, id).getBoundingClientRect().bottom + 1);
    await editMode(dashboard);
    tileEl(dashboard, id).shadowRoot!.querySelector<HTMLButtonElement>('[data-action="drag"]')!.focus();
    const tileBefore = tileEl(dashboard, id).getBoundingClientRect().height;
    for (let i = 0; i < 4; i++) await shiftPress('ArrowDown');
    await settle(dashboard);
    await waitFor(() => tileEl(dashboard!, id).getBoundingClientRect().height > tileBefore + 150, 5000, `the tile to grow (${JSON.stringify(stored(dashboard!, id))})`);
    await waitFor(() => iframe.getBoundingClientRect().height > before + 150, 5000, `the view to grow with its tile (${iframe.getBoundingClientRect().height} px; frame ${frame.getBoundingClientRect().height} px)`);
    expect((stored(dashboard, id) as { sized?: boolean }).sized).to.equal(true);
  });
});
