import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { startOAuthFixture } from '../support/oauth-fixture.mjs';
import { launchChromium, watchProblems } from '../support/served-dashboard.js';

// What a user does with an OAuth-protected remote server, in a real Chromium: the card says the
// server needs a sign-in, Sign in opens the authorization page in a new tab, the authorization server
// (a test one that approves at once) redirects to the gateway's callback, the card connects, a tool
// call goes through; after the dashboard (gateway) restarts the card is still signed in; Sign out
// brings back Sign in.
let fixture: Awaited<ReturnType<typeof startOAuthFixture>>;
let browser: Browser;
let dir: string;
let gateway: Awaited<ReturnType<typeof startGatewayProcess>> | undefined;

before(async () => {
  fixture = await startOAuthFixture();
  dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-e2e-oauth-'));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await gateway?.stop();
  await fixture?.stop();
  await rm(dir, { recursive: true, force: true });
});

const start = () =>
  startGatewayProcess({
    config: {
      mcpServers: { remote: { url: fixture.mcpUrl } },
      dashboard: { oauth: { tokenFile: join(dir, 'tokens.json') } },
    },
  });

// The page's first connect is refused (401 → the gateway's JSON-RPC error), which the browser logs as a failed request.
const watch = (page: Page): string[] => watchProblems(page, /Failed to load resource/);

test('Sign in → new tab → callback → the card connects and a tool runs; still signed in after a restart; Sign out shows Sign in again', async () => {
  gateway = await start();
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watch(page);
  await page.goto(gateway.url);
  const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("remote")') });
  // The connection doctor says why (step auth) and holds the Sign in button; the panel does not say it twice.
  await card.getByText('Server "remote" needs you to sign in.').waitFor({ timeout: 30_000 });
  assert.equal(
    await card.getByText('This server needs you to sign in').count(),
    0,
    'one message, not two competing ones',
  );

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('button', { name: 'Sign in to remote' }).click(),
  ]);
  await card.getByText('Finish signing in on the page that opened in a new tab').waitFor();
  await tab.waitForURL(/\/oauth\/callback\?/, { timeout: 15_000 });
  assert.equal(
    new URL(tab.url()).port,
    String(gateway.port),
    'the authorization server sent the tab to the gateway\u2019s callback',
  );
  await tab.getByText('Signed in to "remote"').waitFor();
  await tab.close();

  await card
    .locator('header')
    .getByText(/1 tools?/)
    .waitFor({ timeout: 30_000 });
  await card.getByText('Signed in (mcp:tools)').waitFor();
  await card.getByRole('tab', { name: /Tools/ }).click();
  await card.getByRole('button', { name: /Who am I/ }).click();
  await card.getByRole('button', { name: 'Invoke' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  await card.getByText(/signed in as client-\S+ with scope mcp:tools/).waitFor({ timeout: 15_000 });
  const token = (await fixture.stats()).lastAccessToken as string;
  assert.ok(!(await page.content()).includes(token), 'the access token never reaches the page');
  assert.deepEqual(problems, []);
  await context.close();

  // Restart the dashboard: new port, new launch token, same token file.
  const authorizations = (await fixture.stats()).authorizations;
  await gateway.stop();
  gateway = await start();
  const page2 = await browser.newPage();
  const problems2 = watch(page2);
  await page2.goto(gateway.url);
  const card2 = page2.locator('mcp-widget-card').filter({ has: page2.locator('h2:text-is("remote")') });
  await card2
    .locator('header')
    .getByText(/1 tools?/)
    .waitFor({ timeout: 30_000 });
  await card2.getByText('Signed in (mcp:tools)').waitFor({ timeout: 10_000 });
  assert.equal(await card2.getByRole('button', { name: 'Sign in to remote' }).count(), 0);
  assert.equal((await fixture.stats()).authorizations, authorizations, 'no new sign-in was needed');

  await card2.getByRole('button', { name: 'Sign out of remote' }).click();
  await card2.getByRole('button', { name: 'Sign in to remote' }).waitFor({ timeout: 10_000 });
  assert.equal(
    await card2
      .locator('header')
      .getByText(/1 tools?/)
      .count(),
    0,
    'the widget is gone',
  );
  assert.ok(
    !(await readFile(join(dir, 'tokens.json'), 'utf8')).includes('access_token'),
    'the gateway forgot the tokens',
  );
  assert.deepEqual(problems2, []);
  await page2.close();
});
