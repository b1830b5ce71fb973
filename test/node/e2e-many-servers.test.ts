import { test } from 'node:test';
import assert from 'node:assert/strict';
import { syntheticConfig } from '../../bench/lib/servers.mjs';
import { useServedDashboard } from '../support/served-dashboard.js';

// A browser opens at most six HTTP/1.1 connections per origin. Before the gateway's event hub, each
// server's MCP session held one of them with a standalone SSE stream, so with six or more servers the
// remaining cards waited forever ("Could not connect: Request timed out"). Twelve servers must all load.
const SERVERS = 12;

const served = useServedDashboard({ config: syntheticConfig(SERVERS, { tools: 7, resources: 2, prompts: 1 }) });

test(`${SERVERS} servers: every card connects and shows its counts (no connection starvation)`, async () => {
  const page = await served.browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const mcpGets: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname.startsWith('/mcp/')) mcpGets.push(r.url());
  });
  await page.goto(await served.gateway.launchUrl());
  const cards = page.locator('mcp-widget-card');
  await page.waitForFunction(
    (n) => {
      const all = document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? [];
      return (
        all.length === n &&
        [...all].every((c) =>
          /7 tools, 2 resources, 1 prompt\b/.test(c.shadowRoot?.querySelector('header')?.textContent ?? ''),
        )
      );
    },
    SERVERS,
    { timeout: 90_000 },
  );
  assert.equal(await cards.count(), SERVERS);
  assert.equal(await cards.getByRole('alert').count(), 0, 'no card shows an error');
  // The servers' own event streams ride on the page's one hub stream.
  assert.deepEqual(mcpGets, []);
  // A call still round-trips on the last server while all twelve sessions are open.
  const last = cards.filter({ has: page.locator(`h2:text-is("s${String(SERVERS).padStart(3, '0')}")`) });
  await last.getByRole('tab', { name: /Tools/ }).click();
  // As a user would, find it with the search box: the virtualised list renders only the rows in view
  // and 250 px beyond, and `read-value` is the seventh row.
  await last.getByRole('searchbox').fill('read value');
  // In its tile the list may sit below the window's edge; the user scrolls to it, and its rows appear.
  await last.getByRole('list', { name: /Tools/ }).scrollIntoViewIfNeeded();
  await last.getByRole('button', { name: /Read value/ }).click();
  await last.getByRole('button', { name: 'Invoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Allow once' }).click();
  await last.getByText('value', { exact: true }).waitFor({ timeout: 15_000 });
  assert.deepEqual(problems, []);
  await page.close();
});
