import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  EXAMPLE_APPS,
  allowingDialogs,
  exampleAppServers,
  fitsApp,
  openExampleApp,
  tileFit,
  tileText,
  viewIn,
  type TileFit,
} from '../support/example-apps.js';
import { useServedDashboard } from '../support/served-dashboard.js';

// Every MCP Apps example server published on npm, in one served dashboard (one gateway for the file), opened
// one after another from its card as a person would: the app's own content is drawn inside its frame, the tile
// says Ready, and no policy refusal or error shows in the tile. Apps whose data is on the internet show their
// own message (this machine has none).

// The servers are marked shared, as their tools keep nothing per client: one process each for the file, instead of
// one per page session plus a warm spare (19 fewer starts, ~10 CPU-seconds; docs/decisions/tests-suite-time.md).
const served = useServedDashboard({
  config: { mcpServers: exampleAppServers(EXAMPLE_APPS, { shared: true }) },
  readyTimeoutMs: 90_000,
});
let opened: Page | undefined;
const outcomes: string[] = [];

/** The one dashboard page the apps open in, one after another. */
async function dashboardPage(): Promise<Page> {
  if (!opened) {
    opened = await served.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await opened.goto(await served.gateway.launchUrl());
  }
  return opened;
}

after(() => {
  if (outcomes.length) console.log(`example apps:\n${outcomes.join('\n')}`);
});

for (const app of EXAMPLE_APPS) {
  const what = app.needsInternet ? 'offline, shows why it has nothing' : 'renders its own content';
  const fit = app.fits ? ', the tile fits its height' : '';
  const hears = app.listens ? ', the fake microphone moves its level meter' : '';
  test(`MCP Apps example ${app.name}: opened from its card, the view ${what}${fit}${hears} and the tile reports no refusal`, async () => {
    const page = await dashboardPage();
    const started = Date.now();
    let fits: TileFit | undefined;
    let listened: number | undefined;
    const {
      result: { body, chrome },
      asked,
    } = await allowingDialogs(page, async () => {
      const tile = await openExampleApp(page, app);
      // Allowed in the dashboard's dialog: the app starts over in a new frame with the device in its `allow`.
      if (app.permission) await tile.locator(`iframe[allow*="${app.permission.feature}"]`).waitFor({ timeout: 20_000 });
      const view = viewIn(tile);
      // Offline, the message may be the app's own (in the view) or the tool's error (under the tile's title).
      const seen = app.needsInternet
        ? view.locator('body').or(tile.locator('mcp-app-frame section'))
        : view.locator('body');
      await seen
        .filter({ hasText: app.shows })
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(async (e: Error) => {
          const text = await view
            .locator('body')
            .innerText()
            .catch(() => '(no view)');
          throw new Error(
            `${app.name} never showed ${app.shows}; its view: ${text.slice(0, 300)}; tile: ${await tileText(tile)}`,
            { cause: e },
          );
        });
      if (app.draws) {
        const drawn = view.locator(app.draws).first();
        await drawn.waitFor({ timeout: 20_000 });
        const box = await drawn.boundingBox();
        assert.ok(box && box.width > 0 && box.height > 0, `${app.name} drew its ${app.draws}`);
      }
      if (app.interact) {
        const read = async () => (await view.locator('body').innerText()).replace(/\s+/g, ' ');
        const before = await read();
        await view.getByRole('button', { name: app.interact.button }).click();
        const deadline = Date.now() + 20_000;
        let now = await read();
        while ((now === before || !app.interact.shows.test(now)) && Date.now() < deadline) {
          await page.waitForTimeout(200);
          now = await read();
        }
        assert.notEqual(now, before, `${app.name}: pressing ${app.interact.button} changed nothing`);
        assert.match(now, app.interact.shows, `${app.name} after ${app.interact.button}: ${now.slice(0, 300)}`);
        assert.doesNotMatch(now, /\[ERROR\]/, `${app.name} after ${app.interact.button}: ${now.slice(0, 300)}`);
      }
      if (app.listens) {
        // The fake microphone's audio reaches the app: its level meter (width from an AnalyserNode) moves.
        await view.getByRole('button', { name: app.listens.button }).click();
        const level = view.locator(app.listens.level);
        let loudest = 0;
        for (let i = 0; i < 100 && loudest === 0; i++) {
          await page.waitForTimeout(100);
          const style = (await level.getAttribute('style')) ?? '';
          loudest = Math.max(loudest, Number(/width:\s*([\d.]+)%/.exec(style)?.[1] ?? 0));
        }
        listened = loudest;
        await view.getByRole('button', { name: 'Stop' }).click();
      }
      // Let the app finish what it started (its own calls, workers, scripts) before the tile is read.
      await page.waitForTimeout(1_000);
      // The tile follows the height the app reports: the whole app shows, with no scroll box inside the tile.
      const measure = () => tileFit(tile).catch(() => undefined);
      fits = await measure();
      for (let i = 0; app.fits && !(fits && fitsApp(fits)) && i < 50; i++) {
        await page.waitForTimeout(200);
        fits = await measure();
      }
      const body = (await viewIn(tile).locator('body').innerText()).replace(/\s+/g, ' ');
      const chrome = await tileText(tile);
      // Closed while its own calls may still ask (a monitor polls): the dialogs are answered until it is gone.
      await tile.getByRole('button', { name: 'Close app' }).click();
      await tile.locator('mcp-app-frame').waitFor({ state: 'detached', timeout: 10_000 });
      return { body, chrome };
    });
    outcomes.push(
      `  ${app.name}: ${Date.now() - started} ms; asked: ${asked.join(' / ')}; tile: ${chrome}; fit: ${JSON.stringify(fits)}${listened === undefined ? '' : `; level ${listened}%`}`,
    );
    if (app.permission) assert.ok(asked.includes(app.permission.asks), `${app.name} was asked: ${asked}`);
    if (app.listens) assert.ok(listened! > 0, `${app.name}'s level meter never moved (${listened})`);
    if (app.fits) assert.ok(fits && fitsApp(fits), `${app.name}'s tile fits the app: ${JSON.stringify(fits)}`);
    if (!app.needsInternet) {
      assert.match(chrome, /Ready/, `${app.name}'s tile: ${chrome}`);
      assert.doesNotMatch(chrome, /\u2717|blocked|refused|does not allow/i, `${app.name}'s tile: ${chrome}`);
      assert.doesNotMatch(
        body,
        /Content Security Policy|violates|unsafe-eval|fake worker|Error:/,
        `${app.name}'s view: ${body.slice(0, 300)}`,
      );
    }
  });
}
