// Team mode in a real Chromium, with a remote server each person signs in to with their own account: bob presses
// Sign in on the card, finishes at the server's authorization page in a new tab, and his call reaches the server
// as him; ada, in another browser, still meets Sign in (bob's sign-in is his alone). The built gateway, the
// team's OpenID provider (oidc-provider), and the OAuth-protected fixture server, whose whoami says whose token
// it got.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startOAuthFixture } from '../support/oauth-fixture.mjs';
import { launchChromium, watchProblems } from '../support/served-dashboard.js';
import { signInInBrowser } from '../support/team-browser.js';
import { startTeam, type TeamGateway } from '../support/team-fixture.js';

let fixture: Awaited<ReturnType<typeof startOAuthFixture>>;
let team: TeamGateway;
let browser: Browser;
before(async () => {
  fixture = await startOAuthFixture();
  team = await startTeam({
    servers: { remote: { url: fixture.mcpUrl } },
    roles: [
      { name: 'ops', groups: ['ops'], admin: true, servers: { '*': { tools: '*' } } },
      { name: 'eng', groups: ['eng'], servers: { remote: { tools: '*' } } },
    ],
    team: { tokenKey: '${env:DASH_TOKEN_KEY}' },
    env: { DASH_TOKEN_KEY: randomBytes(32).toString('hex') },
  });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await team?.stop();
  await fixture?.stop();
});

const remoteCard = (page: Page) =>
  page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("remote")') });

test(
  'a member signs in to a remote server with their own account from the card; another member still meets Sign in',
  { timeout: 180_000 },
  async () => {
    const page = await signInInBrowser(browser, team, 'bob');
    // The page's first connect is refused (401 → the gateway's JSON-RPC error), which the browser logs.
    const problems = watchProblems(page, /Failed to load resource/);
    // The fixture's authorization server signs in whichever test user the request names: here, bob's account.
    await page.context().route(
      (url) => url.pathname === '/authorize',
      (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set('test_user', 'bob');
        return route.continue({ url: url.href });
      },
    );
    const card = remoteCard(page);
    await card.getByText('Server "remote" needs you to sign in.').waitFor({ timeout: 30_000 });
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByRole('button', { name: 'Sign in to remote' }).click(),
    ]);
    await tab.waitForURL(/\/oauth\/callback\?/, { timeout: 15_000 });
    await tab.getByText('Signed in to "remote"').waitFor();
    await tab.close();
    await card
      .locator('header')
      .getByText(/1 tools?/)
      .waitFor({ timeout: 30_000 });
    await card.getByRole('tab', { name: /Tools/ }).click();
    await card.getByRole('button', { name: /Who am I/ }).click();
    await card.getByRole('button', { name: 'Invoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Allow once' }).click();
    await card.getByText(/for user bob/).waitFor({ timeout: 15_000 });
    assert.deepEqual(problems, []);

    // ada, in her own browser: bob's sign-in is not hers (the sentinel: with one shared token she would be connected).
    const other = await signInInBrowser(browser, team, 'ada');
    const hers = remoteCard(other);
    await hers.getByText('Server "remote" needs you to sign in.').waitFor({ timeout: 30_000 });
    assert.equal(await hers.getByRole('button', { name: 'Sign in to remote' }).count(), 1);
    await page.context().close();
    await other.context().close();
  },
);
