// Typing into a search box under a Chromium trace, for the widgets bench: real key presses (CDP input events),
// and per keystroke the renderer main thread's time from the task that dispatched its `input` event to the
// next keystroke's (script, style, layout, paint, deferred rendering), as thread CPU and wall time.
import { writeFileSync } from 'node:fs';

/** Pause after each key press (a person typing briskly). */
export const KEY_PAUSE_MS = 250;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How many times the query is typed and erased, each time on a fresh tool browser. */
export const ROUNDS = Number(process.env.WIDGETS_BENCH_ROUNDS ?? 3);

/**
 * Types `query` into a search box with real key presses, then erases it, under a Chromium trace.
 * `target.start` focuses the box, `target.matches` reads the match count, `target.end` returns
 * `{ query }` (what is left in the box). Returns per-keystroke main-thread time: the sum of the
 * renderer main thread's top-level tasks from the task that dispatched a keystroke's `input` event
 * up to the next one's.
 */
export async function typeTraced(browser, page, query, traceFile, target) {
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
export function keyStats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}
