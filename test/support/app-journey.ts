// A person opens the basic-vanillajs example app (@modelcontextprotocol/server-basic-vanillajs) from its card in a
// real Chromium: Tools → Get Time → Open app → Confirm; the app's tile then frames the sandbox proxy.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/** Opens Get Time's app through the confirmation dialog; resolves with the app tile's outer frame (the proxy). */
export async function openGetTimeApp(page: Page, options: { timeout?: number } = {}): Promise<Locator> {
  const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("basic-vanillajs")') });
  await card.getByRole('tab', { name: /Tools/ }).click(options);
  await card.getByRole('button', { name: /Get Time/ }).click();
  await card.getByRole('button', { name: 'Open app' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /Let basic-vanillajs run Get Time\?/);
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  // The app stands beside the panel as its own tile.
  const outer = page.locator('mcp-app-tile').locator('mcp-app-frame iframe');
  await outer.waitFor();
  return outer;
}
