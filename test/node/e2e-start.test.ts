// Start-up as a user meets it, in real Chromium against a real gateway: the printed
// address is the one page the dashboard loads (no second document), and nothing in the browser's
// history holds the access token or a code that still works; cards below the window's edge show the
// right state when scrolled to.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { syntheticConfig } from '../../bench/lib/servers.mjs';
import { launchChromium } from '../support/served-dashboard.js';
import { gatewayRequest, repoRoot, startGatewayProcess } from '../support/gateway-process.mjs';

const HEALTHY = 11;
let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
let browser: Browser;
/** The first page's access token (the printed code is single use); later pages get fresh codes with it. */
let pageToken: string | undefined;

before(async () => {
  const config = syntheticConfig(HEALTHY, { tools: 7, resources: 2, prompts: 1 });
  // Last in the list, so below the window's edge: a server that exits at once, with its reason on stderr.
  (config.mcpServers as Record<string, unknown>).zz_broken = {
    command: process.execPath,
    args: [join(repoRoot, 'test', 'fixtures', 'exit-with-stderr.mjs')],
  };
  gateway = await startGatewayProcess({ config, exchange: false });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await gateway?.stop();
});

test('the printed address is the page: one document load, the code leaves the address at once, history holds neither the token nor a live code', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  try {
    const page = await context.newPage();
    const documents: string[] = [];
    page.on('domcontentloaded', () => documents.push(page.url()));
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(gateway.printedUrl);
    await page.waitForFunction(
      () => (document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? []).length > 0,
    );
    await page.waitForFunction(() =>
      /7 tools, /.test(
        document
          .querySelector('mcp-dashboard')
          ?.shadowRoot?.querySelector('mcp-widget-card')
          ?.shadowRoot?.querySelector('header')?.textContent ?? '',
      ),
    );
    assert.equal(documents.length, 1, `one document load, not ${documents.length}: ${documents.join(', ')}`);
    assert.ok(documents[0]!.startsWith(`http://localhost:${gateway.port}/`), documents[0]);
    assert.equal(page.url(), `http://localhost:${gateway.port}/`, 'the code has left the address bar');
    assert.equal(
      new URL(gateway.printedUrl).origin,
      `http://localhost:${gateway.port}`,
      'the printed address is on localhost (passkeys refuse IP addresses), so nothing moves the page',
    );
    const token = await page.evaluate(() => sessionStorage.getItem('mcp-dashboard.token'));
    assert.ok(token && token.length >= 40, 'the page spent the code for its token');
    pageToken = token!;
    const cdp = await context.newCDPSession(page);
    const { entries } = (await cdp.send('Page.getNavigationHistory')) as { entries: Array<{ url: string }> };
    assert.deepEqual(
      entries.map((e) => e.url).filter((u) => u !== 'about:blank'),
      [`http://localhost:${gateway.port}/`],
      'one history entry for the dashboard (after the new tab\u2019s about:blank), without the code',
    );
    for (const url of [...entries.map((e) => e.url), ...requests])
      assert.equal(url.includes(token!), false, `the token is in ${url}`);
    // The code the address carried is spent: opening the printed address again is refused (the sentinel: the same request with a fresh code works).
    const again = await gatewayRequest(gateway.port, 'POST', '/api/launch/exchange', {
      body: JSON.stringify({ code: gateway.code }),
    });
    assert.equal(again.status, 401, again.body);
  } finally {
    await context.close();
  }
});

test('cards below the window\u2019s edge show their state when scrolled to: tool counts, and the broken server\u2019s reason', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 600 } });
  try {
    const page = await context.newPage();
    assert.ok(pageToken, 'needs the first test\u2019s page token');
    const fresh = await gatewayRequest(gateway.port, 'POST', '/api/launch/codes', { token: pageToken });
    await page.goto(JSON.parse(fresh.body).url);
    const cards = page.locator('mcp-widget-card');
    await page.waitForFunction(
      (n) =>
        (document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? []).length === n,
      HEALTHY + 1,
    );
    const last = cards.filter({ has: page.locator('h2', { hasText: /^s011$/ }) });
    const broken = cards.filter({ has: page.locator('h2', { hasText: /^zz_broken$/ }) });
    // They start below the fold (the sentinel: were they on screen, this test would not test lazy rendering).
    const viewportHeight = page.viewportSize()!.height;
    assert.ok((await broken.boundingBox())!.y > viewportHeight, 'the broken server\u2019s card starts off screen');
    await last.scrollIntoViewIfNeeded();
    await last.getByText(/7 tools, 2 resources, 1 prompt\b/).waitFor({ state: 'visible' });
    await broken.scrollIntoViewIfNeeded();
    await broken
      .getByText(/NOTES_API_KEY is not set/)
      .first()
      .waitFor({ state: 'visible' });
    assert.equal(await broken.getByText(/\d+ tools, /).count(), 0, 'no tool count for a server that never answered');
  } finally {
    await context.close();
  }
});
