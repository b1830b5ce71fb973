import { expect } from '@open-wc/testing';
import { axePasses, axeViolations } from '../support/axe.js';
import { SERVERS, walk, widgetOf } from '../support/a11y-views.js';
import { waitFor } from '../support/gateway.js';
import { useDashboard } from '../support/setup.js';

// axe-core (WCAG 2.1 A + AA rules) over every view a user meets (test/support/a11y-views.ts) in light, dark and
// high contrast; with each sample brand in a11y-views-brands.test.ts.

describe('axe-core WCAG 2.1 AA on every view, in every theme', function () {
  this.timeout(180_000);

  describe('built-in modes', () => {
    const env = useDashboard({ mcpServers: SERVERS, mount: 'each' });

    it('axe looks inside widget shadow roots: a low-contrast line in a widget is reported (control)', async () => {
      const card = await env.card('everything');
      const widget = await widgetOf(card);
      const probe = document.createElement('p');
      probe.textContent = 'barely visible';
      probe.style.color = '#c8c8c8';
      widget.shadowRoot!.append(probe);
      const violations = await axeViolations(document);
      probe.remove();
      expect(violations.join('\n')).to.match(/color-contrast.*barely visible/s);
    });

    for (const mode of ['light', 'dark', 'high-contrast'] as const) {
      it(`MCP-WP-11.5.1 no violations in ${mode} mode`, async () => {
        await waitFor(() => env.dashboard!.services?.preferences, 10_000, 'services');
        await env.dashboard.services!.configuration.set('theme.mode', mode);
        // The choice is applied once the dashboard has loaded its preferences (later on a busy machine).
        await waitFor(() => env.dashboard!.services!.theme.getMode() === mode, 10_000, `the ${mode} mode to apply`);
        expect(await axePasses(document), 'axe checked colour contrast').to.include('color-contrast');
        await walk(env.dashboard, mode);
      });
    }
  });
});
