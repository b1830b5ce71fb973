import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { deepQuery, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, openTab, selectTool } from '../support/dashboard.js';
import {
  SERVERS,
  announced,
  centre,
  editMode,
  mount,
  settle,
  shiftPress,
  stored,
  tileEl,
  tiles,
} from '../support/layout.js';
import { useDashboard } from '../support/setup.js';

let counter = 0;

describe('dashboard of tiles', () => {
  const env = useDashboard({ mcpServers: SERVERS, mount: 'test', viewport: { width: 1400, height: 900 } });

  it('a fresh config gets a row of status tiles for every server, then a panel per server; Overview shows the instructions collapsed', async () => {
    env.dashboard = await mount(env.gateway, `layout-${++counter}`);
    await settle(env.dashboard);
    const kinds = tiles(env.dashboard).map((t) => `${t.tile!.kind}:${(t.tile as { server: string }).server}`);
    expect(kinds.slice(0, 2).sort()).to.deep.equal(['status:apps', 'status:everything']);
    expect(kinds.slice(2).sort()).to.deep.equal(['widget:apps', 'widget:everything']);
    const [s1, s2, p1] = tiles(env.dashboard).map((t) => t.getBoundingClientRect());
    expect(s1!.top).to.equal(s2!.top);
    expect(p1!.top).to.be.greaterThan(s1!.bottom);
    const status = tiles(env.dashboard)[0]!.querySelector('mcp-status-tile')!;
    await waitFor(
      () => /Idle|Active/.test(status.shadowRoot!.textContent ?? ''),
      20_000,
      'the status tile to show the state',
    );
    expect(status.shadowRoot!.textContent).to.match(/\d+ tools?\b/);
    const card = await env.card('everything');
    const details = await waitFor(
      () => deepQuery<HTMLDetailsElement>('details.instructions', card.shadowRoot!),
      10_000,
      'the instructions',
    );
    expect(details.open).to.equal(false);
  });

  it('Add a tile: the form (loaded when asked for) adds a status tile and a tool browser; each is announced and kept', async () => {
    env.dashboard = await mount(env.gateway, `layout-${++counter}`);
    await settle(env.dashboard);
    const before = env.dashboard.layout.store!.active()!.tiles.length;
    await editMode(env.dashboard);
    const add = env.dashboard.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="add-tile"]')!;
    add.click();
    await settle(env.dashboard);
    expect(add.getAttribute('aria-expanded')).to.equal('true');
    const form = await waitFor(
      () => env.dashboard.shadowRoot!.querySelector('mcp-add-tile')?.shadowRoot?.querySelector('form'),
      10_000,
      'the add-tile form',
    );
    const choose = async (name: string, value: string) => {
      const select = form.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await (form.getRootNode() as ShadowRoot & { host: { updateComplete: Promise<unknown> } }).host.updateComplete;
    };
    await choose('kind', 'status');
    await choose('server', 'everything');
    expect(form.querySelector('select[name="widget"]'), 'a status tile has no widget to choose').to.equal(null);
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await announced(/Added .*everything/);
    const added = env.dashboard.layout.store!.active()!.tiles.slice(before);
    expect(added.map((t) => `${t.kind}:${t.server}`)).to.deep.equal(['status:everything']);
    expect(env.dashboard.shadowRoot!.querySelector('mcp-add-tile'), 'the form closes').to.equal(null);
    // Again, a widget this time: the form offers the server's widget types.
    add.click();
    const again = await waitFor(
      () => env.dashboard.shadowRoot!.querySelector('mcp-add-tile')?.shadowRoot?.querySelector('form'),
      10_000,
      'the form again',
    );
    const widget = again.querySelector<HTMLSelectElement>('select[name="widget"]')!;
    expect([...widget.options].map((o) => o.value)).to.include('tool-browser');
    widget.value = 'tool-browser';
    again.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await announced(/Added /);
    const last = env.dashboard.layout.store!.active()!.tiles.at(-1)!;
    expect(last).to.include({ kind: 'widget', widget: 'tool-browser' });
    await waitFor(
      () => tileEl(env.dashboard, last.id)?.querySelector('mcp-widget-card'),
      10_000,
      'the new tile to hold a card',
    );
  });

  it('edit mode with the keyboard: arrow keys move, Shift+arrows resize, collapse; each change is announced; Undo takes back the last', async () => {
    env.dashboard = await mount(env.gateway, `layout-${++counter}`);
    await editMode(env.dashboard);
    // The panel in the second column: it can move left.
    const id = env.dashboard.layout.store!.active()!.tiles.find((t) => t.kind === 'widget' && t.x > 0)!.id;
    const before = { ...stored(env.dashboard, id) };
    const handle = tileEl(env.dashboard, id).shadowRoot!.querySelector<HTMLButtonElement>('[data-action="drag"]')!;
    handle.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await announced(new RegExp(`Moved: .* at column ${before.x}, row`));
    expect(stored(env.dashboard, id).x).to.equal(before.x - 1);
    await shiftPress('ArrowDown');
    await announced(/Resized: .* 12 rows high/);
    expect(stored(env.dashboard, id).h).to.equal(before.h + 1);
    tileEl(env.dashboard, id).shadowRoot!.querySelector<HTMLButtonElement>('[data-action="collapse"]')!.click();
    await announced(/Collapsed/);
    await settle(env.dashboard);
    expect(tileEl(env.dashboard, id).getBoundingClientRect().height).to.be.lessThan(80);
    (env.dashboard.shadowRoot!.querySelector('[data-action="undo"]') as HTMLButtonElement).click();
    await announced(/Undone: Collapsed/);
    expect(stored(env.dashboard, id).collapsed).to.not.equal(true);
    (env.dashboard.shadowRoot!.querySelector('[data-action="undo"]') as HTMLButtonElement).click();
    await announced(/Undone: Resized/);
    expect(stored(env.dashboard, id).h).to.equal(before.h);
  });

  it('edit mode with the mouse: dragging the handle moves a tile, dragging the grip resizes it; the layout survives a reload', async () => {
    const profile = `layout-${++counter}`;
    env.dashboard = await mount(env.gateway, profile);
    await editMode(env.dashboard);
    await env.card('apps');
    const id = 'panel-apps';
    const before = { ...stored(env.dashboard, id) };
    const tile = tileEl(env.dashboard, id);
    const grid = tile.parentElement!.getBoundingClientRect();
    const column = grid.width / 12;
    const [hx, hy] = centre(tile.shadowRoot!.querySelector('[data-action="drag"]')!);
    await sendMouse({ type: 'move', position: [hx, hy] });
    await sendMouse({ type: 'down' });
    for (let step = 1; step <= 4; step++)
      await sendMouse({ type: 'move', position: [Math.round(hx + (step * 4 * column) / 4), hy] });
    await sendMouse({ type: 'up' });
    await announced(/Moved/);
    expect(stored(env.dashboard, id).x).to.equal(before.x + 4);
    await settle(env.dashboard);
    const [gx, gy] = centre(tile.shadowRoot!.querySelector('[data-action="resize"]')!);
    await sendMouse({ type: 'move', position: [gx, gy] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [Math.round(gx - column), gy + 60] });
    await sendMouse({ type: 'move', position: [Math.round(gx - 2 * column), gy + 110] });
    await sendMouse({ type: 'up' });
    await announced(/Resized/);
    const after = { ...stored(env.dashboard, id) };
    expect(after.w).to.equal(before.w - 2);
    expect(after.h).to.equal(before.h + 2);
    // Same profile, new page: the tiles keep their places.
    env.dashboard.remove();
    env.dashboard = await mount(env.gateway, profile);
    expect(stored(env.dashboard, id)).to.include({ x: after.x, y: after.y, w: after.w, h: after.h });
  });

  it('export → import round-trip; a broken file is refused with the JSON path and changes nothing', async () => {
    env.dashboard = await mount(env.gateway, `layout-${++counter}`);
    const layout = env.dashboard.layout;
    const exported = layout.store!.exportFile();
    const text = JSON.stringify(exported);
    await editMode(env.dashboard);
    tileEl(env.dashboard, 'status-apps')
      .shadowRoot!.querySelector<HTMLButtonElement>('[data-action="remove"]')!
      .click();
    await announced(/Removed/);
    expect(layout.store!.active()!.tiles.some((t) => t.id === 'status-apps')).to.equal(false);
    const broken = JSON.parse(text);
    broken.dashboards[0].tiles[0].w = 40;
    const notifications: string[] = [];
    const off = env.dashboard.services!.bus.on('mcp:host:notification', (d: { body: string }) =>
      notifications.push(d.body),
    );
    expect(await layout.importText(JSON.stringify(broken), 'broken.json')).to.equal(false);
    off();
    expect(notifications.join('\n')).to.contain('broken.json').and.to.contain('at /dashboards/0/tiles/0/w');
    expect(layout.store!.active()!.tiles.some((t) => t.id === 'status-apps')).to.equal(false);
    expect(await layout.importText(text, 'layout.json')).to.equal(true);
    expect(layout.store!.exportFile()).to.deep.equal(exported);
    await settle(env.dashboard);
    expect(tileEl(env.dashboard, 'status-apps')).to.exist;
  });

  it('history in the host survives a widget switch: the activity log shows a call made in the server panel', async () => {
    env.dashboard = await mount(env.gateway, `layout-${++counter}`);
    const card = await env.card('everything');
    const call = env.dashboard.services!.invoker.invoke(
      { serverName: 'everything', toolName: 'echo', args: { message: 'before the switch' } },
      { surface: 'user', id: 'host' },
    );
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await call;
    await waitFor(
      () => env.dashboard!.services!.history.list('everything').some((e) => e.kind === 'tool' && e.outcome === 'ok'),
      10_000,
      'the call in the history',
    );
    await card.chooseWidgetType('activity-log');
    const log = await waitFor(() => deepQuery('mcp-activity-log-widget', card.shadowRoot!), 10_000, 'the activity log');
    await waitFor(() => deepText(log.shadowRoot!).includes('echo'), 5000, 'the earlier call in the log');
    expect(deepText(log.shadowRoot!)).to.contain('asked by you');
    // The tile records the choice: it is part of the layout.
    expect((stored(env.dashboard, 'panel-everything') as { widget: string }).widget).to.equal('activity-log');
  });

  it('the tool column keeps its list in place beside a tall form', async () => {
    env.dashboard = await mount(env.gateway, `layout-${++counter}`);
    await editMode(env.dashboard);
    // Wide enough for the list and the form side by side.
    const handle = tileEl(env.dashboard, 'panel-apps').shadowRoot!.querySelector<HTMLButtonElement>(
      '[data-action="drag"]',
    )!;
    handle.focus();
    for (let i = 0; i < 4; i++) await shiftPress('ArrowRight');
    await env.dashboard.layout.setEditing(false);
    const card = await env.card('apps');
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
    await settle(env.dashboard);
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

describe('team layouts and placeholders', () => {
  const env = useDashboard({
    mcpServers: { everything: SERVERS.everything },
    dashboard: { layouts: ['test/fixtures/layouts/team.json'] },
    mount: 'test',
    viewport: { width: 1400, height: 900 },
  });

  it("a team layout seeds a fresh profile; the user's changes are kept apart and Reset brings back the team's", async () => {
    env.dashboard = await mount(env.gateway, `team-${++counter}`);
    await settle(env.dashboard);
    const tabs = [...env.dashboard.shadowRoot!.querySelectorAll('[role="tab"]')].map((t) => t.textContent!.trim());
    expect(tabs).to.deep.equal(['Ops', 'Support']);
    expect(stored(env.dashboard, 'p-everything')).to.include({ kind: 'widget', widget: 'tool-browser', w: 6 });
    await editMode(env.dashboard);
    tileEl(env.dashboard, 'p-everything').shadowRoot!.querySelector<HTMLButtonElement>('[data-action="drag"]')!.focus();
    await shiftPress('ArrowLeft');
    await announced(/Resized/);
    expect(stored(env.dashboard, 'p-everything').w).to.equal(5);
    expect(env.dashboard.layout.store!.active()!.changed).to.equal(true);
    (env.dashboard.shadowRoot!.querySelector('[data-action="reset-layout"]') as HTMLButtonElement).click();
    await announced(/team layout is back/);
    expect(stored(env.dashboard, 'p-everything').w).to.equal(6);
    // The Support tab works too.
    (env.dashboard.shadowRoot!.querySelector('#tab-support') as HTMLButtonElement).click();
    await settle(env.dashboard);
    expect(env.dashboard.layout.store!.active()!.id).to.equal('support');
    expect(tiles(env.dashboard).map((t) => t.tile!.id)).to.deep.equal(['log']);
  });

  it('a layout naming a missing server or widget shows a placeholder saying so; the other tiles work', async () => {
    env.dashboard = await mount(env.gateway, `team-${++counter}`);
    await settle(env.dashboard);
    const ghost = tileEl(env.dashboard, 's-ghost');
    expect(ghost.textContent).to.contain('"ghost", which is not in the config');
    await waitFor(
      () => /not installed/.test(tileEl(env.dashboard!, 'p-missing-widget').textContent ?? ''),
      20_000,
      'the missing widget placeholder',
    );
    expect(tileEl(env.dashboard, 'p-missing-widget').textContent).to.contain('"no-such-widget"');
    const card = await env.card('everything');
    expect(card.phase).to.equal('ready');
    expect(card.widgetType).to.equal('tool-browser');
  });
});
