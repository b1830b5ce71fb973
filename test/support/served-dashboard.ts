// Node end-to-end tests of the page the gateway serves: a real gateway process started from a config, and a
// real Chromium (headed flags, headless shell) that opens the printed address, both stopped after the file.
import { after, before } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromePath, playwrightChromeArgs } from './chrome.mjs';
import { startGatewayProcess } from './gateway-process.mjs';

export type GatewayProcess = Awaited<ReturnType<typeof startGatewayProcess>>;
type StartOptions = Parameters<typeof startGatewayProcess>[0];

/** Debian's Chromium with the project's flags, as a person's browser would run it (not the headless mode). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: playwrightChromeArgs(),
  });
}

/** Collects what a person would see as a broken page: uncaught errors and console errors (`ignore` aside). */
export function watchProblems(page: Page, ignore?: RegExp): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !(ignore && ignore.test(m.text()))) problems.push(`console: ${m.text()}`);
  });
  return problems;
}

/** One gateway and one browser for the test file: `options` (or a function that builds them) start the gateway. */
export function useServedDashboard(options: StartOptions | (() => Promise<StartOptions> | StartOptions)): {
  readonly gateway: GatewayProcess;
  readonly browser: Browser;
} {
  let gateway: GatewayProcess | undefined;
  let browser: Browser | undefined;
  before(async () => {
    gateway = await startGatewayProcess(typeof options === 'function' ? await options() : options);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await gateway?.stop();
  });
  return {
    get gateway() {
      if (!gateway) throw new Error('the gateway has not started (before() failed)');
      return gateway;
    },
    get browser() {
      if (!browser) throw new Error('the browser has not started (before() failed)');
      return browser;
    },
  };
}
