// Driving the dashboard in Firefox (Debian's firefox-esr) with puppeteer-core over WebDriver BiDi: launching it
// as the tests need it, and finding, clicking and waiting for elements through the page's shadow roots, with real
// mouse clicks. Shared by the Firefox journeys (test/node/e2e-firefox*.test.ts).
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** Why the Firefox tests are skipped here, or false when they run. */
export const firefoxSkip = existsSync(FIREFOX)
  ? false
  : `firefox-esr is not installed at ${FIREFOX} (apt-get install firefox-esr)`;
// CI installs Firefox (.ci/run) and sets this: there, a missing browser is a failure, not a skip.
if (firefoxSkip && process.env.MCP_DASHBOARD_REQUIRE_FIREFOX === '1') {
  throw new Error(`Firefox is required here but ${FIREFOX} does not exist (apt-get install firefox-esr)`);
}

/** Firefox, headless, with no first-run pages, update or telemetry requests, and a light colour preference. */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: {
      'browser.shell.checkDefaultBrowser': false,
      'app.update.enabled': false,
      // The page sees a light system preference (1 = light), whatever the machine's desktop says.
      'layout.css.prefers-color-scheme.content-override': 1,
    },
  });
}

// In-page helpers as source text: functions compiled by tsx would carry its helpers into the page.
// Finds the first element (through every open shadow root) matching `selector` whose text includes `text`.
// A selector matches within one tree: combinators do not cross a shadow root.
export const FIND = `(selector, text, server) => {
  const cards = document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? [];
  const card = server ? [...cards].find((c) => c.server?.name === server) : undefined;
  if (server && !card?.shadowRoot) return null;
  const roots = [server ? card.shadowRoot : document];
  while (roots.length) {
    const root = roots.shift();
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) roots.push(el.shadowRoot);
      if (el.matches(selector) && (!text || (el.textContent || '').includes(text))) return el;
    }
  }
  return null;
}`;

/** Where an element is: `selector` (with `text`) inside the card of `server`, or anywhere when none is named. */
export interface Target {
  selector: string;
  text?: string;
  server?: string;
}

export const found = (t: Target) =>
  `(${FIND})(${JSON.stringify(t.selector)}, ${JSON.stringify(t.text ?? '')}, ${JSON.stringify(t.server ?? '')})`;

/** Where to click an element (scrolled into view first), or null while it is not there. */
export async function centerOf(page: Page, target: Target): Promise<{ x: number; y: number } | null> {
  return page.evaluate(
    `(() => {
      const el = ${found(target)};
      if (!el) return null;
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return r.width && r.height ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
    })()`,
  ) as Promise<{ x: number; y: number } | null>;
}

/** Clicks (a real mouse click) the element once it is there. */
export async function click(page: Page, target: Target): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const at = await centerOf(page, target);
    if (at) {
      await page.mouse.click(at.x, at.y);
      return;
    }
    if (Date.now() > deadline) throw new Error(`nothing to click after 20 s: ${JSON.stringify(target)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the element is there (its text includes `text`). */
export async function until(page: Page, target: Target, timeout = 20_000): Promise<void> {
  await page.waitForFunction(`${found(target)} !== null`, { timeout, polling: 100 });
}

/** Opens a card's Tools tab, types into its search box and clicks the tool, as a person finds a tool. */
export async function selectTool(page: Page, server: string, tool: string): Promise<void> {
  await click(page, { selector: '[role="tab"]', text: 'Tools', server });
  await click(page, { selector: 'input[type="search"]', server });
  await page.keyboard.type(tool);
  await click(page, { selector: 'button.tool-item', text: tool, server });
}

/** Waits for the host's confirmation dialog; returns its text. */
export async function dialogText(page: Page, timeout = 20_000): Promise<string> {
  const dialog = `document.querySelector('mcp-dashboard')?.shadowRoot?.querySelector('mcp-confirm-dialog')?.shadowRoot`;
  await page.waitForFunction(`${dialog}?.querySelector('dialog')?.open === true`, { timeout, polling: 100 });
  return (await page.evaluate(`${dialog}.textContent`)) as string;
}
