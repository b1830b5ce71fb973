/* global window */
// Widget benchmarks (issue 3): per built-in widget, render time after data, memory after init and
// heap growth over 100 create/destroy cycles; tool-browser search time per keystroke at 5,000 tools.
// Chromium via playwright-core, heap via CDP after forced GC. Data: the synthetic generator of
// bench/synthetic-tools.mjs, handed to the widgets through the test kit's MockMCPBridge, so the
// figures are the widgets' own cost (the gateway and servers are measured by other benchmarks).
import { build } from 'esbuild';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromePath, CHROME_ARGS } from '../test/support/chrome.mjs';

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
};
`;

log('widgets bench: bundling');
const bundle = await build({ stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'bench-entry.ts' }, bundle: true, format: 'esm', write: false, target: 'es2022', minify: true, logLevel: 'silent' });
const js = bundle.outputFiles[0].text;
const server = createServer((req, res) => {
  if (req.url === '/bench.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(js);
  else res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><html lang="en"><body><script type="module" src="/bench.js"></script></body></html>');
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_ARGS.filter((a) => a !== '--headless=new') });
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
  for (const type of WIDGETS) {
    log(`widgets bench: ${type}`);
    const render = await page.evaluate(([t]) => window.bench.render(t, 50), [type]);
    figures.push({ id: `widgets.${type}.render`, label: `${type}: render after data (50 tools, median of 7)`, value: Number(render.toFixed(2)), unit: 'ms', samples: 7 });
    const before = await heap();
    await page.evaluate(([t]) => window.bench.mount(t), [type]);
    const after = await heap();
    await page.evaluate(() => window.bench.unmount());
    figures.push({ id: `widgets.${type}.memory`, label: `${type}: memory after init`, value: Number(((after - before) / 1024).toFixed(1)), unit: 'KB', samples: 1 });
    await page.evaluate(([t]) => window.bench.cycles(t, 5), [type]);
    const base = await heap();
    await page.evaluate(([t]) => window.bench.cycles(t, 100), [type]);
    const end = await heap();
    figures.push({ id: `widgets.${type}.leak`, label: `${type}: heap growth over 100 create/destroy cycles`, value: Number((((end - base) / base) * 100).toFixed(2)), unit: '%', samples: 100, notes: `${base} → ${end} bytes` });
  }
  log('widgets bench: tool browser search at 5,000 tools');
  const search = await page.evaluate(() => window.bench.search('number 4999'));
  figures.push({ id: 'widgets.tool-browser.search.p50', label: 'Tool browser search per keystroke, 5,000 tools (p50)', value: Number(search.p50.toFixed(2)), unit: 'ms', samples: search.keystrokes });
  figures.push({ id: 'widgets.tool-browser.search.max', label: 'Tool browser search per keystroke, 5,000 tools (slowest)', value: Number(search.max.toFixed(2)), unit: 'ms', samples: search.keystrokes, notes: `${search.matches} match(es) at the end` });
} finally {
  await browser.close();
  server.close();
}
process.stdout.write(`${JSON.stringify({ bench: 'widgets', figures, absent: [] })}\n`);
