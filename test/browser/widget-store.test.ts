import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { McpWidgetStore } from '../../src/shell/registry/widget-store.js';
import { deepActive } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import {
  clickInstall,
  consentDialog,
  consentOpen,
  openStore,
  outcome,
  selectPackage,
  startRegistry,
  stopRegistry,
  type TestRegistry,
} from '../support/widget-store.js';
import { useDashboard } from '../support/setup.js';

describe('Widgets panel and consent dialog', () => {
  let registry: TestRegistry;
  let store: McpWidgetStore;

  before(async () => {
    registry = await startRegistry({ packs: ['@contoso/resource-pins-widget@1.0.0', '@acme/echo-widget@1.0.0'] });
  });
  const env = useDashboard({
    mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true } },
    dashboard: () => ({
      registries: [{ url: registry.url, name: 'test registry' }],
      publisherKeys: [{ publisher: registry.publisher, publicKey: registry.publicKey }],
    }),
    ready: ['everything'],
  });
  before(async () => {
    store = await openStore(env.dashboard);
  });
  after(() => stopRegistry(registry));

  it('MCP-WP-11.5.1 the panel with search results and package details passes axe-core', async () => {
    expect(await selectPackage(store, '@contoso/resource-pins-widget')).to.equal(undefined);
    expect(store.shadowRoot!.querySelector('.details')!.textContent).to.match(/Write to the clipboard/);
    await expect(store).to.be.accessible();
  });

  it('MCP-WP-11.4.5 the consent dialog lists every permission, is accessible, and Escape declines: nothing is installed, focus returns', async () => {
    const before = await env.dashboard.registryHost!.store.keys();
    clickInstall(store);
    const install = [...store.shadowRoot!.querySelectorAll<HTMLButtonElement>('.details button')].find(
      (b) => b.textContent!.trim() === 'Install',
    )!;
    install.focus();
    const text = await consentOpen(env.dashboard);
    for (const p of [
      'Read resources of the server',
      'Subscribe to resource updates',
      'Persistent storage in this browser',
      'Write to the clipboard',
      'Network access to status.contoso.example (https)',
    ]) {
      expect(text).to.contain(p);
    }
    expect(text).to.contain('Community (not signed; permissions limited)');
    await expect(consentDialog(env.dashboard)).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    const result = await outcome(store);
    expect(result).to.deep.equal({
      ok: false,
      text: 'Contoso Resource Pins was not installed: you declined its permissions.',
    });
    expect(await env.dashboard.registryHost!.store.keys()).to.deep.equal(before);
    expect((await env.dashboard.registryHost!.api.settings()).widgets).to.deep.equal({});
    await waitFor(() => deepActive() === install, 2000, 'focus back on Install');
  });

  it('shows download progress while installing, then the result', async () => {
    expect(await selectPackage(store, '@acme/echo-widget')).to.equal(undefined);
    const seen: Array<{ label: string; max: number; value: number }> = [];
    const observer = new MutationObserver(() => {
      const bar = store.shadowRoot!.querySelector('progress');
      if (bar)
        seen.push({
          label: bar.closest('label')!.textContent!.replace(/\s+/g, ' ').trim(),
          max: bar.max,
          value: bar.value,
        });
    });
    observer.observe(store.shadowRoot!, { childList: true, subtree: true, attributes: true });
    clickInstall(store);
    await consentOpen(env.dashboard);
    (consentDialog(env.dashboard).shadowRoot!.querySelector('[data-action="confirm"]') as HTMLButtonElement).click();
    const result = await outcome(store);
    observer.disconnect();
    expect(result).to.deep.equal({ ok: true, text: 'Installed Acme Echo 1.0.0.' });
    expect(seen.length, 'a progress bar was shown').to.be.greaterThan(0);
    expect(seen[0]!.label).to.match(/^Downloading @acme\/echo-widget 1\.0\.0 \(1 of 1\)/);
    expect(seen[0]!.max).to.be.greaterThan(10_000);
    expect(store.shadowRoot!.querySelector('progress'), 'gone when done').to.equal(null);
  });
});
