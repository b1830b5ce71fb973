// Takes MCP Inspector 2.12's screenshots for the side-by-side comparison in the README (docs/screenshots/): its web
// client with server-everything at 1280×720, connected, its Tools tab with Echo called with "hello" — the same
// server, size and call as the dashboard's own screenshots (scripts/docs-screenshots.ts). Inspector is installed on
// demand into the cache folder (bench/lib/inspector.mjs), never as a dependency.
// Run: `node --import tsx scripts/inspector-screenshots.ts`.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startInspector } from '../bench/lib/inspector.mjs';
import { launchChromium } from '../test/support/served-dashboard.js';
import { repoRoot } from '../test/support/gateway-process.mjs';

const out = join(repoRoot, 'docs', 'screenshots');
await mkdir(out, { recursive: true });
const everything = join(repoRoot, 'node_modules', '.bin', 'mcp-server-everything');
const inspector = await startInspector([everything, 'stdio']);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' });
  await page.goto(inspector.url);
  const toggle = page.getByRole('switch').first();
  await toggle.waitFor();
  if (!(await toggle.isChecked())) await toggle.click({ force: true });
  await page.getByText('Connected', { exact: true }).first().waitFor({ timeout: 30_000 });
  await page.screenshot({ path: join(out, 'inspector-1280-light.png') });
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
