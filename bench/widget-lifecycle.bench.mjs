#!/usr/bin/env node
// Per built-in widget — render time (factory → initialize → mount → first frame
// painted), JS heap held by one mounted instance after init, and heap growth over 100
// create/destroy cycles (CDP: used JS heap after a forced GC). Every widget type the host registers
// is measured (bench/harness/widgets.ts asks the registry what it offers for the server), against bench/synthetic-server.mjs
// through the real gateway.
import { heapProbe, launchBrowser, watchProblems } from './lib/browser.mjs';
import { emit, log } from './lib/contract.mjs';
import { buildHarness, serveHarness } from './lib/harness.mjs';
import { syntheticServer } from './lib/servers.mjs';
import { round, summarize } from './lib/stats.mjs';
import { startGatewayProcess } from '../test/support/gateway-process.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const RENDERS = QUICK ? 5 : 20;
const CYCLES = 100;
const SERVER = 'synthetic';
const SHAPE = { tools: 50, resources: 10, prompts: 5 };

const harness = await buildHarness({ widgets: 'bench/harness/widgets.ts' });
const site = await serveHarness(harness.dir);
const gateway = await startGatewayProcess({
  config: { mcpServers: { [SERVER]: syntheticServer({ name: SERVER, ...SHAPE }) } },
  allowOrigins: [site.origin],
});
const browser = await launchBrowser();
const figures = [];

try {
  const page = await browser.newPage();
  const problems = watchProblems(page);
  await page.goto(`${site.origin}/widgets.html`);
  await page.waitForFunction(() => globalThis.widgetBench !== undefined);
  const types = await page.evaluate((o) => globalThis.widgetBench.setup(o), {
    baseUrl: gateway.origin,
    token: gateway.token,
    serverName: SERVER,
  });
  const counts = await page.evaluate(() => globalThis.widgetBench.counts());
  if (counts.tools !== SHAPE.tools) throw new Error(`the server listed ${counts.tools} tools, expected ${SHAPE.tools}`);
  const heap = await heapProbe(page);

  for (const { type, label } of types) {
    log(`widget-lifecycle: ${type} (${label})`);
    // First creation loads the chunk and warms caches; not counted.
    await page.evaluate((t) => globalThis.widgetBench.renderTimes(t, 1), type);
    const times = await page.evaluate(([t, n]) => globalThis.widgetBench.renderTimes(t, n), [type, RENDERS]);
    const renders = summarize(times.rendered);
    const paints = summarize(times.painted);

    const before = await heap.usedAfterGc();
    await page.evaluate((t) => globalThis.widgetBench.keep(t), type);
    const withOne = await heap.usedAfterGc();
    await page.evaluate(() => globalThis.widgetBench.dropKept());

    // A first round of cycles warms V8 (compiled code, inline caches, feedback vectors), which also
    // grows the heap; the figure is the next round, where growth can only come from what a cycle leaves behind.
    const coldStart = await heap.usedAfterGc();
    await page.evaluate(([t, n]) => globalThis.widgetBench.cycles(t, n), [type, CYCLES]);
    const cycleStart = await heap.usedAfterGc();
    const leftMounted = await page.evaluate(([t, n]) => globalThis.widgetBench.cycles(t, n), [type, CYCLES]);
    const cycleEnd = await heap.usedAfterGc();
    if (leftMounted !== 0) throw new Error(`${type}: ${leftMounted} element(s) left mounted after destroy`);
    const growth = cycleEnd - cycleStart;
    log(
      `widget-lifecycle: ${type}: render p50 ${renders.p50} ms, +${((withOne - before) / 1024).toFixed(0)} KiB per instance, growth ${growth} B over ${CYCLES} cycles`,
    );

    figures.push(
      {
        id: `widget.${type}.render.p50`,
        label: `Widget "${type}": render after data, p50`,
        value: round(renders.p50, 1),
        unit: 'ms',
        samples: RENDERS,
        notes: `p95 ${round(renders.p95, 1)} ms; factory → initialize() → mounted → first render complete (updateComplete) → style and layout forced; to the first painted frame: p50 ${round(paints.p50, 1)} ms; server with ${SHAPE.tools} tools, ${SHAPE.resources} resources, ${SHAPE.prompts} prompts`,
      },
      {
        id: `widget.${type}.memory-after-init`,
        label: `Widget "${type}": JS heap held by one instance after init`,
        value: round((withOne - before) / 1024, 1),
        unit: 'KiB',
        samples: 1,
        notes: 'used JS heap after GC with the instance mounted, minus before it was created',
      },
      {
        id: `widget.${type}.heap-growth`,
        label: `Widget "${type}": heap growth over ${CYCLES} create/destroy cycles`,
        value: round(growth / 1024, 1),
        unit: 'KiB',
        samples: CYCLES,
        notes: `${round((growth / cycleStart) * 100, 2)} % of the ${round(cycleStart / 1024 / 1024, 1)} MiB heap; used JS heap after GC; measured on a second round of ${CYCLES} cycles (the first, cold round grew ${round((cycleStart - coldStart) / 1024, 1)} KiB while V8 warmed up)`,
      },
    );
  }
  await heap.detach();
  if (problems.length > 0) throw new Error(`the page reported errors: ${problems.join('; ')}`);
} finally {
  await browser.close();
  await gateway.stop();
  await site.close();
  await harness.cleanup();
}

emit({
  bench: 'widget-lifecycle',
  title: 'Widgets: render, memory, leaks',
  notes:
    `Every widget type the host offers for the server (its View chooser; types that need something the server lacks, such as mcp-ui resources, are not offered), created with the host's own lifecycle code (src/shell/card/widget-lifecycle.ts) and the dependencies a card injects, ` +
    `in headless Chromium against bench/synthetic-server.mjs through the real gateway. Render time: ${RENDERS} samples after one warm-up. ` +
    'Heap figures: Runtime.getHeapUsage after HeapProfiler.collectGarbage (CDP), in the same page. ' +
    "bench/widgets.bench.mjs measures the widgets on their own with the test kit's mocks; this bench includes the host side of a widget's life.",
  figures,
  absent: [],
});
