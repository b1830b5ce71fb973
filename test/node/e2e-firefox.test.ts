// The dashboard in Firefox (Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi): a person opens
// the printed address, the server's card shows its tools, and a tool call goes through the confirmation dialog
// to its result — with real mouse clicks and key presses, against a real gateway and a real MCP server.
// Every other browser test runs in Chromium; this is the journey that shows the product works in Firefox too.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startGatewayProcess } from '../support/gateway-process.mjs';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const missing = !existsSync(FIREFOX);
// CI installs Firefox (.ci/run) and sets this: there, a missing browser is a failure, not a skip.
if (missing && process.env.MCP_DASHBOARD_REQUIRE_FIREFOX === '1') {
  throw new Error(`Firefox is required here but ${FIREFOX} does not exist (apt-get install firefox-esr)`);
}

// In-page helpers as source text: functions compiled by tsx would carry its helpers into the page.
// Finds the first element (through every open shadow root) matching `selector` whose text includes `text`.
// A selector matches within one tree: combinators do not cross a shadow root.
const FIND = `(selector, text) => {
  const roots = [document];
  while (roots.length) {
    const root = roots.shift();
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) roots.push(el.shadowRoot);
      if (el.matches(selector) && (!text || (el.textContent || '').includes(text))) return el;
    }
  }
  return null;
}`;

/** Where to click an element found by FIND (scrolled into view first), or null while it is not there. */
async function centerOf(page: Page, selector: string, text = ''): Promise<{ x: number; y: number } | null> {
  return page.evaluate(
    `(() => {
      const el = (${FIND})(${JSON.stringify(selector)}, ${JSON.stringify(text)});
      if (!el) return null;
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return r.width && r.height ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
    })()`,
  ) as Promise<{ x: number; y: number } | null>;
}

/** Clicks (a real mouse click) the element once it is there. */
async function click(page: Page, selector: string, text = '', what = `${selector} "${text}"`): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const at = await centerOf(page, selector, text);
    if (at) {
      await page.mouse.click(at.x, at.y);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no ${what} to click after 20 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until some element's text (through shadow roots) includes `text`. */
async function untilText(page: Page, selector: string, text: string, timeout = 20_000): Promise<void> {
  await page.waitForFunction(`(${FIND})(${JSON.stringify(selector)}, ${JSON.stringify(text)}) !== null`, {
    timeout,
    polling: 100,
  });
}

describe(
  'Firefox ESR: open the dashboard and call a tool through the confirmation dialog',
  { skip: missing ? `firefox-esr is not installed at ${FIREFOX} (apt-get install firefox-esr)` : false },
  () => {
    let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
    let browser: Browser;
    let page: Page;
    const pageErrors: string[] = [];

    before(async () => {
      gateway = await startGatewayProcess({
        config: { mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'] } } },
        exchange: false,
      });
      browser = await puppeteer.launch({
        browser: 'firefox',
        executablePath: FIREFOX,
        headless: true,
        // No first-run pages, no update or telemetry requests: only what the test opens.
        extraPrefsFirefox: { 'browser.shell.checkDefaultBrowser': false, 'app.update.enabled': false },
      });
      page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      page.on('pageerror', (error) => pageErrors.push(String((error as Error).message ?? error)));
    });

    after(async () => {
      await browser?.close();
      await gateway?.stop();
    });

    test('the printed address opens the dashboard: the card shows the server ready with its tools', async () => {
      await page.goto(gateway.printedUrl);
      // The card's header (in the card's shadow root) once the server's lists are in: "19 tools, 7 resources, …".
      await untilText(page, 'header', ' tools, ', 30_000);
      const userAgent = await browser.userAgent();
      assert.match(userAgent, /Firefox\/\d+/, `the browser is Firefox: ${userAgent}`);
      assert.equal(new URL(page.url()).hash, '', 'the launch code has left the address');
      assert.deepEqual(pageErrors, [], 'no uncaught error in the page');
    });

    test('Echo through the dialog: search, fill the form, Invoke, Allow, and the answer shows', async () => {
      await click(page, '[role="tab"]', 'Tools');
      // The Tools tab's own search box (inside the tool list), as a person finds a tool.
      const search = (await page
        .waitForFunction(
          `(() => {
          const list = (${FIND})('mcp-tool-list', '');
          const input = list?.shadowRoot?.querySelector('input[type="search"]');
          if (!input) return null;
          input.scrollIntoView({ block: 'center' });
          const r = input.getBoundingClientRect();
          return r.width ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
        })()`,
          { timeout: 20_000, polling: 100 },
        )
        .then((handle) => handle.jsonValue())) as { x: number; y: number };
      await page.mouse.click(search.x, search.y);
      await page.keyboard.type('Echo');
      await click(page, 'button.tool-item', 'Echo');
      await untilText(page, 'label', 'message');
      // The form's message field: its label's control, by a real click and real key presses.
      const field = await page.evaluate(
        `(() => {
          const label = (${FIND})('label', 'message');
          const input = label.getRootNode().getElementById(label.htmlFor);
          input.scrollIntoView({ block: 'center' });
          const r = input.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        })()`,
      );
      const { x, y } = field as { x: number; y: number };
      await page.mouse.click(x, y);
      await page.keyboard.type('hello from Firefox');
      await click(page, 'button[type="submit"]', 'Invoke');
      // The host's confirmation dialog asks before anything reaches the server.
      await page.waitForFunction(
        `(() => { const d = document.querySelector('mcp-dashboard')?.shadowRoot?.querySelector('mcp-confirm-dialog')?.shadowRoot?.querySelector('dialog'); return d?.open === true; })()`,
        { timeout: 20_000, polling: 100 },
      );
      const asked = (await page.evaluate(
        `document.querySelector('mcp-dashboard').shadowRoot.querySelector('mcp-confirm-dialog').shadowRoot.textContent`,
      )) as string;
      assert.match(asked, /echo/i, 'the dialog names the tool');
      assert.match(asked, /hello from Firefox/, 'the dialog shows the arguments');
      await click(page, '[data-action="confirm"]');
      await untilText(page, '*', 'Echo: hello from Firefox');
      assert.deepEqual(pageErrors, [], 'no uncaught error in the page');
    });
  },
);
