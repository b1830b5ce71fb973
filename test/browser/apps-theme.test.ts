import { expect } from '@open-wc/testing';
import { contrastRatio } from '../../theme/color.js';
import { composeTheme } from '../../theme/compose.js';
import { openThroughWidget, viewReady } from '../support/apps.js';
import { deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { evalInView, waitInView } from '../support/views.js';
import { useDashboard } from '../support/setup.js';

// A theme, brand or language switch reaches an open MCP App view (host-context-changed with the
// style variables mapped from our tokens), inside the real sandbox, without reopening the view.

const READ = `const s = getComputedStyle(document.documentElement);
  return { scheme: document.documentElement.dataset.theme ?? '', bg: s.getPropertyValue('--color-background-primary').trim(),
    ring: s.getPropertyValue('--color-ring-primary').trim(), mono: s.getPropertyValue('--font-mono').trim(), raised: s.getPropertyValue('--color-background-tertiary').trim() };`;

type Seen = { scheme: string; bg: string; ring: string; mono: string; raised: string };

describe('theme, brand and language reach open MCP App views', function () {
  this.timeout(90_000);
  let viewId: string;

  const env = useDashboard({
    mcpServers: { 'basic-vanillajs': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'] } },
    teardown: ({ dashboard }) => dashboard.services?.configuration.set('i18n.locale', 'en'),
  });

  before(async () => {
    const card = await env.card('basic-vanillajs');
    await env.dashboard.services!.configuration.set('theme.mode', 'light');
    const { frame } = await openThroughWidget(env.dashboard, card, 'basic-vanillajs', 'get-time');
    viewId = await viewReady(frame);
  });

  const tokens = () => env.dashboard.services!.theme.tokens;

  it('MCP-WP-5.5.8 the extended tokens are mapped onto the view (ring, monospace font, raised surface)', async () => {
    const seen = await evalInView<Seen>(viewId, READ);
    expect(seen.bg).to.equal(tokens()['--mcp-background']);
    expect(seen.ring).to.equal(tokens()['--mcp-focus-ring']);
    expect(seen.mono).to.equal(tokens()['--mcp-font-family-mono']);
    expect(seen.raised).to.equal(tokens()['--mcp-surface-raised']);
  });

  it('high contrast reaches the view live: black background, dark scheme', async () => {
    await env.dashboard.services!.configuration.set('theme.mode', 'high-contrast');
    await waitInView(
      viewId,
      `return getComputedStyle(document.documentElement).getPropertyValue('--color-background-primary').trim() === '#000000';`,
      5000,
      'high contrast',
    );
    expect((await evalInView<Seen>(viewId, READ)).scheme).to.equal('dark');
    await env.dashboard.services!.configuration.set('theme.mode', 'light');
    await waitInView(
      viewId,
      `return getComputedStyle(document.documentElement).getPropertyValue('--color-background-primary').trim() === '#ffffff';`,
      5000,
      'light again',
    );
  });

  it('a brand reaches the view with its colours already adapted for contrast', async () => {
    await env.dashboard.services!.configuration.set('theme.brand', {
      name: 'Yellow Co',
      colors: { primary: '#ffcc00' },
    });
    try {
      const ring = composeTheme({ mode: 'light', brand: { name: 'Yellow Co', colors: { primary: '#ffcc00' } } }).tokens[
        '--mcp-focus-ring'
      ]!;
      expect(ring).to.not.equal('#ffcc00');
      await waitInView(
        viewId,
        `return getComputedStyle(document.documentElement).getPropertyValue('--color-ring-primary').trim() === '${ring}';`,
        5000,
        'the brand ring colour',
      );
      expect(contrastRatio(ring, '#ffffff')).to.be.at.least(3);
    } finally {
      await env.dashboard.services!.configuration.set('theme.brand', undefined);
    }
  });

  it('MCP-WP-10.3.4 a language switch reaches the view (hostContext.locale) and the app frame chrome', async () => {
    const card = await env.card('basic-vanillajs');
    const frame = await waitFor(
      () => card.shadowRoot!.querySelector('mcp-server-panel-widget')?.shadowRoot?.querySelector('mcp-app-frame'),
      5000,
      'the frame',
    );
    expect(deepText(frame.shadowRoot!)).to.contain('Close app');
    await env.dashboard.services!.configuration.set('i18n.locale', 'ja');
    await waitFor(() => deepText(frame.shadowRoot!).includes('アプリを閉じる'), 5000, 'the Japanese frame');
    const view = frame.view as unknown as { context: { locale?: string } };
    await waitFor(() => view.context.locale === 'ja', 5000, 'the locale in hostContext');
    // The view itself keeps running: the same frame, still ready, nothing reopened.
    expect(frame.view!.state).to.equal('ready');
    expect(frame.view!.id).to.equal(viewId);
  });
});
