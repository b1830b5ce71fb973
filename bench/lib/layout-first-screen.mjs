/* global document */
// The dashboard-layout bench's first figure: nine servers at 1400×900 in headless Chromium against a real
// gateway — how many servers show their state on the first screen, how many panels are on it, and how much of
// the first screen below the header is blank. Measures cards on a build without tiles.
import { startGatewayProcess } from '../../test/support/gateway-process.mjs';
import { watchProblems } from './browser.mjs';
import { log } from './contract.mjs';
import { syntheticServer } from './servers.mjs';

/** The nine servers of the first-user trial, from what this repository ships and installs. */
function nineServers() {
  return {
    mcpServers: {
      everything: { command: 'mcp-server-everything', args: ['stdio'] },
      'everything-2': { command: 'mcp-server-everything', args: ['stdio'] },
      'basic-vanillajs': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'] },
      'basic-vanillajs-2': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'] },
      'system-monitor': { command: 'mcp-system-monitor-server', args: ['--stdio'] },
      'system-monitor-2': { command: 'mcp-system-monitor-server', args: ['--stdio'] },
      'mcplet-demo': { command: 'node', args: ['examples/mcplet-demo-server/server.mjs'] },
      notes: syntheticServer({ name: 'notes', tools: 20 }),
      files: syntheticServer({ name: 'files', tools: 12 }),
    },
  };
}

/** In the page: every server's boxes (tiles, or cards on a build without tiles), and whether all have loaded. */
function serverBoxes() {
  const root = document.querySelector('mcp-dashboard')?.shadowRoot;
  if (!root) return { ready: false, boxes: [] };
  const tiles = [...root.querySelectorAll('mcp-tile')];
  const cards = [...root.querySelectorAll('mcp-widget-card')];
  const loading = cards.some((c) => c.phase !== 'ready' && c.phase !== 'error' && c.phase !== 'disabled');
  const source = tiles.length ? tiles : cards;
  const boxes = source.map((el) => {
    const r = el.getBoundingClientRect();
    const server = el.tile?.server ?? el.server?.name ?? '';
    const kind = el.tile?.kind ?? 'widget';
    return { server, kind, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
  const header = root.querySelector('header.top')?.getBoundingClientRect();
  const main = root.querySelector('main')?.getBoundingClientRect();
  return {
    ready: !loading && source.length > 0,
    boxes,
    headerBottom: header?.bottom ?? 0,
    main: main ? { left: main.left, right: main.right } : undefined,
  };
}

/** Figure 1: what the first screen at 1400×900 shows of nine servers. */
export async function firstScreen(browser) {
  const gateway = await startGatewayProcess({ config: nineServers() });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(gateway.url);
    await page.waitForFunction(serverBoxes, undefined, { polling: 250, timeout: 120_000 }).then(async () => {
      await page.waitForFunction(
        () => {
          const s = document.querySelector('mcp-dashboard')?.shadowRoot;
          const cards = [...(s?.querySelectorAll('mcp-widget-card') ?? [])];
          return (
            cards.length > 0 && cards.every((c) => c.phase === 'ready' || c.phase === 'error' || c.phase === 'disabled')
          );
        },
        undefined,
        { polling: 250, timeout: 120_000 },
      );
    });
    // Let late layout (fonts, virtualised lists, status polls) settle.
    await page.waitForTimeout(1500);
    if (process.env.DASHBOARD_LAYOUT_SHOT) await page.screenshot({ path: process.env.DASHBOARD_LAYOUT_SHOT });
    const m = await page.evaluate(serverBoxes);
    const height = 900;
    const width = 1400;
    const onScreen = (b) => b.bottom > m.headerBottom + 24 && b.top < height - 24 && b.right > 0 && b.left < width;
    const servers = new Set(m.boxes.filter(onScreen).map((b) => b.server));
    const panels = new Set(m.boxes.filter((b) => b.kind === 'widget' && onScreen(b)).map((b) => b.server));
    // Blank: points of the first screen below the header, inside <main>, covered by no tile or card (a 10 px lattice).
    let blank = 0;
    let total = 0;
    const left = m.main?.left ?? 0;
    const right = m.main?.right ?? width;
    for (let y = Math.ceil(m.headerBottom) + 5; y < height; y += 10) {
      for (let x = left + 5; x < right; x += 10) {
        total++;
        if (!m.boxes.some((b) => x >= b.left && x < b.right && y >= b.top && y < b.bottom)) blank++;
      }
    }
    if (problems.length) log(`first screen: the page reported: ${problems.slice(0, 3).join('; ')}`);
    return {
      servers: servers.size,
      panels: panels.size,
      total: new Set(m.boxes.map((b) => b.server)).size,
      blankPct: (100 * blank) / total,
      blankPx: blank * 100,
    };
  } finally {
    await context.close();
    await gateway.stop();
  }
}
