import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromePath, CHROME_ARGS } from '../support/chrome.mjs';
import { repoRoot, startGatewayProcess } from '../support/gateway-process.mjs';

// What a user does after `npm install && npm start`: the shipped default config, the printed URL,
// a real Chromium, a tool call through the confirmation dialog.
let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
let browser: Browser;

before(async () => {
  const config = JSON.parse(await readFile(join(repoRoot, 'mcp-dashboard.config.json'), 'utf8'));
  gateway = await startGatewayProcess({ config });
  browser = await chromium.launch({
    executablePath: chromePath(),
    args: CHROME_ARGS.filter((a) => a !== '--headless=new'),
  });
});

after(async () => {
  await browser?.close();
  await gateway?.stop();
});

test('npm start: the printed URL opens the dashboard with the three default servers live, and echo round-trips through the dialog', async () => {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  await page.goto(await gateway.launchUrl());
  // The token leaves the address bar once read.
  assert.equal(new URL(page.url()).hash, '');
  for (const name of ['everything', 'basic-vanillajs', 'system-monitor']) {
    const header = page
      .locator('mcp-widget-card')
      .filter({ has: page.locator(`h2:text-is("${name}")`) })
      .locator('header');
    await header.getByText(/\d+ tools, \d+ resources, \d+ prompts/).waitFor({ timeout: 30_000 });
  }
  const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("everything")') });
  await card.getByRole('tab', { name: /Tools/ }).click();
  await card.getByRole('button', { name: /Echo Tool/ }).click();
  await card.getByRole('textbox', { name: /message/ }).fill('hello from npm start');
  await card.getByRole('button', { name: 'Invoke' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /Invoke tool: everything:echo/);
  assert.match(await dialog.innerText(), /"message": "hello from npm start"/);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await card.getByText('Echo: hello from npm start').waitFor({ timeout: 15_000 });
  assert.deepEqual(problems, []);
  // Reloading keeps the session token for this tab.
  await page.reload();
  await page.locator('mcp-widget-card').first().locator('header').getByText(/tools/).waitFor({ timeout: 30_000 });
  await page.close();
});
