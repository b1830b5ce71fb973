// Takes MCP Inspector 2.12's screenshots for the side-by-side comparison in the README (docs/screenshots/): its web
// client with server-everything connected at 390×844, 1280×720 and 1920×1080, each in light, dark and high
// contrast (inspector-<width>-<mode>.png; the same sizes and modes as the dashboard's, scripts/screenshot-modes.ts:
// Inspector follows the system's colour scheme, and has no high-contrast mode, so high contrast is the browser's
// forced-colours emulation), and its Tools tab with Echo called with "hello" at 1280×720 — the same server and call
// as the dashboard's own screenshots (scripts/docs-screenshots.ts). Inspector is installed on demand into the
// cache folder (bench/lib/inspector.mjs), never as a dependency.
// Run: `node --import tsx scripts/inspector-screenshots.ts`.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startInspector } from '../bench/lib/inspector.mjs';
import { launchChromium } from '../test/support/served-dashboard.js';
import { repoRoot } from '../test/support/gateway-process.mjs';
import { MODES, SIZES } from './screenshot-modes.js';

const out = join(repoRoot, 'docs', 'screenshots');
await mkdir(out, { recursive: true });
const everything = join(repoRoot, 'node_modules', '.bin', 'mcp-server-everything');
const inspector = await startInspector([everything, 'stdio']);
const browser = await launchChromium();

/** Inspector at this size and mode, connected to server-everything. */
async function connected(width: number, height: number, mode: keyof typeof MODES): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, ...MODES[mode] });
  await page.goto(inspector.url);
  const toggle = page.getByRole('switch').first();
  await toggle.waitFor();
  if (!(await toggle.isChecked())) await toggle.click({ force: true });
  await page.getByText('Connected', { exact: true }).first().waitFor({ timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  // Reaching the switch scrolls a phone-sized page sideways (Inspector does not reflow at 390 px): show it from its start.
  await page.evaluate(() => {
    for (const el of [document.scrollingElement, ...document.querySelectorAll('*')])
      if (el?.scrollLeft) el.scrollLeft = 0;
  });
  return page;
}

try {
  for (const [width, height] of SIZES) {
    for (const mode of Object.keys(MODES) as Array<keyof typeof MODES>) {
      const page = await connected(width, height, mode);
      await page.screenshot({ path: join(out, `inspector-${width}-${mode}.png`) });
      await page.close();
    }
  }
  const page = await connected(1280, 720, 'light');
  await page.getByRole('banner').getByText('Tools', { exact: true }).click();
  await page.getByText('echo', { exact: true }).first().click();
  await page.getByRole('textbox').nth(1).fill('hello');
  await page.getByRole('button', { name: 'Execute Tool' }).click();
  await page.getByText('Echo: hello').first().waitFor();
  await page.screenshot({ path: join(out, 'inspector-tools-1280-light.png') });
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await inspector.stop();
}
