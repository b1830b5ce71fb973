import { expect } from '@open-wc/testing';
import { contrastRatio, parseColor, toHex } from '../../theme/color.js';
import { composeTheme } from '../../theme/compose.js';
import { openTab, selectTool, widgetDependencies } from '../support/dashboard.js';
import createServerPanelWidget from '../../widgets/server-panel/index.js';
import { deepQuery, deepQueryAll } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { emulateMedia, setZoom } from '../support/media.js';
import { useDashboard } from '../support/setup.js';

const hex = (value: string) => toHex(parseColor(value)!);
const token = (mode: 'light' | 'dark' | 'high-contrast', name: string) => composeTheme({ mode }).tokens[name]!;

describe('live theming of every shadow root, system preferences, motion and zoom', function () {
  this.timeout(90_000);

  const env = useDashboard({
    mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true } },
    ready: ['everything'],
  });
  before(() => waitFor(() => env.dashboard.services?.preferences, 5000, 'services'));

  afterEach(async () => {
    await emulateMedia([]);
    await setZoom(1);
  });

  /** Elements at every depth: the card (shell), the widget, the kit's form inside the tool runner. */
  async function layers() {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'Echo');
    const form = await waitFor(() => deepQuery('mcp-schema-form', runner.shadowRoot!), 5000, 'form');
    const widget = deepQuery('mcp-server-panel-widget', card.shadowRoot!)!;
    return {
      widget,
      cardHeader: card.shadowRoot!.querySelector('header')!,
      tablist: widget.shadowRoot!.querySelector('[role="tablist"]')!,
      input: form.shadowRoot!.querySelector('input')!,
      submit: form.shadowRoot!.querySelector('button[type="submit"]')!,
    };
  }

  async function chooseMode(mode: string): Promise<void> {
    const select = deepQueryAll<HTMLSelectElement>('header select', env.dashboard.shadowRoot!)[1]!;
    select.value = mode;
    select.dispatchEvent(new Event('change'));
    await waitFor(() => env.dashboard.services!.theme.mode === mode, 5000, `mode ${mode}`);
  }

  it('MCP-WP-5.5.8 a theme switch reaches the shell, the widget and the kit inside it, without reload', async () => {
    const before = await layers();
    for (const mode of ['dark', 'high-contrast', 'light'] as const) {
      await chooseMode(mode);
      const now = await layers();
      expect(now.widget, 'same widget instance').to.equal(before.widget);
      const mismatches = () =>
        [
          ['card header', hex(getComputedStyle(now.cardHeader).backgroundColor), token(mode, '--mcp-surface')],
          ['widget', hex(getComputedStyle(now.widget).backgroundColor), token(mode, '--mcp-background')],
          ['kit input', hex(getComputedStyle(now.input).color), token(mode, '--mcp-text-primary')],
          ['kit primary button', hex(getComputedStyle(now.submit).backgroundColor), token(mode, '--mcp-primary-color')],
          ['tab border', hex(getComputedStyle(now.tablist).borderBottomColor), token(mode, '--mcp-border')],
          [
            'page',
            hex(getComputedStyle(document.documentElement).getPropertyValue('--mcp-background')),
            token(mode, '--mcp-background'),
          ],
        ].filter(([, actual, expected]) => actual !== expected);
      // Buttons fade between colours (150 ms), so allow the transition to finish.
      await waitFor(() => mismatches().length === 0, 2000, `${mode} everywhere: ${JSON.stringify(mismatches())}`);
    }
  });

  it('MCP-WP-5.5.8 / 6.4.2 the theme choice persists across sessions (IndexedDB)', async () => {
    await chooseMode('dark');
    const second = document.createElement('mcp-dashboard');
    second.baseUrl = env.gateway.origin;
    second.token = env.gateway.token;
    second.dbName = env.dashboard.dbName;
    document.body.append(second);
    try {
      await waitFor(() => second.services?.theme.getMode() === 'dark', 10_000, 'the stored mode');
      expect(second.services!.theme.mode).to.equal('dark');
    } finally {
      second.remove();
      await chooseMode('light');
    }
  });

  it('MCP-WP-6.4.4 a built-in widget without the Theme dependency keeps working with its fallback styling', async () => {
    const services = env.dashboard.services!;
    const deps = widgetDependencies(env.dashboard, 'no-theme');
    expect(deps.dependencies.Theme).to.equal(undefined);
    const created = createServerPanelWidget(deps.dependencies, services.bridge.getServer('everything')!.info!);
    const element = created.api.element as HTMLElement;
    // Outside the dashboard and with the page's token sheet set aside: only the widget's own fallbacks apply.
    const pageSheets = document.adoptedStyleSheets;
    document.adoptedStyleSheets = [];
    const frame = document.createElement('div');
    frame.attachShadow({ mode: 'open' }).append(element);
    document.body.append(frame);
    try {
      await created.api.initialize?.();
      await (element as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      expect(getComputedStyle(element).getPropertyValue('--mcp-background').trim()).to.equal('');
      expect(hex(getComputedStyle(element).backgroundColor)).to.equal('#ffffff');
      const tab = element.shadowRoot!.querySelector('[role="tab"]')!;
      expect(hex(getComputedStyle(tab).color)).to.equal('#1b1f24');
      expect(tab.textContent).to.contain('Overview');
    } finally {
      document.adoptedStyleSheets = pageSheets;
      await created.api.destroy?.();
      frame.remove();
      deps.dispose();
    }
  });

  it('MCP-WP-5.5.6 a widget declaring scopedTheming gets its content colours on its shadow root, kept visible in dark mode', async () => {
    const services = env.dashboard.services!;
    class ScopedWidget extends HTMLElement {
      constructor() {
        super();
        this.attachShadow({ mode: 'open' }).innerHTML = '<p style="color: var(--brand-color-1)">brand</p>';
      }
      getStatus() {
        return { state: 'idle' as const, primaryMetric: '', secondaryMetric: '', lastActivity: null, message: null };
      }
    }
    if (!customElements.get('mcp-scoped-test-widget')) customElements.define('mcp-scoped-test-widget', ScopedWidget);
    services.registry.register({
      type: 'scoped-test',
      label: 'Scoped test',
      load: async () => (_deps, info) => ({
        api: {},
        widget: {
          protocolVersion: '1.0.0',
          element: 'mcp-scoped-test-widget',
          displayName: 'Scoped',
          icon: 'S',
          category: 'MCP Servers',
          mcpServerName: info.serverName,
          transport: info.transport,
          mcpProtocolVersion: info.protocolVersion,
          capabilities: { tools: false, resources: false, prompts: false, sampling: false },
          scopedTheming: {
            chrome: 'host',
            content: 'custom',
            customTokens: { '--brand-color-1': '#004e89', '--mcp-border': '#ff00ff' },
          },
        },
      }),
    });
    const card = await env.card('everything');
    await card.chooseWidgetType('scoped-test');
    try {
      await waitFor(() => card.phase === 'ready' && card.currentType === 'scoped-test', 20_000, 'the scoped widget');
      const element = card.shadowRoot!.querySelector('mcp-scoped-test-widget')!;
      const value = (name: string) => getComputedStyle(element).getPropertyValue(name).trim();
      expect(value('--brand-color-1')).to.equal('#004e89');
      expect(value('--mcp-border'), 'chrome stays on host tokens').to.equal(token('light', '--mcp-border'));
      await chooseMode('dark');
      await waitFor(() => value('--brand-color-1') !== '#004e89', 5000, 'the brand colour adapted for dark');
      expect(contrastRatio(value('--brand-color-1'), token('dark', '--mcp-background'))).to.be.at.least(3);
    } finally {
      await chooseMode('light');
      await card.chooseWidgetType('server-panel');
      services.registry.unregister('scoped-test');
    }
  });

  it('MCP-WP-5.5.9 auto follows the system colour scheme and contrast preference, live', async () => {
    await chooseMode('auto');
    const { widget } = await layers();
    await emulateMedia([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await waitFor(
      () => hex(getComputedStyle(widget).backgroundColor) === token('dark', '--mcp-background'),
      5000,
      'dark from the system',
    );
    await emulateMedia([{ name: 'prefers-contrast', value: 'more' }]);
    await waitFor(
      () => env.dashboard.services!.theme.getMode() === 'high-contrast',
      5000,
      'high contrast from the system',
    );
    expect(hex(getComputedStyle(widget).backgroundColor)).to.equal('#000000');
    expect(env.dashboard.services!.a11y.getPreferences().highContrast).to.equal(true);
    await emulateMedia([]);
    await waitFor(() => env.dashboard.services!.theme.getMode() === 'light', 5000, 'back to light');
    await chooseMode('light');
  });

  /** transition-duration of every button the user can see, at every shadow depth. */
  async function durations(): Promise<Array<[string, string]>> {
    await layers();
    return deepQueryAll<HTMLButtonElement>('button', env.dashboard.shadowRoot!)
      .filter((b) => b.getClientRects().length > 0)
      .map((b) => [
        `${(b.getRootNode() as ShadowRoot).host?.localName}: ${b.textContent?.trim().slice(0, 20)}`,
        getComputedStyle(b).transitionDuration,
      ]);
  }
  const moving = (list: Array<[string, string]>) => list.filter(([, d]) => d.split(',').some((x) => parseFloat(x) > 0));

  it('MCP-WP-11.5.6 reduced motion: no transitions anywhere when the system or the user asks', async () => {
    const normal = await durations();
    expect(moving(normal).length, 'control: buttons animate by default').to.be.greaterThan(3);
    expect(new Set(normal.map(([where]) => where.split(':')[0])).size, 'buttons at several depths').to.be.at.least(3);
    await emulateMedia([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    expect(moving(await durations()), 'system reduced motion').to.deep.equal([]);
    expect(env.dashboard.services!.a11y.getPreferences().reducedMotion).to.equal(true);
    await emulateMedia([]);
    expect(moving(await durations()).length).to.be.greaterThan(3);
    await env.dashboard.services!.configuration.set('a11y.motion', 'reduce');
    expect(moving(await durations()), 'the dashboard setting').to.deep.equal([]);
    expect(env.dashboard.services!.a11y.getPreferences().reducedMotion).to.equal(true);
    await env.dashboard.services!.configuration.set('a11y.motion', 'system');
  });

  /** Controls (not inside a scroll box) that stick out of the viewport or are squeezed to nothing. */
  function lost(): string[] {
    const width = document.documentElement.clientWidth;
    return deepQueryAll<HTMLElement>('button, select, input, [role="tab"], h1, h2', env.dashboard.shadowRoot!)
      .filter((el) => el.getClientRects().length > 0)
      .flatMap((el) => {
        const r = el.getBoundingClientRect();
        return r.right > width + 1 || r.left < -1 || r.width < 8
          ? [
              `${el.localName} "${el.textContent?.trim().slice(0, 30)}" ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`,
            ]
          : [];
      });
  }

  it('MCP-WP-11.5.6 zoom to 200 % (and reflow at 320 px) loses no content or control', async () => {
    const card = await env.card('everything');
    await openTab(card, 'Tools');
    for (const factor of [2, 4]) {
      await setZoom(factor);
      await waitFor(() => innerWidth === Math.round(1280 / factor), 5000, `zoom ${factor * 100} %`);
      expect(document.documentElement.scrollWidth, `no horizontal scrolling at ${factor * 100} %`).to.be.at.most(
        document.documentElement.clientWidth,
      );
      expect(lost(), `at ${factor * 100} %`).to.deep.equal([]);
    }
  });

  it('MCP-WP-11.5.5 the text-size setting scales every layer and is reported by getPreferences', async () => {
    const { input } = await layers();
    const base = parseFloat(getComputedStyle(input).fontSize);
    await env.dashboard.services!.configuration.set('a11y.textSize', 'x-large');
    expect(parseFloat(getComputedStyle(input).fontSize)).to.be.closeTo(base * 1.5, 0.5);
    expect(env.dashboard.services!.a11y.getPreferences().fontSize).to.equal('x-large');
    await setZoom(2);
    expect(lost(), 'extra-large text at 200 %').to.deep.equal([]);
    await env.dashboard.services!.configuration.set('a11y.textSize', 'medium');
    expect(parseFloat(getComputedStyle(input).fontSize)).to.be.closeTo(base, 0.5);
  });
});
