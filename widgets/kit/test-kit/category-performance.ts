// Conformance category — Performance budgets: bundle size, first render, memory, leaks over create/destroy cycles.

import type { WidgetHarness } from './harness.js';
import { CategoryRecorder, type TestResult } from './report.js';

/** Performance budgets (MCP-WP-17.6, §18). */
export async function testPerformance(suite: WidgetHarness): Promise<TestResult> {
  const rec = new CategoryRecorder('performance');
  const bundle = suite.options.bundle;
  if (bundle) {
    const kb = bundle.gzipBytes / 1024;
    rec.check(
      'MCP-WP-17.6.1',
      'the bundle is at most 500 KB gzipped (MCP-WP-18.1.1)',
      kb <= 500,
      `${kb.toFixed(1)} KB`,
    );
    if (kb > 200)
      rec.warn('MCP-WP-17.6.1', `the bundle is ${kb.toFixed(1)} KB gzipped`, 'Aim for 100 KB or less of core logic.');
  } else {
    rec.warn('MCP-WP-17.6.1', 'bundle size not measured', 'Run "mcpwp test", which bundles and gzips the widget.');
  }
  const heap = suite.options.measureHeap;
  const before = heap ? await heap() : 0;
  const t0 = performance.now();
  const m = await suite.mount();
  const render = performance.now() - t0;
  rec.check(
    'MCP-WP-17.6.2',
    'first render within 500 ms of mounting (MCP-WP-18.1.2)',
    render <= 500,
    `${Math.round(render)} ms`,
  );
  if (render > 300) rec.warn('MCP-WP-17.6.2', `first render took ${Math.round(render)} ms`, 'Aim for 200 ms or less.');
  if (heap) {
    const used = (await heap()) - before;
    rec.check(
      'MCP-WP-17.6.3',
      'memory after initialisation at most 20 MB (MCP-WP-18.1.3)',
      used <= 20 * 1024 * 1024,
      `${(used / 1024 / 1024).toFixed(2)} MB`,
    );
    if (used > 15 * 1024 * 1024)
      rec.warn('MCP-WP-17.6.3', `memory after init is ${(used / 1024 / 1024).toFixed(1)} MB`, 'Aim for 10 MB or less.');
  } else {
    rec.warn('MCP-WP-17.6.3', 'memory not measured', 'Run "mcpwp test", which reads the heap through Chromium.');
  }
  const usage = (m.element as unknown as { getResourceUsage?: () => unknown }).getResourceUsage;
  if (typeof usage === 'function') {
    const u = usage.call(m.element) as { memoryUsed?: unknown; bundleSize?: unknown; renderTime?: unknown };
    const bad = ['memoryUsed', 'bundleSize', 'renderTime'].filter((k) => {
      const v = (u as Record<string, unknown> | undefined)?.[k];
      // Bytes are whole numbers; milliseconds may have a fraction. Neither is negative or NaN.
      return typeof v !== 'number' || !Number.isFinite(v) || v < 0 || (k !== 'renderTime' && !Number.isInteger(v));
    });
    rec.check(
      'MCP-WP-18.1.4',
      'getResourceUsage() reports bytes (whole numbers) and milliseconds, none negative',
      bad.length === 0,
      bad.length ? `not valid: ${bad.join(', ')} in ${JSON.stringify(u)}` : undefined,
    );
  }
  await suite.unmount(m);
  if (heap) {
    const cycles = suite.options.leakCycles ?? 10;
    const warm = await suite.mount();
    await suite.unmount(warm);
    const baseline = await heap();
    for (let i = 0; i < cycles; i += 1) {
      const c = await suite.mount();
      await suite.unmount(c);
    }
    const after = await heap();
    const growth = (after - baseline) / baseline;
    rec.check(
      'MCP-WP-17.6.4',
      `memory grows at most 10 % over ${cycles} create/destroy cycles`,
      growth <= 0.1,
      `${(growth * 100).toFixed(1)} % (${baseline} → ${after} bytes)`,
    );
  } else {
    rec.warn('MCP-WP-17.6.4', 'leak check not run', 'Run "mcpwp test", which reads the heap after garbage collection.');
  }
  return rec.result();
}
