/* global window */
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
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromePath, CHROME_ARGS } from '../test/support/chrome.mjs';
import { dashboardSearch } from './lib/dashboard-search.mjs';
import { keyStats, KEY_PAUSE_MS, ROUNDS, typeTraced } from './lib/typing.mjs';

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
/** The bench page's own tool browser: a fresh one per round, its search box focused. */
const HARNESS_TARGET = {
  start: (page) => page.evaluate(() => window.bench.typingStart()),
  matches: (page) => page.evaluate(() => window.__typing.el.shadowRoot.querySelector('mcp-tool-list').matchCount),
  end: (page) => page.evaluate(() => window.bench.typingEnd()),
};

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
    rounds.push(await typeTraced(browser, page, QUERY, traceFile, HARNESS_TARGET));
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
