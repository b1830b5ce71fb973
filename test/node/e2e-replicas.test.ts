// A person's page through HAProxy while the replica holding its sessions is killed (SIGKILL), in a real Chromium:
// the call in flight fails in the card with a clear error, the next call succeeds without the person pressing
// anything else, and they stay signed in. Two team-mode gateways on one PostgreSQL behind deploy/haproxy.cfg.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
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
    // What the page sent and got, and what it logged: printed if the journey fails.
    const trace = traceJourney(page);
    try {
      await journey(page, trace);
    } catch (error) {
      console.error(trace.report(cluster));
      throw error;
    }
    assert.equal(new URL(page.url()).origin, cluster.base, 'still on the dashboard, signed in');
    await page.context().close();
  },
);

/** What the card shows when a call fails. */
const failure = (card: Locator) => card.getByText(/error|failed|lost|could not/i);

async function journey(page: Page, trace: Trace): Promise<void> {
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
  const holder = trace.holder();
  assert.ok(holder >= 0, 'the balancer named the replica');
  // Sentinels: until the kill, one MCP session and the call still running. An attach of the page's event stream
  // that reached the other replica used to end the session, and the call on it, with no replica down.
  assert.equal(trace.sent('initialize'), 1, 'the page opened one MCP session before the kill');
  // The balancer's cookie kept the whole page on one replica, its event stream with its session.
  assert.deepEqual(trace.answeredBy(), [holder], 'one replica answered the page before the kill');
  assert.equal(await failure(card).count(), 0, 'the call is still running when its replica dies');
  await cluster.kill(holder);
  // The call in flight ends with an error the card shows.
  await failure(card).first().waitFor({ timeout: 30_000 });

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
}

type Trace = ReturnType<typeof traceJourney>;

/**
 * Records the page's API and MCP requests (path, JSON-RPC method, session, status, replica) and its console, with
 * times, and which replica answered for the MCP session.
 */
function traceJourney(page: Page) {
  const start = Date.now();
  const lines: string[] = [];
  const methods: string[] = [];
  let holder = -1;
  const answeredBy = new Set<number>();
  const at = () => `${((Date.now() - start) / 1000).toFixed(2)}s`;
  const path = (url: string) => new URL(url).pathname;
  const traced = (url: string) => /^\/(mcp|api)\//.test(path(url));
  const rpc = (body: string | null) => {
    try {
      const message = JSON.parse(body ?? '') as { method?: string; id?: unknown };
      return message.method ? `${message.method}#${String(message.id ?? '-')}` : 'reply';
    } catch {
      return '';
    }
  };
  page.on('request', (request) => {
    if (!traced(request.url())) return;
    const method = rpc(request.postData());
    methods.push(method.split('#')[0]!);
    const session = request.headers()['mcp-session-id'] ?? '-';
    lines.push(`${at()} → ${request.method()} ${path(request.url())} ${method} session=${session.slice(0, 8)}`);
  });
  page.on('response', (response) => {
    if (!traced(response.url())) return;
    const replica = response.headers()['x-mcpd-replica'];
    if (replica) answeredBy.add(cluster.replicaOf(replica));
    if (replica && path(response.url()) === '/mcp/everything') holder = cluster.replicaOf(replica);
    const request = response.request();
    lines.push(
      `${at()} ← ${response.status()} ${request.method()} ${path(request.url())} ${rpc(request.postData())} replica=${replica ?? '?'}`,
    );
  });
  page.on('requestfailed', (request) => {
    if (traced(request.url()))
      lines.push(`${at()} ✗ ${request.method()} ${path(request.url())} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('console', (m) => {
    if (m.type() !== 'debug') lines.push(`${at()} console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => lines.push(`${at()} pageerror: ${e.message}`));
  return {
    /** The replica (0-based) that last answered on /mcp/everything, -1 before any did. */
    holder: () => holder,
    /** The replicas (0-based) that answered the page's API and MCP requests so far. */
    answeredBy: () => [...answeredBy].sort(),
    /** How many requests of this JSON-RPC method the page sent. */
    sent: (method: string) => methods.filter((m) => m === method).length,
    report(replicas: Replicas): string {
      const logs = replicas.replicas.map((r, i) => `--- replica ${i} stderr (tail)\n${r.stderr().slice(-3000)}`);
      return ['--- the page, from sign-in', ...lines, ...logs].join('\n');
    },
  };
}
