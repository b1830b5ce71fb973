import { expect } from '@open-wc/testing';
import { deepQuery } from '../support/dom.js';
import { SERVERS, walk } from '../support/a11y-views.js';
import { describeSampleBrands } from '../support/sample-brands.js';

// axe-core (WCAG 2.1 A + AA rules) over every view a user meets (test/support/a11y-views.ts) with each sample
// brand, loaded from the config through the real gateway.

describe('axe-core WCAG 2.1 AA on every view, with each sample brand', function () {
  this.timeout(180_000);

  describeSampleBrands({
    mcpServers: SERVERS,
    title: (name, mode) => `MCP-WP-11.5.1 no violations with the ${name} brand in ${mode} mode`,
    check: async (dashboard, label) => {
      expect(deepQuery('h1', dashboard.shadowRoot!)!.textContent).to.equal(dashboard.services!.theme.brand!.name);
      await walk(dashboard, label);
    },
  });
});
