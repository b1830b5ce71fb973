import { POLICY, resetLocale, SERVERS, walk } from '../support/a11y-policy-views.js';
import { describeSampleBrands } from '../support/sample-brands.js';

// The invocation-policy views (test/support/a11y-policy-views.ts) checked with axe-core (WCAG 2.1 A + AA) with
// each sample brand, loaded from the config through the real gateway.

describe('policy views: axe with each sample brand', function () {
  this.timeout(180_000);

  describeSampleBrands({
    mcpServers: SERVERS,
    dashboard: POLICY,
    teardown: resetLocale,
    title: (name, mode) => `MCP-WP-11.5.1 no violations in the policy views with the ${name} brand in ${mode} mode`,
    check: (dashboard, label) => walk(dashboard, label),
  });
});
