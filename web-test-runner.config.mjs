// Browser tests: Chromium (Debian's) through @web/test-runner-chrome; TypeScript via esbuild.
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromePath, WTR_CHROME_ARGS, createIsolatedPage } from './test/support/chrome.mjs';
import { gatewayPlugin } from './test/support/wtr-gateway-plugin.mjs';
import { longCommandPlugin } from './test/support/wtr-long-command.mjs';
import { httpFixturesPlugin } from './test/support/wtr-http-fixtures-plugin.mjs';
import { cjsBundlePlugin } from './test/support/wtr-cjs-plugin.mjs';
import { registryPlugin } from './test/support/wtr-registry-plugin.mjs';
import { framesPlugin } from './test/support/wtr-frames-plugin.mjs';
import { mediaPlugin } from './test/support/wtr-media-plugin.mjs';
import { webauthnPlugin } from './test/support/wtr-webauthn-plugin.mjs';
import { screenshotPlugin } from './test/support/wtr-screenshot-plugin.mjs';
import { scratchPlugin } from './test/support/wtr-scratch-plugin.mjs';
import { listenersPlugin } from './test/support/wtr-listeners-plugin.mjs';
import { timingReporter } from './test/support/wtr-timing-reporter.mjs';

const DEFAULT_CONTEXT_FILE = 'test/browser/mcp-apps-network.test.ts';

export default {
  files: [
    'src/**/*.test.ts',
    'widgets/**/*.test.ts',
    'theme/**/*.test.ts',
    'registry-client/**/*.test.ts',
    'test/browser/**/*.test.ts',
    `!${DEFAULT_CONTEXT_FILE}`,
  ],
  // Chromium opens no preconnect in a browser context of its own (off the record), so the network test's
  // control (an unguarded page's preconnect does reach the listener) could never flip there: that file runs in
  // the browser's default context, the only page in it.
  groups: [
    {
      name: 'default-context',
      files: DEFAULT_CONTEXT_FILE,
      browsers: [chromeLauncher({ launchOptions: { executablePath: chromePath(), args: WTR_CHROME_ARGS } })],
    },
  ],
  nodeResolve: { exportConditions: ['browser', 'import', 'default'] },
  // Test files run in parallel pages, each in its own browser context and focused as far as it can tell
  // (createIsolatedPage), so dialog, focus and keyboard tests need no page to themselves.
  // Four pages at a time keep both cores busy (three left them 83 % busy); WTR_CONCURRENCY=1 runs one page at a
  // time (docs/decisions/tests-suite-time.md).
  concurrency: Number(process.env.WTR_CONCURRENCY ?? 4),
  // The default-context group's browser runs beside the main one (its one file used to wait for all the others,
  // about 10 s alone at the end).
  concurrentBrowsers: 2,
  browserStartTimeout: 60_000,
  testsFinishTimeout: 300_000,
  testFramework: { config: { timeout: 30_000 } },
  // The ext-apps SDK logs every postMessage at debug level; keep test output to what matters.
  filterBrowserLogs: ({ type }) => type !== 'debug',
  // WTR_TIMINGS=<file> writes each test file's wall time (docs/decisions/tests-suite-time.md).
  reporters: [defaultReporter(), timingReporter()],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: chromePath(), args: WTR_CHROME_ARGS },
      createPage: createIsolatedPage,
    }),
  ],
  plugins: [
    // ajv is CommonJS; Vite converts it in the build, this does the same for the test server.
    cjsBundlePlugin({ ajv: 'ajv', 'ajv/dist/2020.js': 'ajv2020', 'ajv-formats': 'ajv-formats', semver: 'semver' }),
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }),
    longCommandPlugin(),
    gatewayPlugin(),
    httpFixturesPlugin(),
    registryPlugin(),
    framesPlugin(),
    mediaPlugin(),
    webauthnPlugin(),
    screenshotPlugin(),
    scratchPlugin(),
    listenersPlugin(),
  ],
};
