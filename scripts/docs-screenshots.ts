// Takes the screenshots the README and docs/ show (docs/screenshots/), from the shipped default config in the
// built dashboard, in Debian's Chromium: the dashboard at 390×844 (a phone), 1280×720 and 1920×1080, each in light,
// dark and high contrast (dashboard-<width>-<mode>.png), the phone's menu open, the confirmation dialog for
// everything's Echo Tool at 1280×720, the status tiles after three calls, and the card with Echo's result.
// High contrast is the browser's forced-colours emulation (as Windows' contrast themes), which the dashboard
// follows with its own high-contrast mode, and which MCP Inspector gets too (scripts/inspector-screenshots.ts).
// Run after `npm run build`: `node --import tsx scripts/docs-screenshots.ts`.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { MODES, SIZES } from './screenshot-modes.js';
import { launchChromium } from '../test/support/served-dashboard.js';
import { repoRoot, startGatewayProcess } from '../test/support/gateway-process.mjs';

const out = join(repoRoot, 'docs', 'screenshots');
await mkdir(out, { recursive: true });
const config = JSON.parse(await readFile(join(repoRoot, 'mcp-dashboard.config.json'), 'utf8'));
const gateway = await startGatewayProcess({ config });
const browser = await launchChromium();

/** A fresh page at this size and mode, once every server's card says it is connected. */
async function opened(width: number, height: number, mode: keyof typeof MODES = 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, ...MODES[mode] });
  await page.goto(await gateway.launchUrl());
  for (const name of ['everything', 'basic-vanillajs', 'system-monitor', 'mcplet-demo']) {
    await page
      .locator('mcp-widget-card')
      .filter({ has: page.locator(`h2:text-is("${name}")`) })
      .locator('header')
      .getByText(/Idle|Active/)
      .waitFor({ timeout: 60_000 });
  }
  await page.evaluate(() => document.fonts.ready);
  return page;
}

try {
  for (const [width, height] of SIZES) {
    for (const mode of Object.keys(MODES) as Array<keyof typeof MODES>) {
      const page = await opened(width, height, mode);
      await page.screenshot({ path: join(out, `dashboard-${width}-${mode}.png`) });
      await page.close();
    }
  }
  const phone = await opened(390, 844);
  await phone.locator('mcp-app-bar [data-action="settings"]').click();
  await phone.screenshot({ path: join(out, 'menu-390-light.png') });
  await phone.close();

  const page = await opened(1280, 720);
  const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("everything")') });
  await card.getByRole('tab', { name: /Tools/ }).click();
  await card.getByRole('button', { name: /Echo Tool/ }).click();
  await card.getByRole('textbox').first().fill('hello');
  await card.getByRole('button', { name: 'Invoke' }).click();
  await page.getByRole('alertdialog').waitFor();
  await page.screenshot({ path: join(out, 'confirm-dialog-1280-light.png') });
  // Three calls later, the status tiles' last hour: calls, errors and the latency line.
  for (let i = 0; i < 3; i++) {
    if (i) await card.getByRole('button', { name: 'Invoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Allow once' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await card.getByText('Completed').first().waitFor();
  }
  await page.locator('mcp-status-tile').first().getByText('3 calls').waitFor();
  await page.screenshot({
    path: join(out, 'status-tiles-1280-light.png'),
    clip: { x: 0, y: 0, width: 1280, height: 200 },
  });
  // The same call's result in the card, beside Inspector's (scripts/inspector-screenshots.ts).
  await card.getByText('Echo: hello').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(out, 'tool-result-1280-light.png') });
  await page.close();
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await gateway.stop();
}
