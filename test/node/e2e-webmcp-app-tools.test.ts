import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromePath, playwrightChromeArgs } from '../support/chrome.mjs';
import { repoRoot, startGatewayProcess } from '../support/gateway-process.mjs';
import { openExampleApp, viewIn } from '../support/example-apps.js';
import { textOf, type Result } from '../support/webmcp-page.js';

// App-provided tools through a real WebMCP agent client: Chromium with --enable-features=WebMCP implements
// document.modelContext, playwright-core's page.webmcp lists and calls what the page registered. A person opens
// an MCP App whose view offers a tool of its own (tools/list on the view); the agent finds it among the page's
// tools, calls it, the person confirms in the usual dialog (naming the app and the server), the view runs it.

let gateway: Awaited<ReturnType<typeof startGatewayProcess>> | undefined;
let browser: Browser | undefined;
let page: Page;

before(async () => {
  const config = JSON.parse(await readFile(join(repoRoot, 'mcp-dashboard.config.json'), 'utf8'));
  config.mcpServers = { apps: { command: 'node', args: ['test/fixtures/layout-app-server.mjs'] } };
  // The default config's passkey verifiers and pools name its own servers: this file has only the app server.
  delete config.dashboard.passkeys;
  config.dashboard.webmcp = { enabled: true, agent: 'notes-agent' };
  config.dashboard.agents = { 'notes-agent': { pools: ['notes-pool'], widgetActions: 'all' } };
  gateway = await startGatewayProcess({ config });
  browser = await chromium.launch({
    executablePath: chromePath(),
    args: playwrightChromeArgs({ enableFeatures: ['WebMCP'] }),
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(gateway.url);
  await page.waitForURL(/^http:\/\/localhost:\d+\/$/);
});

after(async () => {
  await browser?.close();
  await gateway?.stop();
});

async function registered(): Promise<string[]> {
  return (await page.webmcp.tools()).map((t) => t.name);
}

test('an agent calls a tool the open app offers: registered while the app is open, confirmed by the person, run by the view', async () => {
  // The tile appears once the person confirmed the call that opens it.
  const opening = openExampleApp(page, { name: 'apps', command: '', tool: 'tools-view', shows: /painted/ });
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^(Allow once|Confirm)$/ })
    .first()
    .click();
  const tile = await opening;
  await viewIn(tile).locator('#painted').waitFor({ timeout: 20_000 });
  let names: string[] = [];
  for (let i = 0; i < 80 && !names.includes('apps__app.set_color'); i++) {
    await page.waitForTimeout(250);
    names = await registered();
  }
  assert.ok(names.includes('apps__app.set_color'), `registered: ${names.join(', ')}`);
  const spec = (await page.webmcp.tools()).find((t) => t.name === 'apps__app.set_color')!;
  assert.match(spec.description ?? '', /offered by the MCP App "Painter" of server "apps"/);

  const call = page.webmcp.callTool('apps__app.set_color', { color: 'navy' });
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 15_000 });
  const asked = await dialog.innerText();
  assert.match(asked, /Set colour \(offered by the app Painter\)/);
  assert.match(asked, /notes-agent/);
  await dialog
    .getByRole('button', { name: /^(Allow once|Confirm)$/ })
    .first()
    .click();
  const result = (await call) as Result;
  assert.ok(!result.isError, textOf(result));
  assert.equal(textOf(result), 'painted navy');
  assert.equal(await viewIn(tile).locator('#painted').innerText(), 'painted navy');

  // Closed, the app's tool leaves the model context at once.
  await tile.getByRole('button', { name: 'Close app' }).click();
  await tile.locator('mcp-app-frame').waitFor({ state: 'detached', timeout: 10_000 });
  for (let i = 0; i < 40 && names.includes('apps__app.set_color'); i++) {
    await page.waitForTimeout(250);
    names = await registered();
  }
  assert.ok(!names.includes('apps__app.set_color'), `still registered: ${names.join(', ')}`);
});
