/* global window, document */
// Widget benchmarks: per built-in widget, render time after data, memory after init and
// heap growth over 100 create/destroy cycles; tool-browser search time per keystroke at 5,000 tools.
// Chromium via playwright-core, heap via CDP after forced GC. Data: the synthetic generator of
// bench/synthetic-tools.mjs, handed to the widgets through the test kit's MockMCPBridge, so the
// figures are the widgets' own cost (the gateway and servers are measured by other benchmarks).
//
// Search is measured two ways. The headline figures type real key presses (CDP input events) and
// read a Chromium trace: per keystroke, the main-thread time of every task from the one that
// dispatched the `input` event until the next keystroke (script, style, layout, paint, and the
// virtualizer's deferred row rendering and ResizeObserver passes), so nothing that happens after
// the event handler returns is hidden. `search.p50/max` add the tasks' thread CPU time, which a
// loaded machine (CI, parallel test runs) inflates little; `search.wall.*` add their wall time.
// The `handler` figures are the in-page measure used before (input event → list updated and laid
// out, first search on a fresh widget), kept so older runs stay comparable.
// The query is typed and erased WIDGETS_BENCH_ROUNDS times (3), each on a fresh widget; the figures
// are over every keystroke of every round. `--search-only` skips the per-widget figures;
// WIDGETS_BENCH_TRACE=<file> keeps the traces (<file>-1.json, -2.json… with several rounds;
// <file>-dashboard-1.json… for the dashboard) and
// WIDGETS_BENCH_PROFILE=1 adds V8 CPU samples to them.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromePath, CHROME_ARGS } from '../test/support/chrome.mjs';
import { startGatewayProcess } from '../test/support/gateway-process.mjs';
import { watchProblems } from './lib/browser.mjs';
import { syntheticConfig } from './lib/servers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const WIDGETS = ['server-status', 'server-panel', 'tool-browser', 'resource-explorer', 'activity-log'];
const log = (line) => process.stderr.write(`${line}\n`);

const entry = `
import { MockEventBus, MockMCPBridge, MockConfiguration } from './widgets/kit/test-kit/index.ts';
import { syntheticTools, syntheticResources, syntheticPrompts } from './bench/synthetic-tools.mjs';
${WIDGETS.map((w, i) => `import w${i} from './widgets/${w}/index.ts';`).join('\n')}
const factories = { ${WIDGETS.map((w, i) => `'${w}': w${i}`).join(', ')} };
const info = (tools) => ({ serverName: 'synthetic', transport: 'stdio', protocolVersion: '2025-06-18',
  capabilities: { tools: {}, resources: {}, prompts: {} }, tools: syntheticTools(tools), resources: syntheticResources(50), prompts: syntheticPrompts(10), resourceTemplates: [] });
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
async function create(type, serverInfo) {
  const deps = { EventBus: new MockEventBus(), MCPBridge: new MockMCPBridge(serverInfo), Configuration: new MockConfiguration() };
  const result = await factories[type](deps, serverInfo);
  await result.api.initialize?.();
  const el = result.api.element;
  const t0 = performance.now();
  document.body.append(el);
  await el.updateComplete;
  el.getBoundingClientRect();
  const render = performance.now() - t0;
  await frame();
  return { result, el, render };
}
async function destroy(w) {
  await w.result.api.destroy?.();
  w.el.remove();
}
window.bench = {
  async render(type, tools) {
    const times = [];
    for (let i = 0; i < 7; i += 1) {
      const w = await create(type, info(tools));
      times.push(w.render);
      await destroy(w);
    }
    times.sort((a, b) => a - b);
    return times[3];
  },
  async mount(type) {
    window.__w = await create(type, info(50));
  },
  async unmount() {
    await destroy(window.__w);
    window.__w = undefined;
  },
  async cycles(type, n) {
    for (let i = 0; i < n; i += 1) await destroy(await create(type, info(50)));
  },
  async search(query) {
    const w = await create('tool-browser', info(5000));
    const list = w.el.shadowRoot.querySelector('mcp-tool-list');
    const input = list.shadowRoot.querySelector('input[type="search"]');
    const times = [];
    for (let i = 1; i <= query.length; i += 1) {
      input.value = query.slice(0, i);
      const t0 = performance.now();
      input.dispatchEvent(new Event('input'));
      await list.updateComplete;
      list.shadowRoot.querySelector('.scroll, p')?.getBoundingClientRect();
      times.push(performance.now() - t0);
      await frame();
    }
    const matches = list.matchCount;
    await destroy(w);
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(times.length / 2)], max: times[times.length - 1], keystrokes: times.length, matches };
  },
  async typingStart() {
    const w = await create('tool-browser', info(5000));
    window.__typing = w;
    w.el.shadowRoot.querySelector('mcp-tool-list').shadowRoot.querySelector('input[type="search"]').focus();
  },
  async typingEnd() {
    const w = window.__typing;
    const list = w.el.shadowRoot.querySelector('mcp-tool-list');
    const result = { matches: list.matchCount, query: list.shadowRoot.querySelector('input[type="search"]').value };
    await destroy(w);
    return result;
  },
};
`;

const SEARCH_ONLY = process.argv.includes('--search-only');
const QUERY = 'number 4999';
// The synthetic server lists 4,999 generated tools and its `read-value` (bench/synthetic-server.mjs),
// so the dashboard's query names the last generated one: one match, as QUERY has in the harness.
const DASHBOARD_QUERY = 'number 4998';
const KEY_PAUSE_MS = 250;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How many times the query is typed and erased, each time on a fresh tool browser. */
const ROUNDS = Number(process.env.WIDGETS_BENCH_ROUNDS ?? 3);

/** The bench page's own tool browser: a fresh one per round, its search box focused. */
const HARNESS_TARGET = {
  start: (page) => page.evaluate(() => window.bench.typingStart()),
  matches: (page) => page.evaluate(() => window.__typing.el.shadowRoot.querySelector('mcp-tool-list').matchCount),
  end: (page) => page.evaluate(() => window.bench.typingEnd()),
};

/**
 * Types `query` into a search box with real key presses, then erases it, under a Chromium trace.
 * `target.start` focuses the box, `target.matches` reads the match count, `target.end` returns
 * `{ query }` (what is left in the box). Returns per-keystroke main-thread time: the sum of the
 * renderer main thread's top-level tasks from the task that dispatched a keystroke's `input` event
 * up to the next one's.
 */
async function typeTraced(browser, page, query, traceFile, target = HARNESS_TARGET) {
  await target.start(page);
  // Collect the garbage setting up left (the previous round's widget, the 5,000 tools just loaded),
  // so V8 does not collect it in the middle of the typing; garbage the typing makes still counts.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.detach();
  await sleep(KEY_PAUSE_MS);
  const profile = process.env.WIDGETS_BENCH_PROFILE
    ? ['disabled-by-default-v8.cpu_profiler', 'v8', 'disabled-by-default-v8.gc']
    : [];
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', ...profile],
  });
  for (const ch of query) {
    await page.keyboard.press(ch === ' ' ? 'Space' : ch);
    await sleep(KEY_PAUSE_MS);
  }
  const afterTyping = await target.matches(page);
  for (let i = 0; i < query.length; i += 1) {
    await page.keyboard.press('Backspace');
    await sleep(KEY_PAUSE_MS);
  }
  const raw = (await browser.stopTracing()).toString();
  if (traceFile) writeFileSync(traceFile, raw);
  const trace = JSON.parse(raw);
  const end = await target.end(page);
  if (end.query !== '') throw new Error(`typing did not reach the search box (left "${end.query}")`);
  if (afterTyping !== 1)
    throw new Error(
      `typing "${query}" left ${afterTyping} match(es), expected 1: the key presses did not reach the search box`,
    );
  const events = trace.traceEvents ?? trace;
  // Several pages may be open (one renderer each): the main thread measured is the one that got the
  // `input` events.
  const isInput = (e) => e.ph === 'X' && e.name === 'EventDispatch' && e.args?.data?.type === 'input';
  const firstInput = events.find(isInput);
  if (!firstInput) throw new Error('no input event in the trace: the key presses did not reach a text field');
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      e.pid === firstInput.pid &&
      e.tid === firstInput.tid,
  );
  if (!main) throw new Error('the input events were not on a renderer main thread');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const inputs = onMain.filter(isInput).sort((a, b) => a.ts - b.ts);
  if (inputs.length !== query.length * 2)
    throw new Error(`expected ${query.length * 2} input events in the trace, saw ${inputs.length}`);
  const starts = inputs.map((e) => tasks.findLast((t) => t.ts <= e.ts)?.ts ?? e.ts);
  const cpu = [];
  const wall = [];
  let longestTask = 0;
  starts.forEach((start, i) => {
    const stop = starts[i + 1] ?? Infinity;
    const mine = tasks.filter((t) => t.ts >= start && t.ts < stop);
    cpu.push(Number((mine.reduce((sum, t) => sum + (t.tdur ?? t.dur), 0) / 1000).toFixed(1)));
    wall.push(Number((mine.reduce((sum, t) => sum + t.dur, 0) / 1000).toFixed(1)));
    longestTask = Math.max(longestTask, ...mine.map((t) => t.dur / 1000));
  });
  return { cpu, wall, longestTask: Number(longestTask.toFixed(1)), matches: afterTyping };
}

/** p50, p95 and slowest of per-keystroke figures. */
function keyStats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

/**
 * The same typing in the whole dashboard, as a user meets it: the real gateway started as a user
 * starts it, one synthetic stdio server with 5,000 tools, its card switched to the tool browser.
 * Every other part of the page (shell, theme, policy badges, the gateway connection) is live.
 */
async function dashboardSearch(browser) {
  log(`widgets bench: tool browser search at 5,000 tools in the dashboard (real gateway and server, ${ROUNDS} rounds)`);
  const gateway = await startGatewayProcess({ config: syntheticConfig(1, { tools: 5000, resources: 10, prompts: 5 }) });
  const context = await browser.newContext();
  try {
    await context.addInitScript(() => {
      // Finds the first element matching `selector` in the document or any open shadow root below it.
      window.__deepFind = (selector, root = document) => {
        const hit = root.querySelector(selector);
        if (hit) return hit;
        for (const el of root.querySelectorAll('*')) {
          const found = el.shadowRoot && window.__deepFind(selector, el.shadowRoot);
          if (found) return found;
        }
        return null;
      };
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(await gateway.launchUrl(), { waitUntil: 'commit' });
    await page.waitForFunction(
      () =>
        /5,000 tools, /.test(
          window.__deepFind?.('mcp-widget-card')?.shadowRoot?.querySelector('header')?.textContent ?? '',
        ),
      null,
      { timeout: 120_000 },
    );
    await page.evaluate(() => {
      const select = window.__deepFind('mcp-widget-card').shadowRoot.querySelector('select');
      select.value = 'tool-browser';
      select.dispatchEvent(new Event('change'));
    });
    await page.waitForFunction(
      () =>
        window.__deepFind('mcp-tool-browser-widget')?.shadowRoot &&
        window
          .__deepFind('mcp-tool-list', window.__deepFind('mcp-tool-browser-widget').shadowRoot)
          ?.shadowRoot?.querySelector('[role="listitem"]'),
      null,
      { timeout: 30_000 },
    );
    const list = () => window.__deepFind('mcp-tool-list', window.__deepFind('mcp-tool-browser-widget').shadowRoot);
    const target = {
      start: (p) =>
        p.evaluate(
          `(${list})().scrollIntoView({ block: 'center' }); (${list})().shadowRoot.querySelector('input[type="search"]').focus();`,
        ),
      matches: (p) => p.evaluate(`(${list})().matchCount`),
      end: (p) => p.evaluate(`({ query: (${list})().shadowRoot.querySelector('input[type="search"]').value })`),
    };
    const rounds = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const traceFile =
        process.env.WIDGETS_BENCH_TRACE &&
        process.env.WIDGETS_BENCH_TRACE.replace(/(\.json)?$/, `-dashboard-${r + 1}$1`);
      rounds.push(await typeTraced(browser, page, DASHBOARD_QUERY, traceFile, target));
    }
    if (problems.length > 0) throw new Error(`the dashboard reported errors: ${problems.join('; ')}`);
    const cpu = keyStats(rounds.flatMap((r) => r.cpu));
    const wall = keyStats(rounds.flatMap((r) => r.wall));
    const keys = rounds.reduce((n, r) => n + r.cpu.length, 0);
    const perKey = rounds.map((r, i) => `round ${i + 1}: ${r.cpu.join(', ')}`).join('; ');
    const notes = `the whole dashboard on the real gateway, one synthetic stdio server; "${DASHBOARD_QUERY}" typed then erased ${ROUNDS} time(s), one key every ${KEY_PAUSE_MS} ms; ${rounds[0].matches} match(es) after typing; per key: ${perKey}`;
    return [
      {
        id: 'widgets.tool-browser.search.dashboard.p50',
        label: 'Tool browser search in the dashboard, main-thread CPU time per keystroke, 5,000 tools (p50)',
        value: cpu.p50,
        unit: 'ms',
        samples: keys,
      },
      {
        id: 'widgets.tool-browser.search.dashboard.p95',
        label: 'Tool browser search in the dashboard, main-thread CPU time per keystroke, 5,000 tools (p95)',
        value: cpu.p95,
        unit: 'ms',
        samples: keys,
      },
      {
        id: 'widgets.tool-browser.search.dashboard.max',
        label: 'Tool browser search in the dashboard, main-thread CPU time per keystroke, 5,000 tools (slowest)',
        value: cpu.max,
        unit: 'ms',
        samples: keys,
        notes,
      },
      {
        id: 'widgets.tool-browser.search.dashboard.wall.max',
        label: 'Tool browser search in the dashboard, main-thread wall time per keystroke, 5,000 tools (slowest)',
        value: wall.max,
        unit: 'ms',
        samples: keys,
        notes: 'includes time the thread waited for a CPU',
      },
    ];
  } finally {
    await context.close();
    await gateway.stop();
  }
}

log('widgets bench: bundling');
const bundle = await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'bench-entry.ts' },
  bundle: true,
  format: 'esm',
  write: false,
  target: 'es2022',
  minify: true,
  logLevel: 'silent',
});
const js = bundle.outputFiles[0].text;
const server = createServer((req, res) => {
  if (req.url === '/bench.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(js);
  else
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end('<!doctype html><html lang="en"><body><script type="module" src="/bench.js"></script></body></html>');
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: chromePath(),
  args: CHROME_ARGS.filter((a) => a !== '--headless=new'),
});
const figures = [];
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  await page.goto(origin);
  await page.waitForFunction(() => window.bench);
  for (const type of SEARCH_ONLY ? [] : WIDGETS) {
    log(`widgets bench: ${type}`);
    const render = await page.evaluate(([t]) => window.bench.render(t, 50), [type]);
    figures.push({
      id: `widgets.${type}.render`,
      label: `${type}: render after data (50 tools, median of 7)`,
      value: Number(render.toFixed(2)),
      unit: 'ms',
      samples: 7,
    });
    const before = await heap();
    await page.evaluate(([t]) => window.bench.mount(t), [type]);
    const after = await heap();
    await page.evaluate(() => window.bench.unmount());
    figures.push({
      id: `widgets.${type}.memory`,
      label: `${type}: memory after init`,
      value: Number(((after - before) / 1024).toFixed(1)),
      unit: 'KB',
      samples: 1,
    });
    await page.evaluate(([t]) => window.bench.cycles(t, 5), [type]);
    const base = await heap();
    await page.evaluate(([t]) => window.bench.cycles(t, 100), [type]);
    const end = await heap();
    figures.push({
      id: `widgets.${type}.leak`,
      label: `${type}: heap growth over 100 create/destroy cycles`,
      value: Number((((end - base) / base) * 100).toFixed(2)),
      unit: '%',
      samples: 100,
      notes: `${base} → ${end} bytes`,
    });
  }
  log('widgets bench: tool browser search at 5,000 tools (in-page handler measure)');
  const search = await page.evaluate(([q]) => window.bench.search(q), [QUERY]);
  figures.push({
    id: 'widgets.tool-browser.search.handler.p50',
    label: 'Tool browser search, input event → list updated and laid out, 5,000 tools (p50)',
    value: Number(search.p50.toFixed(2)),
    unit: 'ms',
    samples: search.keystrokes,
  });
  figures.push({
    id: 'widgets.tool-browser.search.handler.max',
    label: 'Tool browser search, input event → list updated and laid out, 5,000 tools (slowest)',
    value: Number(search.max.toFixed(2)),
    unit: 'ms',
    samples: search.keystrokes,
    notes: `${search.matches} match(es) at the end`,
  });
  log(`widgets bench: tool browser search at 5,000 tools (real key presses, traced, ${ROUNDS} rounds)`);
  const rounds = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const traceFile =
      process.env.WIDGETS_BENCH_TRACE &&
      (ROUNDS > 1
        ? process.env.WIDGETS_BENCH_TRACE.replace(/(\.json)?$/, `-${r + 1}$1`)
        : process.env.WIDGETS_BENCH_TRACE);
    rounds.push(await typeTraced(browser, page, QUERY, traceFile));
  }
  const cpu = keyStats(rounds.flatMap((r) => r.cpu));
  const wall = keyStats(rounds.flatMap((r) => r.wall));
  const keys = rounds.reduce((n, r) => n + r.cpu.length, 0);
  const perKey = (field) => rounds.map((r, i) => `round ${i + 1}: ${r[field].join(', ')}`).join('; ');
  const notes = `"${QUERY}" typed then erased, ${ROUNDS} time(s), each on a fresh tool browser, one key every ${KEY_PAUSE_MS} ms; ${rounds[0].matches} match(es) after typing; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`;
  figures.push({
    id: 'widgets.tool-browser.search.p50',
    label: 'Tool browser search, main-thread CPU time per keystroke, 5,000 tools (p50)',
    value: cpu.p50,
    unit: 'ms',
    samples: keys,
    notes,
  });
  figures.push({
    id: 'widgets.tool-browser.search.p95',
    label: 'Tool browser search, main-thread CPU time per keystroke, 5,000 tools (p95)',
    value: cpu.p95,
    unit: 'ms',
    samples: keys,
  });
  figures.push({
    id: 'widgets.tool-browser.search.max',
    label: 'Tool browser search, main-thread CPU time per keystroke, 5,000 tools (slowest)',
    value: cpu.max,
    unit: 'ms',
    samples: keys,
    notes: `per key: ${perKey('cpu')}`,
  });
  figures.push({
    id: 'widgets.tool-browser.search.wall.p50',
    label: 'Tool browser search, main-thread wall time per keystroke, 5,000 tools (p50)',
    value: wall.p50,
    unit: 'ms',
    samples: keys,
    notes: 'includes time the thread waited for a CPU; inflated on a loaded machine',
  });
  figures.push({
    id: 'widgets.tool-browser.search.wall.max',
    label: 'Tool browser search, main-thread wall time per keystroke, 5,000 tools (slowest)',
    value: wall.max,
    unit: 'ms',
    samples: keys,
    notes: `per key: ${perKey('wall')}`,
  });
  figures.push({
    id: 'widgets.tool-browser.search.longest-task',
    label: 'Tool browser search, longest main-thread task of any keystroke (wall), 5,000 tools',
    value: Math.max(...rounds.map((r) => r.longestTask)),
    unit: 'ms',
    samples: keys,
  });
  figures.push(...(await dashboardSearch(browser)));
} finally {
  await browser.close();
  server.close();
}
process.stdout.write(`${JSON.stringify({ bench: 'widgets', figures, absent: [] })}\n`);
