import { waitFor } from '../support/gateway.js';
import { useDashboard } from '../support/setup.js';
import { POLICY, resetLocale, SERVERS, walk } from '../support/a11y-policy-views.js';

// The invocation-policy views (test/support/a11y-policy-views.ts) checked with axe-core (WCAG 2.1 A + AA) with
// each sample brand, loaded from the config through the real gateway.

describe('policy views: axe with each sample brand', function () {
  this.timeout(180_000);

  for (const [name, mode] of [
    ['acme-ops', 'light'],
    ['harbor-labs', 'dark'],
  ] as const) {
    describe(`sample brand ${name}`, () => {
      const env = useDashboard({
        mcpServers: SERVERS,
        dashboard: { ...POLICY, brand: `examples/brands/${name}/brand.json` },
        mount: 'each',
        teardown: resetLocale,
      });

      it(`MCP-WP-11.5.1 no violations in the policy views with the ${name} brand in ${mode} mode`, async () => {
        await waitFor(() => env.dashboard!.services?.theme.brand, 10_000, 'the brand from the config');
        await env.dashboard.services!.configuration.set('theme.mode', mode);
        await walk(env.dashboard, `${name}/${mode}`);
      });
    });
  }
});
