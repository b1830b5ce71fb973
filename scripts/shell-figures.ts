// Measures the figures issue 28 asks for, on the shipped default config in the built dashboard, in Debian's
// Chromium: the header's height at 1280×720 and 390×844; how far down a phone (390×844) shows the first server's
// state; the tallest confirmation dialog over every tool of the default servers at 1280×720; and the clicks from
// opening the dashboard to a tool result (everything's Echo with "hello", counted as the page's trusted clicks).
// Run after `npm run build`: `node --import tsx scripts/shell-figures.ts` (prints JSON).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/served-dashboard.js';
import { repoRoot, startGatewayProcess } from '../test/support/gateway-process.mjs';

const SERVERS = ['everything', 'basic-vanillajs', 'system-monitor', 'mcplet-demo'];
const config = JSON.parse(await readFile(join(repoRoot, 'mcp-dashboard.config.json'), 'utf8'));
const gateway = await startGatewayProcess({ config });
const browser = await launchChromium();

async function opened(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, colorScheme: 'light' });
  await page.goto(await gateway.launchUrl());
  for (const name of SERVERS)
    await page
      .locator('mcp-widget-card')
      .filter({ has: page.locator(`h2:text-is("${name}")`) })
      .locator('header')
      .getByText(/Idle|Active/)
      .waitFor({ timeout: 60_000 });
  await page.evaluate(() => document.fonts.ready);
  // tsx names the functions below with a helper the page does not have.
  await page.evaluate('globalThis.__name = (f) => f');
  return page;
}

const headerHeight = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('mcp-dashboard')!.shadowRoot!.querySelector('mcp-app-bar')!;
    return Math.round(bar.getBoundingClientRect().height);
  });

/** Every tool of the default servers through the real invoker: arguments made from the schema, the dialog measured, then Deny. */
async function tallestDialog(
  page: Page,
): Promise<{ tallest: unknown; tools: number; scrolled: string[]; skipped: string[] }> {
  return page.evaluate(async (servers) => {
    type Schema = {
      type?: string;
      format?: string;
      enum?: unknown[];
      properties?: Record<string, Schema>;
      required?: string[];
      minimum?: number;
    };
    const sample = (s: Schema | undefined): unknown => {
      if (s?.enum?.length) return s.enum[0];
      switch (s?.type) {
        case 'number':
        case 'integer':
          return s.minimum ?? 1;
        case 'boolean':
          return true;
        case 'array':
          return [];
        case 'object':
          return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k])]));
        default:
          return s?.format === 'uri' ? 'https://example.com/' : 'hello';
      }
    };
    const dashboard = document.querySelector('mcp-dashboard') as HTMLElement & {
      services: {
        bridge: { listTools(s: string): Promise<Array<{ name: string; inputSchema?: Schema }>> };
        invoker: { invoke(r: unknown, c: unknown): Promise<unknown> };
      };
    };
    const dialogBox = () =>
      dashboard.shadowRoot!.querySelector('mcp-confirm-dialog')?.shadowRoot?.querySelector('dialog') ?? null;
    let tallest = { server: '', tool: '', height: 0 };
    const scrolled: string[] = [];
    const skipped: string[] = [];
    let tools = 0;
    for (const server of servers) {
      for (const tool of await dashboard.services.bridge.listTools(server)) {
        const args = sample({ type: 'object', ...tool.inputSchema }) as Record<string, unknown>;
        const call = dashboard.services.invoker
          .invoke(
            { serverName: server, toolName: tool.name, args },
            { surface: 'widget', id: `server-panel:${server}` },
          )
          .then(
            () => 'ran without asking',
            (e: Error) => e.message,
          );
        let box: HTMLDialogElement | null = null;
        for (let i = 0; i < 100 && !(box = dialogBox())?.open; i++) await new Promise((r) => setTimeout(r, 50));
        if (!box?.open) {
          const why = await Promise.race([call, new Promise((r) => setTimeout(() => r('another dialog'), 100))]);
          skipped.push(`${server}:${tool.name} (${String(why).slice(0, 120)})`);
          continue;
        }
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        tools++;
        const height = Math.round(box.getBoundingClientRect().height);
        if (height > tallest.height) tallest = { server, tool: tool.name, height };
        if (box.scrollHeight > box.clientHeight + 1) scrolled.push(`${server}:${tool.name}`);
        (box.querySelector('[data-action="cancel"]') as HTMLButtonElement).click();
        await call;
      }
    }
    return { tallest, tools, scrolled, skipped };
  }, SERVERS);
}

try {
  const desk = await opened(1280, 720);
  const header1280 = await headerHeight(desk);
  const dialogs = await tallestDialog(desk);
  await desk.close();

  const phone = await opened(390, 844);
  const header390 = await headerHeight(phone);
  const firstState = await phone.evaluate(() => {
    const tile = document.querySelector('mcp-dashboard')!.shadowRoot!.querySelector('mcp-status-tile')!;
    const r = tile.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
  });
  const statesOnFirstScreen = await phone.evaluate(
    () =>
      [...document.querySelector('mcp-dashboard')!.shadowRoot!.querySelectorAll('mcp-status-tile')].filter(
        (t) => t.getBoundingClientRect().bottom <= window.innerHeight,
      ).length,
  );
  await phone.close();

  // Open → Echo's result with the mouse, as docs-screenshots.ts does; the page counts the clicks it receives.
  const page = await opened(1280, 720);
  await page.evaluate(() => {
    (window as unknown as { clicks: number }).clicks = 0;
    addEventListener('click', (e) => e.isTrusted && (window as unknown as { clicks: number }).clicks++, true);
  });
  const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("everything")') });
  await card.getByRole('tab', { name: /Tools/ }).click();
  await card.getByRole('button', { name: /Echo Tool/ }).click();
  await card.getByRole('textbox').first().fill('hello');
  await card.getByRole('button', { name: 'Invoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Allow once' }).click();
  await card.getByText('Echo: hello').first().waitFor();
  const clicks = await page.evaluate(() => (window as unknown as { clicks: number }).clicks);
  await page.close();

  console.log(
    JSON.stringify(
      {
        headerHeight: { at1280: header1280, at390: header390 },
        phone390x844: { firstStatusTile: firstState, statusTilesOnFirstScreen: statesOnFirstScreen },
        dialogs1280x720: dialogs,
        clicksToToolResult: { clicks, typing: 'the argument "hello"' },
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await gateway.stop();
}
