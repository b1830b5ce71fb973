// Two more of a person's journeys in Firefox (Debian's firefox-esr over WebDriver BiDi, real mouse clicks and key
// presses): installing a signed widget from a registry (the bundle's sha256 and its ES256 signature are checked
// by the page, with Firefox's WebCrypto) and using it through the confirmation dialog; and editing the layout
// (add a tile through the form, move one with the keyboard) so that the change survives a reload.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { buildRegistryFixture, makeRegistry, startRegistryProcess } from '../support/registry-fixture.mjs';
import { click, dialogText, firefoxSkip, launchFirefox, until } from '../support/firefox.js';

const DASHBOARD = `document.querySelector('mcp-dashboard')`;

/** The active dashboard's tiles as the page stores them. */
async function storedTiles(page: Page): Promise<{ id: string; kind: string; server: string; x: number; y: number }[]> {
  return (await page.evaluate(
    `${DASHBOARD}.layout.store.active().tiles.map(({ id, kind, server, x, y }) => ({ id, kind, server, x, y }))`,
  )) as { id: string; kind: string; server: string; x: number; y: number }[];
}

/** What the page last announced politely (the screen reader's line). */
async function announced(page: Page, text: RegExp): Promise<void> {
  await page.waitForFunction(
    `${JSON.stringify(text.source)} && new RegExp(${JSON.stringify(text.source)}).test(document.querySelector('[data-mcp-announcer="polite"]')?.textContent ?? '')`,
    { timeout: 10_000, polling: 100 },
  );
}

describe(
  'Firefox ESR: install a signed widget from a registry and use it; edit the layout and keep it',
  { skip: firefoxSkip },
  () => {
    let registry: Awaited<ReturnType<typeof startRegistryProcess>>;
    let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
    let browser: Browser;
    let page: Page;
    const pageErrors: string[] = [];

    before(async () => {
      const fixture = await buildRegistryFixture();
      registry = await startRegistryProcess(await makeRegistry(fixture, ['@acme/echo-widget@1.0.0']));
      gateway = await startGatewayProcess({
        config: {
          mcpServers: {
            everything: { command: 'mcp-server-everything', args: ['stdio'] },
            'basic-vanillajs': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'] },
          },
          dashboard: {
            registries: [{ url: registry.url, name: 'Acme test registry' }],
            publisherKeys: [{ publisher: fixture.publisher, publicKey: fixture.publicKey }],
          },
        },
        exchange: false,
      });
      browser = await launchFirefox();
      page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      page.on('pageerror', (error) => pageErrors.push(String((error as Error).message ?? error)));
      await page.goto(gateway.printedUrl);
      for (const server of ['everything', 'basic-vanillajs'])
        await until(page, { selector: 'header', text: ' tool', server }, 30_000);
    });

    after(async () => {
      await browser?.close();
      await gateway?.stop();
      await registry?.stop();
    });

    test('Widgets: search the registry, install the verified Acme Echo after the permissions dialog, and it runs on its server through the confirmation dialog', async () => {
      await click(page, { selector: 'button[aria-controls="widget-store"]' });
      await click(page, { selector: 'input[name="q"]' });
      await page.keyboard.type('acme');
      await page.keyboard.press('Enter');
      await click(page, { selector: 'button.hit', text: 'Acme Echo 1.0.0' });
      // The page checked the signature against the pinned key (WebCrypto's ECDSA P-256, in Firefox).
      await until(page, { selector: '*', text: 'Valid ES256 signature by Acme Widgets (pinned key)' });
      await click(page, { selector: '.details button', text: 'Install' });
      const consent = `${DASHBOARD}.shadowRoot.querySelector('mcp-consent-dialog')?.shadowRoot`;
      await page.waitForFunction(`${consent}?.querySelector('dialog')?.open === true`, { timeout: 20_000 });
      assert.match((await page.evaluate(`${consent}.textContent`)) as string, /Install Acme Echo 1\.0\.0\?/);
      await click(page, { selector: '[data-action="confirm"]', text: 'Install' });
      await until(page, { selector: '[role="status"]', text: 'Installed Acme Echo 1.0.0.' }, 30_000);
      // The card of everything now shows the installed widget; a person types and presses its button.
      await until(page, { selector: '.version', text: '1.0.0', server: 'everything' }, 20_000);
      await click(page, { selector: 'input[name="message"]', server: 'everything' });
      await page.keyboard.type('hello registry');
      await click(page, { selector: 'button[type="submit"]', text: 'Say it', server: 'everything' });
      assert.match(await dialogText(page), /Let everything run Echo Tool\?/);
      await click(page, { selector: '[data-action="confirm"]', text: 'Allow once' });
      await until(page, { selector: '.reply', text: 'Echo: hello registry', server: 'everything' }, 20_000);
      assert.deepEqual(pageErrors, [], 'no uncaught error in the page');
      await click(page, { selector: 'button[aria-controls="widget-store"]' });
    });

    test('Edit layout: add a status tile through the form, move it with the arrow keys (told when it cannot go), Done; a reload keeps both', async () => {
      const before = await storedTiles(page);
      await click(page, { selector: '[data-action="edit-layout"]' });
      await click(page, { selector: '[data-action="add-tile"]' });
      // The form loads when asked for; its selects are chosen as a person does (puppeteer's select: a real change).
      await until(page, { selector: 'mcp-add-tile' });
      const form = `${DASHBOARD}.shadowRoot.querySelector('mcp-add-tile').shadowRoot`;
      const kind = await page.evaluateHandle(`${form}.querySelector('select[name="kind"]')`);
      await (kind as ElementHandle<HTMLSelectElement>).select('status');
      const server = await page.evaluateHandle(`${form}.querySelector('select[name="server"]')`);
      await (server as ElementHandle<HTMLSelectElement>).select('basic-vanillajs');
      await click(page, { selector: 'button[type="submit"]', text: 'Add tile' });
      await announced(page, /Added .*basic-vanillajs/);
      const added = (await storedTiles(page)).filter((t) => !before.some((b) => b.id === t.id));
      assert.deepEqual(
        added.map((t) => `${t.kind}:${t.server}`),
        ['status:basic-vanillajs'],
      );
      // The new tile's move handle, focused, then real key presses. It sits in the top row with nothing above it: tiles
      // float up, so down cannot keep it anywhere and the page says so; right moves it one column.
      const id = added[0]!.id;
      const { x, y } = added[0]!;
      await page.evaluate(
        `${DASHBOARD}.shadowRoot.querySelector('mcp-tile[data-tile-id="${id}"]').shadowRoot.querySelector('[data-action="drag"]').focus()`,
      );
      await page.keyboard.press('ArrowDown');
      await announced(page, /cannot go further that way/);
      await page.keyboard.press('ArrowRight');
      await announced(page, new RegExp(`Moved: .* at column ${x + 2}, row ${y + 1}`));
      assert.equal((await storedTiles(page)).find((t) => t.id === id)?.x, x + 1, 'moved one column right');
      await click(page, { selector: '[data-action="done-layout"]' });
      await page.reload();
      // The added tile is drawn again from what the page kept.
      await page.waitForFunction(
        `${DASHBOARD}?.shadowRoot?.querySelector('mcp-tile[data-tile-id="${id}"] mcp-status-tile')?.shadowRoot?.textContent?.includes('basic-vanillajs') === true`,
        { timeout: 30_000, polling: 200 },
      );
      const kept = (await storedTiles(page)).find((t) => t.id === id);
      assert.deepEqual(kept && { kind: kept.kind, server: kept.server, x: kept.x, y: kept.y }, {
        kind: 'status',
        server: 'basic-vanillajs',
        x: x + 1,
        y,
      });
      assert.deepEqual(pageErrors, [], 'no uncaught error in the page');
    });
  },
);
