// The default config's start-up figures, with MCP Inspector 2.12 measured in the same run:
// navigation → all default cards show their tool counts, and navigation → server-everything's tools
// listed (`echo` visible) in the dashboard and in Inspector, each reported as the pair and the ratio.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { log } from './contract.mjs';
import { median, round } from './stats.mjs';
import { startInspector } from './inspector.mjs';
import { untilWarm } from './warm.mjs';
import { watchProblems } from './browser.mjs';
import { repoRoot, startGatewayProcess } from '../../test/support/gateway-process.mjs';

const ROUNDS = 5;
const WARMUP = 1;

/** Runs in the page: the epoch ms of the frame where all `count` cards show "N tools" (or "1 tool"). */
function allCardsShowCounts(count) {
  const cards =
    globalThis.document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? [];
  for (const card of cards) {
    const alert = card.shadowRoot?.querySelector('[role="alert"]');
    if (alert) return { error: `${card.server?.name}: ${alert.textContent.trim()}` };
  }
  if (cards.length !== count) return false;
  for (const card of cards)
    if (!/\d[\d,]* tools?, /.test(card.shadowRoot?.querySelector('header')?.textContent ?? '')) return false;
  return { epoch: performance.timeOrigin + performance.now() };
}

/**
 * Runs in the page: the epoch ms of the frame where an element matching `selector` whose trimmed text
 * is `text` (or matches the regular expression `pattern`) is visible, searching open shadow roots too
 * (inside the card titled `card` when given); false until then. Both hosts' steps are detected with it
 * at every animation frame: Playwright's own waiting polls at growing intervals (up to 500 ms apart),
 * which would add up to that much to either host's figure, by chance.
 */
function shown({ card, selector, text, pattern }) {
  const fits = (el) =>
    el.matches(selector) &&
    (pattern ? new RegExp(pattern).test(el.textContent.trim()) : el.textContent.trim() === text);
  const find = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (fits(el) && el.checkVisibility() && el.getBoundingClientRect().width > 0) return el;
      const inner = el.shadowRoot && find(el.shadowRoot);
      if (inner) return inner;
    }
    return undefined;
  };
  let root = globalThis.document;
  if (card) {
    const cards =
      globalThis.document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? [];
    root = [...cards].find((c) => c.shadowRoot?.querySelector('h2')?.textContent.trim() === card)?.shadowRoot;
    if (!root) return false;
  }
  return find(root) ? performance.timeOrigin + performance.now() : false;
}

/** The epoch ms at which `shown(what)` first held. */
const whenShown = (page, what) =>
  page.waitForFunction(shown, what, { polling: 'raf', timeout: 60_000 }).then((h) => h.jsonValue());

async function dashboardRound(browser, config, count) {
  const gateway = await startGatewayProcess({ config });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    await untilWarm(gateway);
    const page = await context.newPage();
    const problems = watchProblems(page);
    // Document loads, not same-document changes (the page removes its launch code with history.replaceState).
    const documents = [];
    page.on('domcontentloaded', () => documents.push(page.url()));
    const url = await gateway.launchUrl();
    const start = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2', { hasText: /^everything$/ }) });
    const [all, echo] = await Promise.all([
      page.waitForFunction(allCardsShowCounts, count, { polling: 'raf', timeout: 60_000 }).then((h) => h.jsonValue()),
      (async () => {
        const tab = await whenShown(page, { card: 'everything', selector: '[role="tab"]', pattern: '^Tools' });
        await card.getByRole('tab', { name: /^Tools/ }).click({ timeout: 60_000 });
        const clicked = Date.now();
        return { tab, clicked, shown: await whenShown(page, { card: 'everything', selector: '*', text: 'echo' }) };
      })(),
    ]);
    if (all.error) throw new Error(`a card showed an error: ${all.error}`);
    // The cards show the gateway's catalog first; when every card's own session is open as well.
    const sessions = await page
      .waitForFunction(
        (n) => {
          const cards = [
            ...(globalThis.document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-widget-card') ??
              []),
          ];
          return cards.length === n && cards.every((c) => c.phase === 'ready' && !c.connecting)
            ? performance.timeOrigin + performance.now()
            : false;
        },
        count,
        { polling: 50, timeout: 60_000 },
      )
      .then((h) => h.jsonValue());
    if (problems.length > 0) throw new Error(`the page reported errors: ${problems.join('; ')}`);
    const href = page.url();
    return {
      all: all.epoch - start,
      echo: echo.shown - start,
      click: echo.clicked - echo.tab,
      sessions: sessions - start,
      documents: documents.length,
      codeInAddress: /code=|token=/.test(href),
    };
  } finally {
    await context.close();
    await gateway.stop();
  }
}

async function inspectorRound(browser, inspector) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    const start = Date.now();
    await page.goto(inspector.url, { waitUntil: 'commit' });
    // Inspector lists its server; the user connects it with the switch, then opens Tools.
    const toggle = page.getByRole('switch').first();
    await whenShown(page, { selector: '[role="switch"]', pattern: '.*' });
    if (!(await toggle.isChecked())) await toggle.click({ force: true });
    await whenShown(page, { selector: '*', text: 'Connected' });
    await page.getByRole('banner').getByText('Tools', { exact: true }).click();
    const echo = (await whenShown(page, { selector: '*', text: 'echo' })) - start;
    // Disconnect, so the next round starts from the same state (Inspector keeps its server connection).
    await toggle.click({ force: true }).catch(() => {});
    return echo;
  } finally {
    await context.close();
  }
}

/** Figures for the default config, and Inspector's in the same run (absent, with the reason, when it cannot run). */
export async function defaultConfigFigures(browser, { quick = false } = {}) {
  const config = JSON.parse(readFileSync(join(repoRoot, 'mcp-dashboard.config.json'), 'utf8'));
  const count = Object.values(config.mcpServers).filter((s) => !s.disabled).length;
  const rounds = quick ? 1 : ROUNDS;
  const figures = [];
  const errors = [];
  const absent = [];
  let inspector;
  let why;
  try {
    inspector = await startInspector([
      process.execPath,
      join(repoRoot, 'node_modules', '.bin', 'mcp-server-everything'),
      'stdio',
    ]);
  } catch (error) {
    why = error.message.split('\n')[0];
    log(`startup: MCP Inspector not measured: ${why}`);
  }
  const ours = [];
  const theirs = [];
  try {
    for (let i = 0; i < rounds + WARMUP; i++) {
      const d = await dashboardRound(browser, config, count);
      let t;
      if (inspector) {
        try {
          t = await inspectorRound(browser, inspector);
        } catch (error) {
          why = `Inspector's round failed: ${error.message.split('\n')[0]}`;
          log(`startup: ${why}`);
          await inspector.stop();
          inspector = undefined;
        }
      }
      log(
        `startup default config #${i + 1}${i < WARMUP ? ' (warm-up)' : ''}: all ${count} cards ${d.all.toFixed(0)} ms, echo listed ${d.echo.toFixed(0)} ms (${d.documents} document${d.documents === 1 ? '' : 's'})${t === undefined ? '' : `; Inspector echo listed ${t.toFixed(0)} ms`}`,
      );
      if (i < WARMUP) continue;
      ours.push(d);
      if (t !== undefined) theirs.push(t);
    }
  } catch (error) {
    errors.push({ id: 'startup.default', label: 'Start-up, default config', reason: error.message.split('\n')[0] });
    return { figures, errors, absent };
  } finally {
    await inspector?.stop();
  }
  const all = median(ours.map((d) => d.all));
  const echo = median(ours.map((d) => d.echo));
  const docs = Math.max(...ours.map((d) => d.documents));
  figures.push({
    id: 'startup.default.all-cards',
    label: `Start-up, default config: navigation → all ${count} cards show their tool counts`,
    value: round(all, 0),
    unit: 'ms',
    samples: ours.length,
    notes: `median; servers warm and discovered by the gateway (the cards show its catalog, then open their own sessions after the first interaction, here the script's click on the Tools tab, or 1 s without one: all open at ${round(median(ours.map((d) => d.sessions)), 0)} ms, median); samples ${ours.map((d) => d.all.toFixed(0)).join(', ')} ms; ${docs === 1 ? 'one document load per navigation (no second navigation)' : `${docs} document loads in a navigation`}; Inspector shows one server at a time, so it has no counterpart`,
  });
  const echoFigure = {
    id: 'startup.default.echo',
    label: "Start-up, default config: navigation → server-everything's tools listed (`echo` visible)",
    value: round(echo, 0),
    unit: 'ms',
    samples: ours.length,
    notes: `median; the script opens the Tools tab as soon as it can in both hosts (Inspector: also flips its Connect switch, which starts the server), each step detected in the page at every animation frame; the dashboard's click on the tab, from the tab shown to Playwright's click done, took ${round(median(ours.map((d) => d.click)), 0)} ms (median); samples ${ours.map((d) => d.echo.toFixed(0)).join(', ')} ms${theirs.length ? `; Inspector ${theirs.map((x) => x.toFixed(0)).join(', ')} ms` : ''}`,
  };
  if (theirs.length > 0)
    echoFigure.baseline = {
      label: 'MCP Inspector 2.12 web client, same run',
      value: round(median(theirs), 0),
      unit: 'ms',
    };
  else
    absent.push({
      id: 'startup.inspector',
      label: 'MCP Inspector 2.12: navigation → tools listed',
      reason: why ?? 'not measured',
    });
  figures.push(echoFigure);
  return { figures, errors, absent };
}
