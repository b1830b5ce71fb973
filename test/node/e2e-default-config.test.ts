import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../support/gateway-process.mjs';
import { useServedDashboard, watchProblems } from '../support/served-dashboard.js';

// What a user does after `npm install && npm start`: the shipped default config, the printed URL,
// a real Chromium, a tool call through the confirmation dialog.

const served = useServedDashboard(async () => ({
  config: JSON.parse(await readFile(join(repoRoot, 'mcp-dashboard.config.json'), 'utf8')),
}));

test('npm start: the printed URL opens the dashboard with the three default servers live, and echo round-trips through the dialog', async () => {
  const page = await served.browser.newPage();
  const problems = watchProblems(page);
  await page.goto(await served.gateway.launchUrl());
  // The token leaves the address bar once read.
  assert.equal(new URL(page.url()).hash, '');
  for (const name of ['everything', 'basic-vanillajs', 'system-monitor']) {
    const header = page
      .locator('mcp-widget-card')
      .filter({ has: page.locator(`h2:text-is("${name}")`) })
      .locator('header');
    await header.getByText(/\d+ tools?, \d+ resources?, \d+ prompts?/).waitFor({ timeout: 30_000 });
  }
  const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("everything")') });
  await card.getByRole('tab', { name: /Tools/ }).click();
  await card.getByRole('button', { name: /Echo Tool/ }).click();
  await card.getByRole('textbox', { name: /message/ }).fill('hello from npm start');
  await card.getByRole('button', { name: 'Invoke' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /Let everything run Echo Tool\?/);
  assert.match(await dialog.innerText(), /message\s+hello from npm start/);
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  await card.getByText('Echo: hello from npm start').waitFor({ timeout: 15_000 });
  assert.deepEqual(problems, []);
  // Reloading keeps the session token for this tab.
  await page.reload();
  await page.locator('mcp-widget-card').first().locator('header').getByText(/tools/).waitFor({ timeout: 30_000 });
  await page.close();
});
