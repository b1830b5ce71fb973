import { before, after } from 'node:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromePath, CHROME_ARGS } from './chrome.mjs';
import { repoRoot, startGatewayProcess } from './gateway-process.mjs';

// The dashboard as a WebMCP tool source for test/node/e2e-webmcp*.test.ts: the default config's four servers
// behind a real gateway, Chromium with --enable-features=WebMCP (playwright-core's page.webmcp is the agent), a
// virtual authenticator for passkey actions, and every agent-related bus event recorded in window.__events.

export type Tool = Awaited<ReturnType<Page['webmcp']['tools']>>[number];
export type Result = {
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

export let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
export let browser: Browser;
export let page: Page;
export const pageErrors: string[] = [];

export const dashboard = 'document.querySelector("mcp-dashboard")';
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

/** Registers the hooks that start the gateway and the WebMCP-enabled page once for the test file. */
export function useWebmcpPage(): void {
  before(async () => {
    const config = JSON.parse(await readFile(join(repoRoot, 'mcp-dashboard.config.json'), 'utf8'));
    // The browser's agent is "notes-agent": it may dispatch to notes-pool and run every widget action.
    config.dashboard.webmcp = { enabled: true, agent: 'notes-agent' };
    config.dashboard.agents = { 'notes-agent': { pools: ['notes-pool'], widgetActions: 'all' } };
    gateway = await startGatewayProcess({ config });
    browser = await chromium.launch({
      executablePath: chromePath(),
      args: [...CHROME_ARGS.filter((a) => a !== '--headless=new'), '--enable-features=WebMCP'],
    });
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(gateway.url);
    await page.waitForURL(/^http:\/\/localhost:\d+\/$/);
    await page
      .locator('mcp-agent-switch')
      .getByRole('status')
      .filter({ hasText: /offered to agent "notes-agent"/ })
      .waitFor({ timeout: 30_000 });
    for (const name of ['everything', 'basic-vanillajs', 'system-monitor', 'mcplet-demo']) {
      await page
        .locator('mcp-widget-card')
        .filter({ has: page.locator(`h2:text-is("${name}")`) })
        .locator('header')
        .getByText(/\d+ tools/)
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
