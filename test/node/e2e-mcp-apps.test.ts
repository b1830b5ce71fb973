import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGetTimeApp } from '../support/app-journey.js';
import { useServedDashboard, watchProblems } from '../support/served-dashboard.js';

// The page exactly as a user gets it from the gateway — with its own Content-Security-Policy,
// whose frame-src names only the sandbox origins — opening the get-time app from the server panel.

const served = useServedDashboard({
  config: { mcpServers: { 'basic-vanillajs': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'] } } },
});

test('MCP Apps on the served page: Open app → confirm → the view runs on the sandbox origin under the page CSP, and shows the time', async () => {
  const page = await served.browser.newPage();
  const problems = watchProblems(page);
  // How the browser classes the proxy page's request: from the page, another site (not same-site).
  const proxySites: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/proxy')
      void request.allHeaders().then((h) => proxySites.push(h['sec-fetch-site'] ?? '(none)'));
  });
  await page.goto(await served.gateway.launchUrl());
  const outer = await openGetTimeApp(page);
  const src = await outer.getAttribute('src');
  const sandbox = new URL(src!);
  const pageUrl = new URL(page.url());
  // The page moved itself from the printed 127.0.0.1 to localhost (passkeys need a host name); the
  // view's proxy is on the view's own name under .localhost, another port: another origin and another site.
  assert.equal(pageUrl.hostname, 'localhost');
  assert.match(sandbox.hostname, /^app--[a-z2-7]{24}\.localhost$/);
  assert.notEqual(sandbox.port, pageUrl.port);
  const app = page.locator('mcp-app-tile');
  const time = app.frameLocator('mcp-app-frame iframe').frameLocator('iframe').locator('#server-time');
  await time.filter({ hasText: /\d{4}-\d\d-\d\dT/ }).waitFor({ timeout: 20_000 });
  await app.getByRole('status').filter({ hasText: 'Ready' }).waitFor();
  assert.deepEqual(proxySites, ['cross-site'], 'x.localhost is another site than localhost');
  assert.deepEqual(
    problems.filter((p) => !/favicon/.test(p)),
    [],
  );
  await page.close();
});
