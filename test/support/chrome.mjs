// Finds a Chrome/Chromium binary and the flags it needs on this kind of machine.
import { existsSync } from 'node:fs';

const CANDIDATES = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** Path of the browser used by every test and benchmark. */
export function chromePath() {
  const found = CANDIDATES.find((p) => p && existsSync(p));
  if (!found) throw new Error('No Chrome/Chromium found. Install Debian\'s "chromium" package or set CHROME_PATH.');
  return found;
}

/**
 * Flags: no sandbox as root, nothing that reaches the network on its own, and a fake camera and microphone whose
 * browser prompt says yes (the dashboard's own permission dialog is what the tests answer).
 */
export const CHROME_ARGS = [
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/**
 * web-test-runner's page factory: each page in a browser context of its own (storage, cookies and permissions
 * shared with no page running beside it) and always focused as far as the page can tell (CDP focus emulation),
 * so dialog, focus and keyboard tests run right in parallel pages.
 * @param {{ browser: import('puppeteer-core').Browser }} args
 */
export async function createIsolatedPage({ browser }) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  page.once('close', () => void context.close().catch(() => undefined));
  return page;
}

/**
 * For a Chromium that Playwright starts and whose frames of other sites need storage (an MCP App view on its per-app
 * origin): Playwright's own `--disable-features` list (playwright-core 1.65, chromiumSwitches) without
 * `ThirdPartyStoragePartitioning`. Playwright turns partitioning off; Chromium then denies `localStorage` to a frame
 * of another site ("Access is denied for this document", third-party cookies being blocked), where a person's
 * Chromium — partitioning on by default — gives it storage of its own, kept per top-level site. Chromium keeps the
 * last `--disable-features` it is given, so this one, in `args`, replaces Playwright's.
 */
export const STORAGE_PARTITIONING_ON = `--disable-features=${[
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
].join(',')}`;
