// Benchmark: what three everyday journeys cost a person, in clicks and confirmation dialogs.
//   1. call a read-only tool of server-everything (echo) 5 times, from its form;
//   2. open the cohort-heatmap MCP App and change its metric 5 times;
//   3. write a 3-line file with server-filesystem's write_file (the text pasted from the clipboard).
// A script plays the person in real Chromium against the real gateway and servers: it clicks, pastes
// and picks like one, and answers every confirmation dialog the way a person who wants to be asked
// less would — it ticks "Remember" whenever the dialog offers it (keeping the offered defaults), then
// confirms. Counted: clicks (mouse clicks, key chords such as Ctrl+V, choosing an option in the app),
// not typing; dialogs = confirmation dialogs that opened. Journey 3 also reports the lines of the file
// on disk. Navigation to the tool (tab, search, pick) is the same everywhere and not counted.
//
//   node bench/calls-journeys.bench.mjs                          # this checkout
//   CALLS_BENCH_BEFORE=/path/to/built/main node bench/calls-journeys.bench.mjs   # + that checkout as baseline
// Prints progress on stderr and one JSON object on stdout (bench/README.md).
/* global window, document, MutationObserver -- these run in the page (page.evaluate) */
import { chromium } from 'playwright-core';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromePath, CHROME_ARGS } from '../test/support/chrome.mjs';
import { repoRoot } from '../test/support/gateway-process.mjs';

const log = (...a) => process.stderr.write(`${a.join(' ')}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs the three journeys against the checkout at `root` (its built UI and gateway); resolves with the counts. */
async function measure(root) {
  const { startGatewayProcess } = await import(pathToFileURL(join(root, 'test/support/gateway-process.mjs')).href);
  const scratch = await mkdtemp(join(tmpdir(), 'mcp-dashboard-bench-'));
  const gateway = await startGatewayProcess({
    config: {
      mcpServers: {
        everything: { command: 'mcp-server-everything', args: ['stdio'] },
        files: { command: 'mcp-server-filesystem', args: [scratch] },
        cohort: { command: 'mcp-cohort-heatmap-server', args: ['--stdio'] },
      },
    },
  });
  const browser = await chromium.launch({
    executablePath: chromePath(),
    args: CHROME_ARGS.filter((a) => a !== '--headless=new'),
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto(gateway.url);
    await page.waitForURL(/localhost/);
    await page.waitForFunction(
      () => {
        const d = document.querySelector('mcp-dashboard');
        const cards = [...(d?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? [])];
        return cards.length === 3 && cards.every((c) => c.phase === 'ready');
      },
      undefined,
      { timeout: 60_000 },
    );
    // Observe (never drive) the page: dialogs that open, and the tool calls that complete.
    await page.evaluate(() => {
      const d = document.querySelector('mcp-dashboard');
      for (const card of d.shadowRoot.querySelectorAll('mcp-widget-card')) card.dataset.benchServer = card.server.name;
      window.__bench = { dialogs: 0, results: [] };
      const dialog = d.shadowRoot.querySelector('mcp-confirm-dialog').shadowRoot.querySelector('dialog');
      new MutationObserver(() => {
        if (dialog.open) window.__bench.dialogs += 1;
      }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
      const args = new Map();
      d.services.bus.on('mcp:tool:calling', (e) => args.set(e.requestId, e.args));
      d.services.bus.on('mcp:tool:result', (e) =>
        window.__bench.results.push({ toolName: e.toolName, args: args.get(e.requestId) }),
      );
    });
    const dialogs = () => page.evaluate(() => window.__bench.dialogs);
    const results = () => page.evaluate(() => window.__bench.results);
    let clicks = 0;
    const act = async (fn) => {
      clicks += 1;
      await fn();
    };
    const confirmDialog = page.locator('mcp-confirm-dialog dialog[open]');
    /** Waits for `done()`, answering every dialog on the way like the person described above. */
    const settle = async (done, what, timeoutMs = 30_000) => {
      const start = Date.now();
      for (;;) {
        if (await confirmDialog.count()) {
          const remember = page.locator('mcp-confirm-dialog [data-action="remember"]');
          if ((await remember.count()) && !(await remember.isChecked())) await act(() => remember.click());
          await act(() => page.locator('mcp-confirm-dialog [data-action="confirm"]').click());
          await page.waitForFunction(
            () =>
              !document
                .querySelector('mcp-dashboard')
                .shadowRoot.querySelector('mcp-confirm-dialog')
                .shadowRoot.querySelector('dialog').open,
          );
          continue;
        }
        if (await done()) return;
        if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
        await sleep(50);
      }
    };
    /** The text a person sees in an element, shadow roots included. */
    const seen = (locator) =>
      locator.evaluate((el) => {
        const walk = (node) =>
          (node.shadowRoot ? walk(node.shadowRoot) : '') +
          [...node.childNodes]
            .map((c) => (c.nodeType === 3 ? c.textContent : c.nodeType === 1 ? walk(c) : ''))
            .join('');
        return walk(el);
      });
    const openTool = async (server, search, title) => {
      const card = page.locator(`mcp-widget-card[data-bench-server="${server}"]`);
      await card.locator('[role="tab"]', { hasText: 'Tools' }).click();
      await card.locator('input[type="search"]').fill(search);
      await card.locator('button.tool-item', { hasText: title }).click();
      return card.locator('mcp-tool-runner');
    };
    const journey = async (name, fn) => {
      clicks = 0;
      const d0 = await dialogs();
      const extra = await fn();
      const out = { clicks, dialogs: (await dialogs()) - d0, ...extra };
      log(`${name}: ${JSON.stringify(out)}`);
      return out;
    };

    const echo = await journey('echo x5', async () => {
      const runner = await openTool('everything', 'Echo', 'Echo Tool');
      for (let i = 1; i <= 5; i += 1) {
        await runner.locator('mcp-schema-form input').first().fill(`message ${i}`);
        await act(() => runner.locator('mcp-schema-form button[type="submit"]').click());
        await settle(async () => (await seen(runner)).includes(`Echo: message ${i}`), `echo ${i}`);
      }
      return {};
    });

    const cohort = await journey('cohort metric x5', async () => {
      const runner = await openTool('cohort', 'Cohort', 'Get Cohort Retention Data');
      const fetched = async (metric, after) =>
        (await results())
          .slice(after)
          .some((r) => r.toolName === 'get-cohort-data' && (!metric || r.args?.metric === metric));
      const n0 = (await results()).length;
      await act(() => runner.locator('button.open-app').click());
      let view;
      await settle(async () => {
        view ??= await findViewFrame(page);
        return Boolean(view) && (await fetched(undefined, n0 + 1));
      }, 'the app to show its data');
      for (const metric of ['revenue', 'active', 'retention', 'revenue', 'active']) {
        const n = (await results()).length;
        await act(() => view.locator('select').first().selectOption(metric));
        await settle(() => fetched(metric, n), `the app to fetch ${metric}`);
      }
      return {};
    });

    const write = await journey('write a 3-line file', async () => {
      const runner = await openTool('files', 'Write', 'Write File');
      const form = runner.locator('mcp-schema-form');
      await form.locator('input').first().fill(join(scratch, 'three.txt'));
      const content = form.locator('input').nth(1);
      await content.click();
      await page.evaluate(() => navigator.clipboard.writeText('line one\nline two\nline three'));
      await act(() => page.keyboard.press('Control+V'));
      await act(() => form.locator('button[type="submit"]').click());
      await settle(async () => (await seen(runner)).includes('Successfully wrote'), 'the file to be written');
      const text = await readFile(join(scratch, 'three.txt'), 'utf8');
      return { lines: text.split('\n').length };
    });
    return { echo, cohort, write };
  } finally {
    await browser.close();
    await gateway.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The cohort view's own frame (two frames deep, on the sandbox origin): the one with the Metric select. */
async function findViewFrame(page) {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    try {
      if ((await frame.locator('select option[value="revenue"]').count()) > 0) return frame;
    } catch {
      // a frame that went away meanwhile
    }
  }
  return undefined;
}

const after = await measure(repoRoot);
const beforeRoot = process.env.CALLS_BENCH_BEFORE ? resolve(process.env.CALLS_BENCH_BEFORE) : undefined;
const before = beforeRoot ? await measure(beforeRoot) : undefined;
const baseline = (value, unit) =>
  before
    ? { baseline: { label: `the same journey on ${process.env.CALLS_BENCH_BEFORE_LABEL ?? beforeRoot}`, value, unit } }
    : {};
const figure = (id, label, value, unit, beforeValue, notes) => ({
  id,
  label,
  value,
  unit,
  samples: 1,
  ...(notes ? { notes } : {}),
  ...baseline(beforeValue, unit),
});
const figures = [
  figure(
    'calls.echo5.clicks',
    'Call echo (read-only) 5 times: clicks',
    after.echo.clicks,
    'clicks',
    before?.echo.clicks,
  ),
  figure(
    'calls.echo5.dialogs',
    'Call echo (read-only) 5 times: confirmation dialogs',
    after.echo.dialogs,
    'dialogs',
    before?.echo.dialogs,
  ),
  figure(
    'calls.cohort5.clicks',
    'Open the cohort app, change its metric 5 times: clicks',
    after.cohort.clicks,
    'clicks',
    before?.cohort.clicks,
    'Open app, the dialogs, 5 choices in the app',
  ),
  figure(
    'calls.cohort5.dialogs',
    'Open the cohort app, change its metric 5 times: confirmation dialogs',
    after.cohort.dialogs,
    'dialogs',
    before?.cohort.dialogs,
  ),
  figure(
    'calls.write3.clicks',
    'Write a pasted 3-line file (write_file): clicks',
    after.write.clicks,
    'clicks',
    before?.write.clicks,
    'Ctrl+V, Invoke, the dialog',
  ),
  figure(
    'calls.write3.dialogs',
    'Write a pasted 3-line file (write_file): confirmation dialogs',
    after.write.dialogs,
    'dialogs',
    before?.write.dialogs,
  ),
  figure(
    'calls.write3.lines',
    'Write a pasted 3-line file: lines in the file on disk',
    after.write.lines,
    'lines',
    before?.write.lines,
    '3 is right',
  ),
];
process.stdout.write(
  `${JSON.stringify({
    bench: 'calls-journeys',
    title: 'Journeys: clicks and dialogs',
    notes:
      'A script plays a person in Chromium against the real gateway, server-everything, server-filesystem and the cohort-heatmap app: it ticks "Remember" wherever a dialog offers it and confirms. Clicks are mouse clicks, key chords and choices in the app (typing not counted); navigation to the tool is not counted.',
    figures,
    absent: [],
  })}\n`,
);
