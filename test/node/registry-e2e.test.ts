import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromePath, playwrightChromeArgs } from '../support/chrome.mjs';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import {
  buildRegistryFixture,
  makeRegistry,
  mcpwp,
  publishPack,
  startRegistryProcess,
} from '../support/registry-fixture.mjs';

// What a user does with the Widgets panel, on the page the gateway serves (with its real CSP), against
// a reference registry (`mcpwp serve`) built from examples/widgets by `mcpwp pack` and `mcpwp publish`.
let fixture: Awaited<ReturnType<typeof buildRegistryFixture>>;
let registry: Awaited<ReturnType<typeof startRegistryProcess>>;
let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
let browser: Browser;
let page: Page;
const problems: string[] = [];
let offline = false;

const card = (name: string) => page.locator('mcp-widget-card').filter({ has: page.locator(`h2:text-is("${name}")`) });
const installed = (name: string) => page.locator(`li.installed[data-name="${name}"]`);

async function installedConfig(): Promise<Record<string, { version: string; previous?: { version: string } }>> {
  const config = JSON.parse(await readFile(gateway.configFile, 'utf8'));
  return config.dashboard.widgets ?? {};
}

async function openWidgets(): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Widgets', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.locator('mcp-widget-store h2', { hasText: 'Widgets' }).waitFor();
}

async function search(text: string): Promise<void> {
  // The Widgets panel's own search (the app bar has a Search button too: the command palette).
  const store = page.locator('mcp-widget-store');
  await store.getByLabel('Search', { exact: true }).fill(text);
  await store.getByRole('button', { name: 'Search', exact: true }).click();
}

async function reload(): Promise<void> {
  await page.reload();
  await card('everything')
    .locator('header')
    .getByText(/Idle|Active/)
    .waitFor({ timeout: 30_000 });
}

before(async () => {
  fixture = await buildRegistryFixture();
  const dir = await makeRegistry(fixture, [
    '@acme/echo-widget@1.0.0',
    '@acme/sparkline@1.0.0',
    '@acme/latency-widget@1.0.0',
    '@contoso/resource-pins-widget@1.0.0',
  ]);
  registry = await startRegistryProcess(dir);
  gateway = await startGatewayProcess({
    config: {
      mcpServers: {
        everything: { command: 'mcp-server-everything', args: ['stdio'] },
        'basic-vanillajs': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'] },
      },
      dashboard: {
        registries: [{ url: registry.url, name: 'Acme test registry' }],
        publisherKeys: [{ publisher: fixture.publisher, publicKey: fixture.publicKey }],
      },
    },
  });
  browser = await chromium.launch({
    executablePath: chromePath(),
    args: playwrightChromeArgs(),
  });
  page = await browser.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // Once the registry is stopped, failed fetches are expected and reported in the UI.
    if (m.type() === 'error' && !(offline && /ERR_CONNECTION_REFUSED|Failed to fetch/.test(m.text())))
      problems.push(`console: ${m.text()}`);
  });
  await page.goto(await gateway.launchUrl());
  await card('everything')
    .locator('header')
    .getByText(/Idle|Active/)
    .waitFor({ timeout: 30_000 });
});

after(async () => {
  await browser?.close();
  await gateway?.stop();
  await registry?.stop();
});

test('MCP-WP-16.3.3 search finds the registry widgets; details show versions, trust, signature state and permissions', async () => {
  await openWidgets();
  await search('acme');
  const results = page.getByRole('list', { name: 'Search results' });
  await results.getByRole('button', { name: /Acme Echo 1\.0\.0/ }).waitFor();
  await results.getByRole('button', { name: /Acme Latency 1\.0\.0/ }).waitFor();
  await results.getByRole('button', { name: /Acme Echo/ }).click();
  const details = page.locator('mcp-widget-store .details');
  await details.getByText(/Valid ES256 signature by Acme Widgets \(pinned key\)/).waitFor();
  assert.match(await details.innerText(), /Verified \(signed by a publisher you pinned\)/);
  assert.match(await details.innerText(), /Ask to call tools \(you confirm each call\)/);
  assert.equal(await details.getByLabel('Version').inputValue(), '1.0.0');
});

test('MCP-WP-11.4.5 installing asks for consent with the permissions; the verified widget then runs on its server', async () => {
  await page.locator('mcp-widget-store .details').getByRole('button', { name: 'Install' }).click();
  const consent = page.getByRole('alertdialog', { name: /Install Acme Echo 1\.0\.0\?/ });
  await consent.waitFor();
  assert.match(await consent.innerText(), /Ask to call tools/);
  assert.equal(await consent.getByRole('checkbox', { name: 'everything' }).isChecked(), true);
  await consent.getByRole('button', { name: 'Install' }).click();
  await page.getByText('Installed Acme Echo 1.0.0.').waitFor();
  const widget = card('everything').locator('mcp-acme-echo-widget');
  await widget.getByText('Acme Echo 1.0.0').waitFor({ timeout: 15_000 });
  await widget.getByLabel('Message').fill('hello registry');
  await widget.getByRole('button', { name: 'Say it' }).click();
  const confirm = page.getByRole('alertdialog', { name: /Let everything run Echo Tool\?/ });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Allow once' }).click();
  await widget.getByText('Echo: hello registry').waitFor({ timeout: 15_000 });
  assert.equal((await installedConfig())['@acme/echo-widget']?.version, '1.0.0');
});

test('MCP-WP-16.4.2 a widget with a dependency installs both; the dependency is loaded first', async () => {
  await search('latency');
  await page.getByRole('button', { name: /Acme Latency 1\.0\.0/ }).click();
  await page.locator('mcp-widget-store .details').getByText('@acme/sparkline 1.0.0').waitFor();
  await page.locator('mcp-widget-store .details').getByRole('button', { name: 'Install' }).click();
  const consent = page.getByRole('alertdialog', { name: /Install Acme Latency/ });
  await consent.getByText('@acme/sparkline@1.0.0').waitFor();
  await consent.getByRole('checkbox', { name: 'basic-vanillajs' }).check();
  await consent.getByRole('button', { name: 'Install' }).click();
  const widget = card('basic-vanillajs').locator('mcp-acme-latency-widget');
  await widget.getByText('0 calls').waitFor({ timeout: 15_000 });
  await widget.locator('mcp-acme-sparkline svg[role="img"]').waitFor();
  const config = await installedConfig();
  assert.equal(config['@acme/latency-widget']?.version, '1.0.0');
  assert.deepEqual(Object.keys((config['@acme/latency-widget'] as { dependencies?: object }).dependencies ?? {}), [
    '@acme/sparkline',
  ]);
});

test('MCP-WP-16.5.3 a patch release is applied automatically; MCP-WP-16.5.4 a major one waits for approval', async () => {
  await publishPack(fixture, registry.dir, '@acme/echo-widget@1.0.1');
  await publishPack(fixture, registry.dir, '@acme/echo-widget@2.0.0');
  await page.getByRole('button', { name: 'Check for updates' }).click();
  const item = installed('@acme/echo-widget');
  await item.locator('.version', { hasText: '1.0.1' }).waitFor();
  await item.getByRole('button', { name: 'Review major update 2.0.0' }).waitFor();
  await item.getByRole('button', { name: 'Roll back to 1.0.0' }).waitFor();
  await item.getByText(/Reload the page to run it/).waitFor();
  assert.equal((await installedConfig())['@acme/echo-widget']?.version, '1.0.1');
  await reload();
  await card('everything').locator('mcp-acme-echo-widget').getByText('Acme Echo 1.0.1').waitFor({ timeout: 15_000 });
  // The start-up check ran again and still did not take the major version.
  await openWidgets();
  await installed('@acme/echo-widget').getByRole('button', { name: 'Review major update 2.0.0' }).waitFor();
  assert.equal((await installedConfig())['@acme/echo-widget']?.version, '1.0.1');
});

test('approving the major update installs it, and one click rolls back to the kept previous version', async () => {
  await installed('@acme/echo-widget').getByRole('button', { name: 'Review major update 2.0.0' }).click();
  const consent = page.getByRole('alertdialog', { name: /Approve major update of Acme Echo: 1\.0\.1 → 2\.0\.0/ });
  await consent.getByRole('button', { name: 'Approve update' }).click();
  await installed('@acme/echo-widget').locator('.version', { hasText: '2.0.0' }).waitFor();
  await reload();
  await card('everything').locator('mcp-acme-echo-widget').getByText('Acme Echo 2.0.0').waitFor({ timeout: 15_000 });
  await openWidgets();
  await installed('@acme/echo-widget').getByRole('button', { name: 'Roll back to 1.0.1' }).click();
  await page.getByText('Rolled @acme/echo-widget back to 1.0.1.').waitFor();
  assert.equal((await installedConfig())['@acme/echo-widget']?.version, '1.0.1');
  assert.equal((await installedConfig())['@acme/echo-widget']?.previous?.version, '2.0.0');
  await reload();
  await card('everything').locator('mcp-acme-echo-widget').getByText('Acme Echo 1.0.1').waitFor({ timeout: 15_000 });
});

test('MCP-WP-11.4.7 an update that asks for more permissions needs consent again; declining keeps the installed version', async () => {
  await openWidgets();
  await search('pins');
  await page.getByRole('button', { name: /Contoso Resource Pins 1\.0\.0/ }).click();
  await page.locator('mcp-widget-store .details').getByRole('button', { name: 'Install' }).click();
  const consent = page.getByRole('alertdialog', { name: /Install Contoso Resource Pins 1\.0\.0/ });
  for (const text of [
    'Write to the clipboard',
    'Persistent storage in this browser',
    'Network access to status.contoso.example (https)',
    'Read resources of the server',
  ]) {
    await consent.getByText(text).waitFor();
  }
  await consent.getByRole('button', { name: 'Install' }).click();
  await page.getByText('Installed Contoso Resource Pins 1.0.0.').waitFor();
  await publishPack(fixture, registry.dir, '@contoso/resource-pins-widget@1.1.0');
  await page.getByRole('button', { name: 'Check for updates' }).click();
  const item = installed('@contoso/resource-pins-widget');
  await item.getByRole('button', { name: 'Update to 1.1.0 (minor)' }).click();
  const again = page.getByRole('alertdialog', { name: /Update Contoso Resource Pins 1\.0\.0 → 1\.1\.0/ });
  await again.getByText('Show notifications (new)').waitFor();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('@contoso/resource-pins-widget was not updated.').waitFor();
  assert.equal((await installedConfig())['@contoso/resource-pins-widget']?.version, '1.0.0');
  // A patch release with the same permissions is applied without asking.
  await publishPack(fixture, registry.dir, '@contoso/resource-pins-widget@1.0.1');
  await page.getByRole('button', { name: 'Check for updates' }).click();
  await item.locator('.version', { hasText: '1.0.1' }).waitFor();
  await item.getByRole('button', { name: 'Update to 1.1.0 (minor)' }).waitFor();
});

test('MCP-WP-16.8.1 uninstall with purge destroys the widget, removes it from the DOM, the config and the browser store', async () => {
  const item = installed('@acme/echo-widget');
  await item.getByRole('checkbox', { name: 'also delete its stored files' }).check();
  await item.getByRole('button', { name: 'Uninstall' }).click();
  await page.getByText('Uninstalled @acme/echo-widget.').waitFor();
  await card('everything').locator('mcp-server-panel-widget').waitFor({ timeout: 15_000 });
  assert.equal(await page.locator('mcp-acme-echo-widget').count(), 0);
  assert.equal((await installedConfig())['@acme/echo-widget'], undefined);
  const keys = await page.evaluate(() =>
    (
      document.querySelector('mcp-dashboard') as unknown as { registryHost: { store: { keys(): Promise<string[]> } } }
    ).registryHost.store.keys(),
  );
  assert.deepEqual(
    keys.filter((k) => k.startsWith('@acme/echo-widget@')),
    [],
  );
  assert.ok(keys.includes('@acme/latency-widget@1.0.0'));
});

test('MCP-WP-16.4.1 a widget installed with mcpwp install is verified, stored and shown by the open dashboard', async () => {
  const home = await mkdtemp(join(tmpdir(), 'mcpwp-home-'));
  await mcpwp(['install', '@acme/echo-widget@1.0.0', '--config', gateway.configFile, '--yes'], {
    env: { MCPWP_HOME: home },
  });
  await rm(home, { recursive: true, force: true });
  await installed('@acme/echo-widget').locator('.version', { hasText: '1.0.0' }).waitFor({ timeout: 20_000 });
  await card('everything').locator('mcp-acme-echo-widget').waitFor({ timeout: 15_000 });
  const keys = await page.evaluate(() =>
    (
      document.querySelector('mcp-dashboard') as unknown as { registryHost: { store: { keys(): Promise<string[]> } } }
    ).registryHost.store.keys(),
  );
  assert.ok(keys.includes('@acme/echo-widget@1.0.0'));
});

test('MCP-WP-16.7.2 installed widgets keep working offline: registry stopped, page reloaded', async () => {
  offline = true;
  await registry.stop();
  await reload();
  const widget = card('basic-vanillajs').locator('mcp-acme-latency-widget');
  await widget.getByText('0 calls').waitFor({ timeout: 15_000 });
  await widget.locator('mcp-acme-sparkline svg').waitFor();
  await card('everything').locator('mcp-acme-echo-widget').getByText('Acme Echo 1.0.0').waitFor({ timeout: 15_000 });
  await openWidgets();
  await installed('@acme/latency-widget').locator('.version', { hasText: '1.0.0' }).waitFor();
  await page.getByRole('button', { name: 'Check for updates' }).click();
  await installed('@acme/latency-widget')
    .getByText(/Update check failed: Cannot reach the registry/)
    .waitFor();
});

test('mcpwp uninstall on the config file is picked up by the open dashboard', async () => {
  await mcpwp(['uninstall', '@acme/latency-widget', '--config', gateway.configFile]);
  await card('basic-vanillajs').locator('mcp-server-panel-widget').waitFor({ timeout: 20_000 });
  assert.equal(await page.locator('mcp-acme-latency-widget').count(), 0);
  await installed('@acme/latency-widget').waitFor({ state: 'detached' });
});

test('the page ran every installed widget under its Content-Security-Policy without violations or errors', () => {
  assert.deepEqual(problems, []);
});
