// The dashboard as a WebMCP tool source for the e2e-webmcp tests: the default config's four servers through a
// real gateway, opened in Chromium with --enable-features=WebMCP (document.modelContext), whose agent client is
// playwright-core's page.webmcp; a virtual authenticator answers passkey ceremonies. The browser's agent is
// "notes-agent": it may dispatch to notes-pool and run every widget action.
import { before, after } from 'node:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromePath, playwrightChromeArgs } from './chrome.mjs';
import { repoRoot, startGatewayProcess } from './gateway-process.mjs';
import { addVirtualAuthenticator } from './virtual-authenticator.mjs';

/** A tool as page.webmcp lists it. */
export type Tool = Awaited<ReturnType<Page['webmcp']['tools']>>[number];
/** A tool result as page.webmcp returns it. */
export type Result = {
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

let gateway: Awaited<ReturnType<typeof startGatewayProcess>> | undefined;
let browser: Browser | undefined;
/** The dashboard page (set by `useWebMcpPage`'s before hook). */
export let page: Page;
/** Uncaught errors of the page. */
export const pageErrors: string[] = [];

/** The dashboard element, as an expression for page.evaluate. */
export const dashboard = 'document.querySelector("mcp-dashboard")';
/** The text parts of a tool result. */
export const textOf = (result: unknown) => ((result as Result).content ?? []).map((c) => c.text ?? '').join('\n');

/** The registered names, once they stop changing (servers connect one after another). */
export async function settledTools(min: number): Promise<Tool[]> {
  let last = '';
  for (let i = 0; i < 120; i++) {
    const tools = await page.webmcp.tools();
    const names = tools
      .map((t) => t.name)
      .sort()
      .join(',');
    if (tools.length >= min && names === last) return tools;
    last = names;
    await page.waitForTimeout(250);
  }
  throw new Error(`the registered tools did not settle (last: ${last})`);
}

/** The confirmation dialog, once it is open. */
export async function dialog(name?: RegExp) {
  const d = page.getByRole('alertdialog', name ? { name } : undefined);
  await d.waitFor({ timeout: 15_000 });
  return d;
}

/** Resolves to true once the promise has settled (without waiting for it). */
export function settledFlag(promise: Promise<unknown>): { settled: () => boolean } {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  return { settled: () => done };
}

/** Registers the hooks that start the gateway and open the page (in the enclosing suite, or the file). */
export function useWebMcpPage(): void {
  before(async () => {
    const config = JSON.parse(await readFile(join(repoRoot, 'mcp-dashboard.config.json'), 'utf8'));
    // The browser's agent is "notes-agent": it may dispatch to notes-pool and run every widget action.
    config.dashboard.webmcp = { enabled: true, agent: 'notes-agent' };
    config.dashboard.agents = { 'notes-agent': { pools: ['notes-pool'], widgetActions: 'all' } };
    gateway = await startGatewayProcess({ config });
    browser = await chromium.launch({
      executablePath: chromePath(),
      args: playwrightChromeArgs({ enableFeatures: ['WebMCP'] }),
    });
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const cdp = await page.context().newCDPSession(page);
    await addVirtualAuthenticator(cdp);
    await page.goto(gateway.url);
    await page.waitForURL(/^http:\/\/localhost:\d+\/$/);
    await page
      .locator('mcp-agent-switch')
      .getByRole('status', { includeHidden: true })
      .filter({ hasText: /offered to agent "notes-agent"/ })
      // The switch and its status are under Settings in the bar (closed): present, not shown.
      .waitFor({ state: 'attached', timeout: 30_000 });
    for (const name of ['everything', 'basic-vanillajs', 'system-monitor', 'mcplet-demo']) {
      await page
        .locator('mcp-widget-card')
        .filter({ has: page.locator(`h2:text-is("${name}")`) })
        .locator('header')
        .getByText(/\d+ tools?\b/)
        .waitFor({ timeout: 30_000 });
    }
    // Record every agent-related bus event (for MCP-WP-17.1.4).
    await page.evaluate(
      `(() => { window.__events = []; ${dashboard}.services.bus.on('mcp:*', (data, meta) => window.__events.push({ event: meta.event, data: JSON.parse(JSON.stringify({ source: data && data.source, caller: data && data.caller, requestId: data && data.requestId, toolName: data && data.toolName, action: data && data.action })) })); })()`,
    );
  });

  after(async () => {
    await browser?.close();
    await gateway?.stop();
  });
}
