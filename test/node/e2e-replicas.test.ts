// A person's page through HAProxy while the replica holding its sessions is killed (SIGKILL), in a real Chromium:
// the call in flight fails in the card with a clear error, the next call succeeds without the person pressing
// anything else, and they stay signed in. Two team-mode gateways on one PostgreSQL behind deploy/haproxy.cfg.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startPostgres, type Postgres } from '../support/postgres.js';
import { startReplicas, type Replicas } from '../support/replicas.js';
import { launchChromium } from '../support/served-dashboard.js';
import { signInInBrowser } from '../support/team-browser.js';

let postgres: Postgres;
let cluster: Replicas;
let browser: Browser;
before(async () => {
  postgres = await startPostgres();
  cluster = await startReplicas(2, { databaseUrl: postgres.url });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await cluster?.stop();
  await postgres?.stop();
});

test(
  'the replica holding the page\u2019s session dies: the call in flight fails in the card, the next one succeeds, nobody signs in again',
  { timeout: 180_000 },
  async () => {
    const page = await signInInBrowser(browser, cluster, 'bob');
    let holder = -1;
    page.on('response', (response) => {
      const replica = response.headers()['x-mcpd-replica'];
      if (replica && new URL(response.url()).pathname === '/mcp/everything') holder = cluster.replicaOf(replica);
    });
    const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("everything")') });
    await card
      .locator('header')
      .getByText(/2 tools/)
      .waitFor({ timeout: 60_000 });
    await card.getByRole('tab', { name: /Tools/ }).click();
    await card.getByRole('button', { name: /Trigger Long Running Operation/ }).click();
    await card.getByRole('spinbutton', { name: /^duration/ }).fill('20');
    await card.getByRole('button', { name: 'Invoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Allow once' }).click();
    await page.waitForTimeout(1_500);
    assert.ok(holder >= 0, 'the balancer named the replica');
    await cluster.kill(holder);
    // The call in flight ends with an error the card shows.
    await card
      .getByText(/error|failed|lost|could not/i)
      .first()
      .waitFor({ timeout: 30_000 });

    // The next call: no reconnect button, no sign-in; only the usual confirmation.
    await card.getByRole('button', { name: /Get Sum/ }).click();
    await card.getByRole('spinbutton', { name: /^a/ }).fill('40');
    await card.getByRole('spinbutton', { name: /^b/ }).fill('2');
    await card.getByRole('button', { name: 'Invoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Allow once' }).click({ timeout: 30_000 });
    await card
      .getByText(/\b42\b/)
      .first()
      .waitFor({ timeout: 30_000 });
    assert.equal(new URL(page.url()).origin, cluster.base, 'still on the dashboard, signed in');
    await page.context().close();
  },
);
