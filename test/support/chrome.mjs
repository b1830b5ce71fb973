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
 * Chromium 156 makes two WebUI renderers for every window — the omnibox popup and its "AI mode" variant — though a
 * headless window never shows them: about 0.2 CPU-seconds per browser context, a fifth of what a test's context
 * costs (docs/decisions/tests-suite-time.md). The tests turn both off.
 */
export const NO_OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Flags for web-test-runner's Chromium: puppeteer merges a `--disable-features` given here into its own list. */
export const WTR_CHROME_ARGS = [...CHROME_ARGS, `--disable-features=${NO_OMNIBOX_POPUP.join(',')}`];

/** Playwright's own `--disable-features` list (playwright-core 1.65, chromiumSwitches). */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Flags for a Chromium that Playwright starts (it adds its own headless flag). Playwright does not merge a
 * `--disable-features` given in `args` with its own, and Chromium keeps the last one: so this one is Playwright's
 * list plus NO_OMNIBOX_POPUP. `storagePartitioning: true` leaves `ThirdPartyStoragePartitioning` on, as in a
 * person's Chromium, for frames of other sites that need storage (an MCP App view on its per-app origin):
 * Playwright turns it off, and Chromium then denies `localStorage` to such a frame ("Access is denied for this
 * document"), where a person's Chromium gives it storage of its own, kept per top-level site.
 * @param {{ storagePartitioning?: boolean, enableFeatures?: string[] }} [options]
 */
export function playwrightChromeArgs({ storagePartitioning = false, enableFeatures = [] } = {}) {
  const disabled = PLAYWRIGHT_DISABLED_FEATURES.filter(
    (f) => !(storagePartitioning && f === 'ThirdPartyStoragePartitioning'),
  );
  return [
    ...CHROME_ARGS.filter((a) => !a.startsWith('--headless')),
    `--disable-features=${[...disabled, ...NO_OMNIBOX_POPUP].join(',')}`,
    ...(enableFeatures.length ? [`--enable-features=${enableFeatures.join(',')}`] : []),
  ];
}
