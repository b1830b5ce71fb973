import { expect } from '@open-wc/testing';
import { deepQuery } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { mountDashboard } from '../support/dashboard.js';
import { startRegistry, stopRegistry, type TestRegistry } from '../support/widget-store.js';
import { useDashboard } from '../support/setup.js';

// The Widgets panel opened at once, before the registry's code has loaded (it loads after the first sessions):
// the panel is drawn while its element is not defined yet, and must still show the registry once it is. It stayed
// on "Loading widget settings…" for good (found by the Firefox journey, test/node/e2e-firefox-journeys.test.ts).
// Its own file: the page must not have loaded the registry code for an earlier test.

describe('the Widgets panel opened before the registry code has loaded', () => {
  let registry: TestRegistry;
  before(async () => {
    registry = await startRegistry({ packs: ['@acme/echo-widget@1.0.0'] });
  });
  after(() => stopRegistry(registry));
  const env = useDashboard({
    mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true } },
    dashboard: () => ({
      registries: [{ url: registry.url, name: 'test registry' }],
      publisherKeys: [{ publisher: registry.publisher, publicKey: registry.publicKey }],
    }),
    mount: 'test',
  });

  it('shows its search form and the registry once the code is there', async () => {
    env.dashboard = await mountDashboard(env.gateway);
    const button = await waitFor(
      () => deepQuery<HTMLButtonElement>('button[aria-controls="widget-store"]', env.dashboard.shadowRoot!),
      20_000,
      'the Widgets button',
    );
    const definedAtClick = Boolean(customElements.get('mcp-widget-store'));
    button.click();
    // The control: the panel really was opened before its element existed.
    expect(definedAtClick, 'the registry code had already loaded: this test did not open the panel early').to.equal(
      false,
    );
    const store = await waitFor(() => env.dashboard.shadowRoot!.querySelector('mcp-widget-store'), 5000, 'the panel');
    await waitFor(
      () => store.shadowRoot?.querySelector('input[name="q"]'),
      20_000,
      `the panel's search form (it says "${store.shadowRoot?.textContent?.trim().slice(0, 80)}")`,
    );
    expect(store.shadowRoot!.textContent).to.contain('test registry');
  });
});
