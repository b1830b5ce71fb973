/* global document, window, requestAnimationFrame */
// The dashboard-layout bench's drag figure: a tile dragged with CDP mouse events across a 50-tile dashboard
// in edit mode — the gaps between requestAnimationFrame timestamps, against the idle page, and in one round
// under a Chromium trace the main thread's CPU time per frame.
import { startGatewayProcess } from '../../test/support/gateway-process.mjs';
import { syntheticConfig } from './servers.mjs';

const QUICK = process.env.BENCH_QUICK === '1';

/** In the page: enters edit mode on the current dashboard, when the build has one. */
async function enterEditMode() {
  const root = document.querySelector('mcp-dashboard')?.shadowRoot;
  const grid = root?.querySelector('mcp-tile-grid');
  if (!grid) return false;
  const button = root.querySelector('[data-action="edit-layout"]');
  button?.click();
  await new Promise((r) => setTimeout(r, 100));
  return Boolean(grid.editing);
}

/**
 * From a trace: for each animation frame of the page's main thread, the CPU time (`tdur`) of the tasks
 * that ran since the previous frame (the frame's own work included) — what one frame costs us.
 */
function mainThreadCpuPerFrame(events) {
  const dispatching = new Set(events.filter((e) => e.name === 'EventDispatch').map((e) => e.pid));
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && dispatching.has(e.pid),
  );
  if (!main) throw new Error('the trace has no renderer main thread');
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const frames = own
    .filter((e) => e.name === 'FireAnimationFrame')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const tasks = own.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const out = [];
  for (let i = 1; i < frames.length; i++) {
    const cpu = tasks
      .filter((t) => t.ts >= frames[i - 1] && t.ts < frames[i])
      .reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0), 0);
    out.push(cpu / 1000);
  }
  return out;
}

/** Figure 2: frame times (and, in a traced round, main-thread CPU per frame) while a tile is dragged on 50 tiles. */
export async function dragFrames(browser) {
  // 25 servers × (status tile + panel) = 50 tiles.
  const gateway = await startGatewayProcess({ config: syntheticConfig(25, { tools: 10, resources: 2, prompts: 1 }) });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(gateway.url);
    await page.waitForFunction(
      () => (document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-tile').length ?? 0) >= 50,
      undefined,
      { timeout: 120_000 },
    );
    await page.waitForFunction(
      () =>
        [...document.querySelector('mcp-dashboard').shadowRoot.querySelectorAll('mcp-widget-card')].every(
          (c) => c.phase === 'ready',
        ),
      undefined,
      { timeout: 120_000 },
    );
    if (!(await page.evaluate(enterEditMode))) throw new Error('this build has no edit mode');
    const handle = await page.evaluateHandle(() => {
      const tile = [...document.querySelector('mcp-dashboard').shadowRoot.querySelectorAll('mcp-tile')].find(
        (t) => t.tile?.kind === 'widget',
      );
      return tile.shadowRoot.querySelector('[data-action="drag"]');
    });
    const box = await handle.boundingBox();
    const frames = [];
    const idle = [];
    const rounds = QUICK ? 1 : 5;
    const collect = () =>
      page.evaluate(() => {
        // One chain of frames per round (a token ends the previous chain).
        const round = (window.__round = (window.__round ?? 0) + 1);
        window.__frames = [];
        const tick = (t) => {
          if (window.__round !== round) return;
          window.__frames.push(t);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    const stop = () =>
      page.evaluate(() => {
        window.__round += 1;
        return window.__frames;
      });
    // Baseline: the same page, edit mode on, nobody dragging (what this machine gives an idle page).
    await collect();
    await page.waitForTimeout(3000);
    const still = await stop();
    for (let i = 1; i < still.length; i++) idle.push(still[i] - still[i - 1]);
    const drag = async () => {
      const x0 = box.x + box.width / 2;
      const y0 = box.y + box.height / 2;
      await page.mouse.move(x0, y0);
      await page.mouse.down();
      // Across the grid and back: 120 moves, one per frame or so, as a hand does.
      for (let i = 0; i <= 120; i++) {
        const t = i <= 60 ? i / 60 : (120 - i) / 60;
        await page.mouse.move(x0 + t * 700, y0 + t * 350);
      }
      await page.mouse.up();
    };
    for (let round = 0; round < rounds; round++) {
      await collect();
      await drag();
      const stamps = await stop();
      for (let i = 1; i < stamps.length; i++) frames.push(stamps[i] - stamps[i - 1]);
    }
    // One more round under a Chromium trace: the main thread's CPU time per frame (thread time, so a
    // loaded machine that takes the CPU away between frames does not count as our work).
    await collect();
    await browser.startTracing(page, {
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await drag();
    const cpu = mainThreadCpuPerFrame(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
    await stop();
    return { frames, idle, cpu };
  } finally {
    await context.close();
    await gateway.stop();
  }
}
