import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../support/gateway-process.mjs';
import { useServedDashboard } from '../support/served-dashboard.js';
import { addVirtualAuthenticator } from '../support/virtual-authenticator.mjs';

// What a user meets with the shipped default config: they open the printed http://localhost:<port>
// address (WebAuthn refuses IP addresses), the page stays on it, and a strict passkey action of the
// MCPlet demo server runs with a (virtual) authenticator.

const served = useServedDashboard(async () => ({
  config: JSON.parse(await readFile(join(repoRoot, 'mcp-dashboard.config.json'), 'utf8')),
  exchange: false,
}));

test('the printed localhost address opens the dashboard in one document load, and a passkey action runs end to end', async () => {
  assert.match(served.gateway.url, /^http:\/\/localhost:\d+\/#code=[A-Za-z0-9_-]{43}$/);
  const page = await served.browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const cdp = await page.context().newCDPSession(page);
  const authenticatorId = await addVirtualAuthenticator(cdp);

  let documentLoads = 0;
  page.on('domcontentloaded', () => (documentLoads += 1));
  await page.goto(served.gateway.url);
  await page.waitForURL(/^http:\/\/localhost:\d+\/$/);
  assert.equal(new URL(page.url()).port, String(served.gateway.port));

  const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("mcplet-demo")') });
  await card
    .locator('header')
    .getByText(/\d+ tools?\b/)
    .waitFor({ timeout: 30_000 });
  await card.getByRole('tab', { name: /Tools/ }).click();
  // The tool list is searchable and virtualised: find the tool as a person would.
  await card.getByRole('searchbox').fill('delete a note');
  // Rows exist only while the list is in view (virtualised), so scroll it there first.
  await card.locator('mcp-tool-list').scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: /Delete a note/ }).click();
  await card.getByLabel(/^id/).fill('n1');
  await card.getByRole('button', { name: 'Invoke' }).click();

  const dialog = page.getByRole('alertdialog', { name: /Let mcplet-demo run Delete a note\?/ });
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /Confirm deleting this note with your passkey/);
  await dialog.getByRole('button', { name: 'Continue with passkey' }).click();
  await card.getByText('"verifiedBy": "passkey"').waitFor({ timeout: 20_000 });

  // One document: the printed address itself; the page only dropped the spent code from the address bar.
  assert.equal(documentLoads, 1);
  assert.equal(new URL(page.url()).origin, new URL(served.gateway.url).origin);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.equal(credentials.length, 1);
  assert.equal(credentials[0]!.rpId, 'localhost');
  assert.deepEqual(problems, []);
  await page.close();
});
