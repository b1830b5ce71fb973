// Headless Chromium (Debian's, found by test/support/chrome.mjs) driven by playwright-core, plus CDP
// helpers for heap figures. Never downloads a browser.
import { chromium } from 'playwright-core';
import { chromePath, CHROME_ARGS } from '../../test/support/chrome.mjs';

/** Launches headless Chromium; playwright adds its own headless flag. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: chromePath(),
    args: CHROME_ARGS.filter((a) => !a.startsWith('--headless')),
  });
}

/** The Chromium version string of a launched browser. */
export function browserVersion(browser) {
  return browser.version();
}

/** A CDP session on `page` with helpers for heap figures (bytes of live JS heap after a full GC). */
export async function heapProbe(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  return {
    /** Collects garbage (twice: finalizers can free more on the second pass) and returns used heap bytes. */
    async usedAfterGc() {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      return usedSize;
    },
    detach: () => cdp.detach(),
  };
}

/** Collects `pageerror`s and console errors so a bench can fail loudly instead of measuring a broken page. */
export function watchProblems(page) {
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return problems;
}
