import { expect } from '@open-wc/testing';
import { deepQuery } from '../support/dom.js';
import { SERVERS, walk } from '../support/a11y-views.js';
import { waitFor } from '../support/gateway.js';
import { useDashboard } from '../support/setup.js';

// axe-core (WCAG 2.1 A + AA rules) over every view a user meets (test/support/a11y-views.ts) with each sample
// brand, loaded from the config through the real gateway.

describe('axe-core WCAG 2.1 AA on every view, with each sample brand', function () {
  this.timeout(180_000);

  for (const [name, mode] of [
    ['acme-ops', 'light'],
    ['harbor-labs', 'dark'],
  ] as const) {
    describe(`sample brand ${name}`, () => {
      const env = useDashboard({
        mcpServers: SERVERS,
        dashboard: { brand: `examples/brands/${name}/brand.json` },
        mount: 'each',
      });

      it(`MCP-WP-11.5.1 no violations with the ${name} brand in ${mode} mode`, async () => {
        await waitFor(() => env.dashboard!.services?.theme.brand, 10_000, 'the brand from the config');
        await env.dashboard.services!.configuration.set('theme.mode', mode);
        expect(deepQuery('h1', env.dashboard.shadowRoot!)!.textContent).to.equal(
          env.dashboard.services!.theme.brand!.name,
        );
        await walk(env.dashboard, `${name}/${mode}`);
      });
    });
  }
});
