/* global document, getComputedStyle, requestAnimationFrame -- the page.evaluate bodies run in the browser */
// Theme, brand and locale switching in a real dashboard (real gateway, the default config's servers,
// Chromium). Prints one JSON object on stdout (bench/README.md); progress goes to stderr.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromePath, CHROME_ARGS } from '../test/support/chrome.mjs';
import { repoRoot, startGatewayProcess } from '../test/support/gateway-process.mjs';

const SAMPLES = 25;
const log = (m) => process.stderr.write(`[theme.bench] ${m}\n`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const config = JSON.parse(await readFile(join(repoRoot, 'mcp-dashboard.config.json'), 'utf8'));
const gateway = await startGatewayProcess({ config });
const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_ARGS });
const figures = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(await gateway.launchUrl());
  const servers = Object.keys(config.mcpServers).length;
  log(`waiting for the ${servers} widgets of the default config`);
  await page.waitForFunction(
    (count) => {
      const d = document.querySelector('mcp-dashboard');
      const cards = [...(d?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? [])];
      return cards.length === count && cards.every((c) => c.phase === 'ready');
    },
    servers,
    { timeout: 60_000 },
  );

  // Time from a mode change to the frame where a widget's deepest kit element shows the new colour.
  const switchTimes = (extraRoots) =>
    page.evaluate(
      async ({ samples, extraRoots }) => {
        const d = document.querySelector('mcp-dashboard');
        const theme = d.services.theme;
        const probes = [];
        for (let i = 0; i < extraRoots; i++) {
          const el = document.createElement('div');
          el.className = 'bench-root';
          el.attachShadow({ mode: 'open' }).innerHTML =
            '<p style="color: var(--mcp-text-primary); background: var(--mcp-surface)">x</p>';
          document.body.append(el);
          theme.applyToElement(el);
          probes.push(el.shadowRoot.firstChild);
        }
        const card = d.shadowRoot.querySelector('mcp-widget-card');
        const widget = card.shadowRoot.querySelector('mcp-server-panel-widget');
        const target = widget.shadowRoot.querySelector('[role="tab"]');
        const frame = [];
        const sync = [];
        for (let i = 0; i < samples; i++) {
          const mode = i % 2 === 0 ? 'dark' : 'light';
          await new Promise((r) => requestAnimationFrame(() => r()));
          const t0 = performance.now();
          theme.setMode(mode);
          void getComputedStyle(target).color;
          for (const p of probes) void getComputedStyle(p).color;
          sync.push(performance.now() - t0);
          await new Promise((r) => requestAnimationFrame(() => r()));
          frame.push(performance.now() - t0);
        }
        document.querySelectorAll('.bench-root').forEach((e) => e.remove());
        theme.setMode('light');
        return { frame, sync };
      },
      { samples: SAMPLES, extraRoots },
    );

  for (const extra of [0, 200]) {
    log(`mode switch with ${extra} extra shadow roots`);
    const { frame, sync } = await switchTimes(extra);
    figures.push({
      id: `theme.switch.sync.roots-${servers + extra}`,
      label: `Mode switch, tokens recomputed and styles recalculated, ${servers} live widgets + ${extra} extra shadow roots`,
      value: Number(median(sync).toFixed(2)),
      unit: 'ms',
      samples: SAMPLES,
      notes: 'median; setMode + forced style recalculation of a widget tab and every extra root',
    });
    figures.push({
      id: `theme.switch.frame.roots-${servers + extra}`,
      label: `Mode switch to the next painted frame, ${servers} live widgets + ${extra} extra shadow roots`,
      value: Number(median(frame).toFixed(2)),
      unit: 'ms',
      samples: SAMPLES,
      notes: 'median; includes waiting for requestAnimationFrame (headless Chromium, ~16.7 ms frames)',
    });
  }

  log('brand composition');
  const brand = JSON.parse(await readFile(join(repoRoot, 'examples/brands/acme-ops/brand.json'), 'utf8'));
  delete brand.logo;
  delete brand.favicon;
  const brandTimes = await page.evaluate(
    async ({ samples, brand }) => {
      const theme = document.querySelector('mcp-dashboard').services.theme;
      const times = [];
      for (let i = 0; i < samples; i++) {
        const t0 = performance.now();
        theme.configure({ brand: i % 2 === 0 ? brand : null, colorScheme: i % 4 < 2 ? 'vibrant' : 'accessible' });
        times.push(performance.now() - t0);
      }
      theme.configure({ brand: null, colorScheme: 'vibrant' });
      return times;
    },
    { samples: SAMPLES, brand },
  );
  figures.push({
    id: 'theme.brand.compose',
    label: 'Apply or remove a brand (compose 60 tokens, enforce 90+ WCAG pairs, replace the sheet)',
    value: Number(median(brandTimes).toFixed(2)),
    unit: 'ms',
    samples: SAMPLES,
    notes: 'median; alternating brand/no brand and vibrant/accessible',
  });

  log('locale switch');
  const localeTimes = await page.evaluate(async (samples) => {
    const d = document.querySelector('mcp-dashboard');
    const card = d.shadowRoot.querySelector('mcp-widget-card');
    const widget = card.shadowRoot.querySelector('mcp-server-panel-widget');
    const times = [];
    for (let i = 0; i < samples; i++) {
      const locale = i % 2 === 0 ? 'ja' : 'en';
      const expected = locale === 'ja' ? '概要' : 'Overview';
      const t0 = performance.now();
      await d.services.configuration.set('i18n.locale', locale);
      while (!widget.shadowRoot.querySelector('[role="tab"]').textContent.includes(expected))
        await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => requestAnimationFrame(() => r()));
      times.push(performance.now() - t0);
    }
    await d.services.configuration.set('i18n.locale', 'en');
    return times;
  }, SAMPLES);
  figures.push({
    id: 'i18n.switch',
    label: 'Language switch (en ↔ ja) until the widget shows it, incl. the IndexedDB write',
    value: Number(median(localeTimes).toFixed(2)),
    unit: 'ms',
    samples: SAMPLES,
    notes: 'median; shell, 3 widgets and their kit components re-render',
  });
} finally {
  await browser.close();
  await gateway.stop();
}
process.stdout.write(`${JSON.stringify({ bench: 'theme', figures, absent: [] })}\n`);
