// Screenshots of every published MCP Apps example app as a person opens it from its card (docs/screenshots/apps/,
// shown in docs/mcp-apps.md "Example apps"): one gateway with all the example servers (stdio, `--stdio`), one
// Chromium page at 1400×1000, each app opened in turn through its confirmation, its tile taken once the app shows
// its own content (or, offline, its message). Prints one line per app: what it showed and its file.
// Run after `npm run build`: `node --import tsx scripts/app-screenshots.ts`.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  EXAMPLE_APPS,
  allowingDialogs,
  exampleAppServers,
  openExampleApp,
  tileText,
  viewIn,
} from '../test/support/example-apps.js';
import { launchChromium } from '../test/support/served-dashboard.js';
import { repoRoot, startGatewayProcess } from '../test/support/gateway-process.mjs';

const out = join(repoRoot, 'docs', 'screenshots', 'apps');
await mkdir(out, { recursive: true });
const gateway = await startGatewayProcess({
  config: { mcpServers: exampleAppServers(EXAMPLE_APPS) },
  readyTimeoutMs: 90_000,
});
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(await gateway.launchUrl());
  for (const app of EXAMPLE_APPS) {
    const file = join(out, `${app.name}.png`);
    const { result: said } = await allowingDialogs(page, async () => {
      const tile = await openExampleApp(page, app);
      const view = viewIn(tile);
      const seen = app.needsInternet
        ? view.locator('body').or(tile.locator('mcp-app-frame section'))
        : view.locator('body');
      await seen.filter({ hasText: app.shows }).first().waitFor({ timeout: 30_000 });
      if (app.interact) await view.getByRole('button', { name: app.interact.button }).click();
      // Let the app finish drawing (charts animate in, a pressed button's answer arrives) before the picture.
      await page.waitForTimeout(2_000);
      await tile.scrollIntoViewIfNeeded();
      await tile.screenshot({ path: file });
      const text = await tileText(tile);
      // Closed while its own calls may still ask (a monitor polls): the dialogs are answered until it is gone.
      await tile.getByRole('button', { name: 'Close app' }).click();
      await tile.locator('mcp-app-frame').waitFor({ state: 'detached', timeout: 10_000 });
      return text;
    });
    process.stdout.write(`${app.name}: ${said.slice(0, 100)} → ${file}\n`);
  }
} finally {
  await browser.close();
  await gateway.stop();
}
