#!/usr/bin/env node
// Start-up scaling. Headless Chromium opens the dashboard served by the real
// gateway (started as a user starts it) and we time navigation start → the first frame in which
// every card shows its server's tool count. Scenarios: 1, 10, 50 and 100 synthetic servers with 50
// tools each, and one server with 5,000 tools. Baseline in the same run: a bare
// @modelcontextprotocol/client in Node starting the same servers over stdio and listing what the
// dashboard lists (the protocol floor: process start + initialize + lists, no gateway, no browser).
// The gateway starts its servers before any page connects: a sample navigates once
// every server is warm (GET /api/servers says "running"), and the cold path (gateway start → cards,
// the page opened at once) is reported beside it. The default config's figures come with MCP
// Inspector 2.12 measured in the same run (bench/lib/inspector.mjs), as pairs with their ratio.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { launchBrowser, watchProblems } from './lib/browser.mjs';
import { emit, log } from './lib/contract.mjs';
import { syntheticConfig } from './lib/servers.mjs';
import { median, round } from './lib/stats.mjs';
import { startGatewayProcess } from '../test/support/gateway-process.mjs';
import { defaultConfigFigures } from './lib/startup-default.mjs';
import { untilWarm } from './lib/warm.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SCENARIOS = [
  { id: 'servers.1', label: '1 server × 50 tools', servers: 1, tools: 50, samples: 5, cold: true },
  { id: 'servers.10', label: '10 servers × 50 tools', servers: 10, tools: 50, samples: 5 },
  { id: 'servers.50', label: '50 servers × 50 tools', servers: 50, tools: 50, samples: 3 },
  { id: 'servers.100', label: '100 servers × 50 tools', servers: 100, tools: 50, samples: 3, cold: true },
  { id: 'tools.5000', label: '1 server × 5,000 tools', servers: 1, tools: 5000, samples: 3 },
];
const RESOURCES = 10;
const PROMPTS = 5;

/** Runs in the page: the wall-clock time (epoch ms) of the frame where every card shows its count. */
function allCardsShowCounts({ servers, tools }) {
  // The header formats the count for the page's language ("5,000 tools" in English).
  const pattern = new RegExp(`(^|\\D)(${tools}|${tools.toLocaleString('en-US')}) tools, `);
  const cards =
    globalThis.document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? [];
  for (const card of cards) {
    const alert = card.shadowRoot?.querySelector('[role="alert"]');
    if (alert) return { error: `${card.server?.name}: ${alert.textContent.trim()}` };
  }
  if (cards.length !== servers) return false;
  for (const card of cards) {
    if (!pattern.test(card.shadowRoot?.querySelector('header')?.textContent ?? '')) return false;
  }
  return { epoch: performance.timeOrigin + performance.now(), host: globalThis.location.host };
}

/** Runs in the page: the epoch ms at which every card's own MCP session is open (false before). */
function allSessionsOpen(servers) {
  const cards = [
    ...(globalThis.document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? []),
  ];
  return cards.length === servers && cards.every((card) => card.phase === 'ready' && !card.connecting)
    ? performance.timeOrigin + performance.now()
    : false;
}

async function dashboardSample(browser, scenario, { cold = false } = {}) {
  const config = syntheticConfig(scenario.servers, { tools: scenario.tools, resources: RESOURCES, prompts: PROMPTS });
  const gatewayStart = Date.now();
  const gateway = await startGatewayProcess({ config });
  const gatewayReady = Date.now();
  const warmMs = cold ? null : (await untilWarm(gateway)) - gatewayStart;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const problems = watchProblems(page);
    // The launch address (http://localhost:<port>/#code=…) is the page the cards appear on: one document.
    const launchUrl = await gateway.launchUrl();
    const navigationStart = Date.now();
    await page.goto(launchUrl, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      allCardsShowCounts,
      { servers: scenario.servers, tools: scenario.tools },
      { polling: 'raf', timeout: 300_000 },
    );
    const outcome = await handle.jsonValue();
    if (outcome.error) throw new Error(`a card showed an error: ${outcome.error}`);
    // A card shows what the gateway discovered before this page's own session is open:
    // the time until every card's session is open too is reported beside the figure.
    const sessions = await page
      .waitForFunction(allSessionsOpen, scenario.servers, { polling: 50, timeout: 300_000 })
      .then((h) => h.jsonValue());
    if (problems.length > 0) throw new Error(`the page reported errors: ${problems.join('; ')}`);
    const paint = await page.evaluate(() => ({
      timeOrigin: performance.timeOrigin,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      dcl: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? null,
    }));
    const shift = paint.timeOrigin - navigationStart;
    return {
      at: outcome.epoch - navigationStart,
      sessions: sessions - navigationStart,
      fromStart: outcome.epoch - gatewayStart,
      startup: gatewayReady - gatewayStart,
      warmMs,
      host: outcome.host,
      moved: shift,
      fcp: paint.fcp === null ? null : paint.fcp + shift,
      dcl: paint.dcl === null ? null : paint.dcl + shift,
    };
  } finally {
    await context.close();
    await gateway.stop();
  }
}

/** The baseline: a bare SDK client per server over stdio, everything the dashboard lists, in parallel. */
async function bareClientSample(scenario) {
  const config = syntheticConfig(scenario.servers, { tools: scenario.tools, resources: RESOURCES, prompts: PROMPTS });
  const clients = [];
  const started = performance.now();
  await Promise.all(
    Object.values(config.mcpServers).map(async (server) => {
      const client = new Client({ name: 'bench-baseline', version: '1.0.0' }, { listMaxPages: 1000 });
      clients.push(client);
      await client.connect(new StdioClientTransport(server));
      const tools = await Promise.all([
        client.listTools(),
        client.listResources(),
        client.listResourceTemplates(),
        client.listPrompts(),
      ]);
      if (tools[0].tools.length !== scenario.tools)
        throw new Error(`baseline listed ${tools[0].tools.length} tools, expected ${scenario.tools}`);
    }),
  );
  const elapsed = performance.now() - started;
  await Promise.all(clients.map((c) => c.close().catch(() => {})));
  return elapsed;
}

const browser = await launchBrowser();
const figures = [];
const firstPaint = [];
const coldFigures = [];
const errors = [];
const absent = [];
try {
  const defaults = await defaultConfigFigures(browser, { quick: QUICK });
  figures.push(...defaults.figures);
  errors.push(...defaults.errors);
  absent.push(...defaults.absent);
  for (const scenario of SCENARIOS) {
    try {
      figures.push(await measure(scenario));
    } catch (error) {
      log(`startup ${scenario.label}: did not complete: ${error.message}`);
      errors.push({
        id: `startup.${scenario.id}`,
        label: `Start-up, ${scenario.label}`,
        reason: error.message.split('\n')[0],
      });
    }
  }
} finally {
  await browser.close();
}
figures.push(...coldFigures, ...firstPaint);

async function measure(scenario) {
  const samples = QUICK ? 1 : scenario.samples;
  const dashboard = [];
  const bare = [];
  // Warm-up (not counted): first process start, first page load, Chromium's caches.
  if (scenario === SCENARIOS[0]) {
    await dashboardSample(browser, scenario);
    await bareClientSample(scenario);
  }
  const paints = [];
  for (let i = 0; i < samples; i++) {
    const sample = await dashboardSample(browser, scenario);
    dashboard.push(sample.at);
    paints.push(sample);
    bare.push(await bareClientSample(scenario));
    log(
      `startup ${scenario.label}: sample ${i + 1}/${samples}: dashboard ${dashboard.at(-1).toFixed(0)} ms, bare client ${bare.at(-1).toFixed(0)} ms`,
    );
  }
  if (scenario.cold) {
    // The cold path: `npm start` opens the page at once, while the servers are still starting.
    const cold = [];
    for (let i = 0; i < Math.min(3, samples); i++)
      cold.push((await dashboardSample(browser, scenario, { cold: true })).fromStart);
    log(
      `startup ${scenario.label}: cold (gateway start → cards, page opened at once): ${cold.map((x) => x.toFixed(0)).join(', ')} ms`,
    );
    coldFigures.push({
      id: `startup.cold.${scenario.id}`,
      label: `Start-up from the gateway's start, ${scenario.label} (page opened at once, servers still starting)`,
      value: round(median(cold), 0),
      unit: 'ms',
      baseline: { label: 'bare SDK client over stdio (Node), same servers', value: round(median(bare), 0), unit: 'ms' },
      samples: cold.length,
      notes: `median; from spawning the gateway to every card showing its tool count; samples ${cold.map((x) => x.toFixed(0)).join(', ')} ms; the warm figure's servers were warm ${round(median(paints.map((p) => p.warmMs)), 0)} ms after the gateway was spawned (median)`,
    });
  }
  if (scenario === SCENARIOS[0]) {
    const fcp = paints.map((p) => p.fcp).filter((x) => typeof x === 'number');
    const dcl = paints.map((p) => p.dcl).filter((x) => typeof x === 'number');
    if (fcp.length > 0) {
      firstPaint.push({
        id: 'startup.first-contentful-paint',
        label: 'First contentful paint (the shell is visible), 1 server',
        value: round(median(fcp), 0),
        unit: 'ms',
        samples: fcp.length,
        notes: `median, from the first navigation; DOMContentLoaded (the initial JS loaded and run) at ${round(median(dcl), 0)} ms; the page on ${paints[0].host} started ${round(median(paints.map((p) => p.moved)), 0)} ms after the navigation (one document: the launch address is the page)`,
      });
    }
  }
  return {
    id: `startup.${scenario.id}`,
    label: `Start-up, ${scenario.label}`,
    value: round(median(dashboard), 0),
    unit: 'ms',
    baseline: { label: 'bare SDK client over stdio (Node), same servers', value: round(median(bare), 0), unit: 'ms' },
    samples,
    notes: `median; navigation once every server was warm and discovered by the gateway (${round(median(paints.map((p) => p.warmMs)), 0)} ms after the gateway was spawned); dashboard samples ${dashboard.map((x) => x.toFixed(0)).join(', ')} ms; every card's own session open at ${round(median(paints.map((p) => p.sessions)), 0)} ms (median)`,
    chart: 'startup-scaling',
    chartTitle: 'Start-up: navigation → every card shows its tool count (median, ms)',
  };
}

emit({
  bench: 'startup',
  title: 'Start-up scaling',
  notes:
    `Headless Chromium opens a launch address of the kind the gateway prints (http://localhost:…/#code=…, a fresh single-use code per sample); the page stays on it ` +
    `and spends the code for its token; the time runs from the navigation (Node's clock) to the first animation frame in which every card shows "N tools" ` +
    `(checked every frame in the page; performance.timeOrigin + performance.now(), the same wall clock). Each sample starts a fresh gateway and a fresh browser context (cold HTTP cache); ` +
    `the gateway starts every server before a page connects and the page is opened once they are warm (GET /api/servers: "running"); the "from the gateway's start" figures open it at once instead. Servers: bench/synthetic-server.mjs with ${RESOURCES} resources and ${PROMPTS} prompts each, ` +
    `lists in one page. Baseline: a bare @modelcontextprotocol/client per server in Node over stdio doing what discovery does (initialize, tools, resources, ` +
    `templates, prompts), all servers in parallel.`,
  figures,
  errors,
  absent,
});
