/* global window, document */
// The widgets bench's search figures in the whole dashboard: the real gateway, one synthetic stdio server with
// 5,000 tools, its card switched to the tool browser, the query typed under a trace (bench/lib/typing.mjs).
import { startGatewayProcess } from '../../test/support/gateway-process.mjs';
import { watchProblems } from './browser.mjs';
import { log } from './contract.mjs';
import { syntheticConfig } from './servers.mjs';
import { keyStats, KEY_PAUSE_MS, ROUNDS, typeTraced } from './typing.mjs';

// The synthetic server lists 4,999 generated tools and its `read-value` (bench/synthetic-server.mjs),
// so the dashboard's query names the last generated one: one match, as the harness's query has.
const DASHBOARD_QUERY = 'number 4998';

/**
 * The same typing in the whole dashboard, as a user meets it: the real gateway started as a user
 * starts it, one synthetic stdio server with 5,000 tools, its card switched to the tool browser.
 * Every other part of the page (shell, theme, policy badges, the gateway connection) is live.
 */
export async function dashboardSearch(browser) {
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
