import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpAppTile } from '../../src/shell/layout/app-tile.js';
import { deepQuery } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, confirmDialog, dialogOpen, selectTool, dialogIsOpen } from '../support/dashboard.js';
import { SERVERS, announced, editMode, mount, settle, shiftPress, stored, tileEl } from '../support/layout.js';
import { useDashboard } from '../support/setup.js';

let counter = 0;

describe('pinned apps as tiles', () => {
  const env = useDashboard({
    mcpServers: { apps: SERVERS.apps },
    mount: 'test',
    viewport: { width: 1400, height: 900 },
    teardown: ({ dashboard }) => {
      if (dialogIsOpen(dashboard)) answerDialog(dashboard, 'cancel');
    },
  });

  async function appTile(d: McpDashboard, tool: string): Promise<McpAppTile> {
    return waitFor(
      () => [...d.shadowRoot!.querySelectorAll<McpAppTile>('mcp-app-tile')].find((t) => t.tile?.tool === tool),
      10_000,
      `the ${tool} tile`,
    );
  }

  it('re-opens through the policy on reload: a remembered read opens with no dialog; an action asks every time', async () => {
    const profile = `apps-${++counter}`;
    env.dashboard = await mount(env.gateway, profile);
    await env.card('apps');
    env.dashboard.layout.addTile({ kind: 'app', server: 'apps', tool: 'notes-view', args: { label: 'n' } });
    await settle(env.dashboard);
    // First showing: the dashboard asks (a read may be remembered).
    let text = await dialogOpen(env.dashboard);
    expect(text).to.contain('apps:notes-view');
    (confirmDialog(env.dashboard).shadowRoot!.querySelector('input[type="checkbox"]') as HTMLInputElement).click();
    answerDialog(env.dashboard, 'confirm');
    let tile = await appTile(env.dashboard, 'notes-view');
    await waitFor(() => tile.view?.state === 'ready', 20_000, 'the view');
    env.dashboard.layout.addTile({ kind: 'app', server: 'apps', tool: 'archive-view', args: {} });
    text = await dialogOpen(env.dashboard);
    expect(text).to.contain('apps:archive-view');
    answerDialog(env.dashboard, 'confirm');
    await waitFor(
      async () => (await appTile(env.dashboard!, 'archive-view')).view?.state === 'ready',
      20_000,
      'the action view',
    );
    // Reload: the read opens silently, the action asks again.
    env.dashboard.remove();
    const calls: string[] = [];
    env.dashboard = await mount(env.gateway, profile);
    const off = env.dashboard.services!.bus.on('mcp:tool:result', (d: { toolName: string }) => calls.push(d.toolName));
    tile = await appTile(env.dashboard, 'notes-view');
    text = await dialogOpen(env.dashboard);
    expect(text).to.contain('apps:archive-view');
    expect(text).to.not.contain('notes-view');
    await waitFor(
      () => tile.view?.state === 'ready' && calls.includes('notes-view'),
      20_000,
      'the remembered read to open',
    );
    answerDialog(env.dashboard, 'cancel');
    off();
  });

  it('an app opened in a server panel stands beside it as a tile, follows its size report, and survives a move and a widget switch', async () => {
    env.dashboard = await mount(env.gateway, `apps-${++counter}`);
    const card = await env.card('apps');
    await selectTool(card, 'notes-view');
    const runner = deepQuery('mcp-tool-runner', card.shadowRoot!)!;
    const open = await waitFor(
      () => runner.shadowRoot!.querySelector<HTMLButtonElement>('button.open-app'),
      5000,
      'Open app',
    );
    open.click();
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const tile = await appTile(env.dashboard, 'notes-view');
    await waitFor(() => tile.view?.state === 'ready', 20_000, 'the view');
    const placed = env.dashboard.layout.store!.active()!.tiles.find((t) => t.kind === 'app')!;
    const panel = stored(env.dashboard, 'panel-apps');
    // Beside the panel: the next columns, overlapping its rows (tiles float up into free space).
    expect(Math.abs(placed.x - panel.x)).to.equal(panel.w);
    expect(placed.y < panel.y + panel.h && panel.y < placed.y + placed.h).to.equal(true);
    // Size follows size-changed (220 px of view): the tile is tall enough for the frame, no more than a row over.
    const frame = tile.shadowRoot!.querySelector('mcp-app-frame')!;
    await waitFor(
      () =>
        !frame.hasAttribute('fill') &&
        tileEl(env.dashboard!, placed.id).getBoundingClientRect().height >= frame.getBoundingClientRect().height,
      5000,
      'the tile to fit its app',
    );
    const iframe = tile.view!.frameElement!;
    let loads = 0;
    iframe.addEventListener('load', () => loads++);
    // Move it, then switch the panel's widget: same iframe, still running, never reloaded.
    await editMode(env.dashboard);
    tileEl(env.dashboard, placed.id).shadowRoot!.querySelector<HTMLButtonElement>('[data-action="drag"]')!.focus();
    // Sideways, not down: tiles float up, so a tile with room above it cannot stay lower (the page says so).
    const right = placed.x + placed.w < 12;
    await sendKeys({ press: right ? 'ArrowRight' : 'ArrowLeft' });
    await announced(/Moved/);
    expect(stored(env.dashboard, placed.id).x).to.equal(placed.x + (right ? 1 : -1));
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
    // It floats in the window's corner, not inside its tile: the tile drops the containment it uses to
    // skip rendering while off screen, which would otherwise pin a position: fixed frame inside it.
    const holder = frame.closest('mcp-tile') ?? (frame.getRootNode() as ShadowRoot).host.closest('mcp-tile')!;
    expect(holder.hasAttribute('overlay')).to.equal(true);
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    expect(frame.getBoundingClientRect().right).to.be.closeTo(innerWidth - rem, 2);
    expect(frame.getBoundingClientRect().bottom).to.be.closeTo(innerHeight - rem, 2);
    tile.view!.setDisplayMode('inline');
    await waitFor(() => !holder.hasAttribute('overlay'), 5000, 'the tile to take its frame back');
  });

  it('an app with no size report fills its tile and grows with it: nothing is clipped', async () => {
    env.dashboard = await mount(env.gateway, `apps-${++counter}`);
    await env.card('apps');
    env.dashboard.layout.addTile({ kind: 'app', server: 'apps', tool: 'tall-view', args: {} });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const tile = await appTile(env.dashboard, 'tall-view');
    await waitFor(() => tile.view?.state === 'ready', 20_000, 'the view');
    const frame = tile.shadowRoot!.querySelector('mcp-app-frame')!;
    expect(frame.hasAttribute('fill')).to.equal(true);
    const iframe = tile.view!.frameElement!;
    const before = iframe.getBoundingClientRect().height;
    expect(before).to.be.greaterThan(240);
    // The frame ends inside the tile (no silent clip by the tile).
    const id = tile.closest('mcp-tile')!.dataset.tileId!;
    expect(iframe.getBoundingClientRect().bottom).to.be.at.most(
      tileEl(env.dashboard, id).getBoundingClientRect().bottom + 1,
    );
    await editMode(env.dashboard);
    tileEl(env.dashboard, id).shadowRoot!.querySelector<HTMLButtonElement>('[data-action="drag"]')!.focus();
    const tileBefore = tileEl(env.dashboard, id).getBoundingClientRect().height;
    for (let i = 0; i < 4; i++) await shiftPress('ArrowDown');
    await settle(env.dashboard);
    await waitFor(
      () => tileEl(env.dashboard!, id).getBoundingClientRect().height > tileBefore + 150,
      5000,
      `the tile to grow (${JSON.stringify(stored(env.dashboard!, id))})`,
    );
    await waitFor(
      () => iframe.getBoundingClientRect().height > before + 150,
      5000,
      `the view to grow with its tile (${iframe.getBoundingClientRect().height} px; frame ${frame.getBoundingClientRect().height} px)`,
    );
    expect((stored(env.dashboard, id) as { sized?: boolean }).sized).to.equal(true);
  });
  it('a tile follows every size its app reports, growing and shrinking, with no scroll box, until the person sizes it; Fit the app gives the height back', async () => {
    env.dashboard = await mount(env.gateway, `apps-${++counter}`);
    await env.card('apps');
    env.dashboard.layout.addTile({ kind: 'app', server: 'apps', tool: 'resizing-view', args: {} });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const tile = await appTile(env.dashboard, 'resizing-view');
    await waitFor(() => tile.view?.state === 'ready', 20_000, 'the view');
    const id = tile.closest('mcp-tile')!.dataset.tileId!;
    const frame = tile.shadowRoot!.querySelector('mcp-app-frame')!;
    const iframe = tile.view!.frameElement!;
    const row = 3.25 * parseFloat(getComputedStyle(document.documentElement).fontSize);
    const body = () => tileEl(env.dashboard!, id).shadowRoot!.querySelector<HTMLElement>('.body')!;
    const heights = () =>
      `iframe ${iframe.getBoundingClientRect().height} px, frame ${frame.getBoundingClientRect().height} px, tile ${tileEl(env.dashboard!, id).getBoundingClientRect().height} px (${stored(env.dashboard!, id).h} rows)`;
    // The app's whole height is shown: the frame is the app's reported height, the tile holds the frame with less
    // than a row to spare, and nothing scrolls inside the tile.
    const fits = (app: number) =>
      waitFor(
        () => {
          const tileHeight = tileEl(env.dashboard!, id).getBoundingClientRect().height;
          const frameHeight = frame.getBoundingClientRect().height;
          return (
            Math.abs(iframe.getBoundingClientRect().height - app) < 1 &&
            !frame.hasAttribute('fill') &&
            tileHeight >= frameHeight + 2 - 0.5 &&
            tileHeight < frameHeight + 2 + row &&
            body().scrollHeight <= body().clientHeight + 1
          );
        },
        5000,
        `the tile to fit the app at ${app} px (${heights()})`,
      );
    /**
     * Clicks a button inside the view, as a person does (the view's Grow is at 0–100 px, Shrink at 110–210 px). The
     * view runs in a frame of another site (its own origin, a process of its own): on a busy machine Chromium may not
     * have its new place yet and the click lands nowhere. A click that changed nothing within 3 s is made again; one
     * that changed the view's height is not (Grow adds to it).
     */
    const press = async (x: number) => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        iframe.scrollIntoView({ block: 'center' });
        await settle(env.dashboard!);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const r = iframe.getBoundingClientRect();
        await sendMouse({ type: 'click', position: [Math.round(r.left + x), Math.round(r.top + 20)] });
        const changed = await waitFor(
          () => Math.abs(iframe.getBoundingClientRect().height - r.height) >= 1,
          3000,
          'a click',
        )
          .then(() => true)
          .catch(() => false);
        if (changed) return;
      }
    };
    await fits(300);
    await press(50);
    await fits(600);
    await press(160);
    await fits(150);
    await press(50);
    await fits(450);
    // The person makes it a row taller: from now on their height wins, and the page says how to give it back.
    await editMode(env.dashboard);
    tileEl(env.dashboard, id).shadowRoot!.querySelector<HTMLButtonElement>('[data-action="drag"]')!.focus();
    const rowsBefore = stored(env.dashboard, id).h;
    await shiftPress('ArrowDown');
    await announced(/keeps this height now; Fit the app/);
    expect(stored(env.dashboard, id)).to.include({ h: rowsBefore + 1, sized: true });
    env.dashboard.layout.setEditing(false);
    await settle(env.dashboard);
    const tileHeight = tileEl(env.dashboard, id).getBoundingClientRect().height;
    await press(160);
    await waitFor(() => Math.abs(iframe.getBoundingClientRect().height - 150) < 1, 5000, 'the app to shrink');
    await press(50);
    await waitFor(() => Math.abs(iframe.getBoundingClientRect().height - 450) < 1, 5000, 'the app to grow');
    await new Promise((r) => setTimeout(r, 500));
    expect(stored(env.dashboard, id).h, heights()).to.equal(rowsBefore + 1);
    expect(tileEl(env.dashboard, id).getBoundingClientRect().height).to.be.closeTo(tileHeight, 1);
    // Fit the app (in the tile's bar in edit mode): the tile follows the app again, and stays that way after a reload.
    await editMode(env.dashboard);
    const fit = tileEl(env.dashboard, id).shadowRoot!.querySelector<HTMLButtonElement>('[data-action="fit"]')!;
    expect(fit.textContent!.trim()).to.equal('Fit the app');
    fit.click();
    await announced(/follows the height its app asks for again/);
    expect((stored(env.dashboard, id) as { sized?: boolean }).sized).to.equal(false);
    env.dashboard.layout.setEditing(false);
    await fits(450);
    await press(160);
    await fits(150);
  });
});
