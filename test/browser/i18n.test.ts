import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { I18nCatalogs, I18nMessage } from '../../src/core/shared/types.js';
import { en as shellEn } from '../../src/shell/i18n/messages/en.js';
import { ja as shellJa } from '../../src/shell/i18n/messages/ja.js';
import { KIT_CATALOGS } from '../../widgets/kit/i18n/messages.js';
import { PALETTE_CATALOGS } from '../../src/shell/palette/palette-messages.js';
import { HEALTH_CATALOGS } from '../../src/shell/layout/health/messages.js';
import { BRAND_CATALOGS } from '../../src/shell/brand/brand-messages.js';
import { ORIGIN_CATALOGS } from '../../src/shell/mcp-apps/origin-messages.js';
import { appGuardCsp as cspEn } from '../../src/shell/i18n/messages/en/app-guard-csp.js';
import { appGuardCsp as cspJa } from '../../src/shell/i18n/messages/ja/app-guard-csp.js';
import { CLIENT_KIT_CATALOGS } from '../../widgets/kit/i18n/messages-client.js';
import { en as panelEn } from '../../widgets/server-panel/messages-en.js';
import { ja as panelJa } from '../../widgets/server-panel/messages-ja.js';
import { en as statusEn } from '../../widgets/server-status/messages-en.js';
import { ja as statusJa } from '../../widgets/server-status/messages-ja.js';
import { en as browserEn } from '../../widgets/tool-browser/messages-en.js';
import { ja as browserJa } from '../../widgets/tool-browser/messages-ja.js';
import { en as explorerEn } from '../../widgets/resource-explorer/messages-en.js';
import { ja as explorerJa } from '../../widgets/resource-explorer/messages-ja.js';
import { en as logEn } from '../../widgets/activity-log/messages-en.js';
import { ja as logJa } from '../../widgets/activity-log/messages-ja.js';
import createServerPanelWidget from '../../widgets/server-panel/index.js';
import { selectTool, widgetDependencies } from '../support/dashboard.js';
import { deepQuery, deepQueryAll } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { useDashboard } from '../support/setup.js';

const CATALOGS: Array<[string, I18nCatalogs]> = [
  ['shell', { en: shellEn, ja: shellJa }],
  ['kit', KIT_CATALOGS],
  ['command palette and wall screen', PALETTE_CATALOGS],
  ['status tile health line', HEALTH_CATALOGS],
  ['brand editor', BRAND_CATALOGS],
  ["a view's refused domain", ORIGIN_CATALOGS],
  ["what an app view's CSP blocked", { en: cspEn, ja: cspJa }],
  ['kit with client features', CLIENT_KIT_CATALOGS],
  ['server panel', { en: panelEn, ja: panelJa }],
  ['server status', { en: statusEn, ja: statusJa }],
  ['tool browser', { en: browserEn, ja: browserJa }],
  ['resource explorer', { en: explorerEn, ja: explorerJa }],
  ['activity log', { en: logEn, ja: logJa }],
];

const placeholders = (m: I18nMessage | undefined) =>
  [...String(typeof m === 'string' ? m : (m?.other ?? '')).matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();

/** Text of the dashboard's own chrome (labels, buttons, tabs, headings), not server data. */
function chromeTexts(dashboard: McpDashboard): string[] {
  const selector =
    'h1, h2, h3, label, legend, th, dt, [role="tab"], button:not(ul.list button):not(.tool-item):not(.hit), .status, caption, figcaption, p.muted, p[role="status"]';
  return deepQueryAll<HTMLElement>(selector, dashboard.shadowRoot!).map((el) =>
    (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
}

describe('I18n (MCP-WP §6.8, 10.3.4): English and Japanese', function () {
  this.timeout(60_000);
  const env = useDashboard({
    mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true } },
    ready: ['everything'],
    teardown: ({ dashboard }) => dashboard.services?.configuration.set('i18n.locale', 'en'),
  });

  it('every English string has a Japanese translation with the same placeholders', () => {
    for (const [name, catalogs] of CATALOGS) {
      const en = catalogs.en!;
      const ja = catalogs.ja!;
      expect(Object.keys(ja).sort(), `${name}: same keys`).to.deep.equal(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        const value = ja[key];
        expect(typeof value === 'string' ? value : value?.other, `${name} ${key}`)
          .to.be.a('string')
          .and.not.equal('');
        expect(placeholders(value), `${name} ${key} placeholders`).to.deep.equal(placeholders(en[key]));
      }
    }
  });

  it('MCP-WP-10.3.4 the language switch emits mcp:host:locale-changed and the shell, widget and kit change without reload', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'Echo');
    const widget = deepQuery('mcp-server-panel-widget', card.shadowRoot!)!;
    const english = new Set<string>();
    for (const [, catalogs] of CATALOGS) {
      for (const [key, value] of Object.entries(catalogs.en!)) {
        const text = typeof value === 'string' ? value : value.other;
        const ja = catalogs.ja![key];
        if (!/\{/.test(text) && text.length >= 4 && text !== (typeof ja === 'string' ? ja : ja?.other))
          english.add(text);
      }
    }
    // Control: in English the same check finds plenty of catalog strings on screen.
    expect(
      chromeTexts(env.dashboard).filter((t) => english.has(t)).length,
      'the check sees English strings',
    ).to.be.greaterThan(8);
    const events: unknown[] = [];
    const off = env.dashboard.services!.bus.on('mcp:host:locale-changed', (d) => events.push(d));
    const select = deepQueryAll<HTMLSelectElement>('header select', env.dashboard.shadowRoot!)[0]!;
    select.value = 'ja';
    select.dispatchEvent(new Event('change'));
    await waitFor(
      () => deepQuery('h1', env.dashboard.shadowRoot!)?.textContent === 'MCP ダッシュボード',
      5000,
      'the Japanese header',
    );
    off();
    expect(events).to.deep.equal([{ locale: 'ja' }]);
    expect(document.documentElement.lang).to.equal('ja');
    expect(env.dashboard.services!.i18n.currentLocale).to.equal('ja');
    // The same widget element is still mounted: nothing was reloaded or re-created.
    expect(deepQuery('mcp-server-panel-widget', card.shadowRoot!)).to.equal(widget);
    await waitFor(
      () => deepQueryAll('[role="tab"]', widget.shadowRoot!).some((t) => t.textContent?.startsWith('ツール')),
      5000,
      'Japanese tabs',
    );
    const submit = await waitFor(
      () => deepQuery<HTMLButtonElement>('button[type="submit"]', runner.shadowRoot!),
      5000,
      'the submit button',
    );
    await waitFor(() => submit.textContent?.trim() === '実行', 5000, 'the Japanese Invoke label');
    expect(card.shadowRoot!.textContent).to.contain('再接続');
    expect(card.shadowRoot!.querySelector('.status')!.textContent).to.match(/待機中|稼働中/);

    const leftovers = chromeTexts(env.dashboard).filter((t) => english.has(t));
    expect(leftovers, 'English left in the Japanese UI').to.deep.equal([]);

    // Every built-in widget, and the Widgets panel, in Japanese too.
    for (const type of ['server-status', 'tool-browser', 'resource-explorer', 'activity-log', 'server-panel']) {
      await card.chooseWidgetType(type);
      await waitFor(() => card.phase === 'ready' && card.currentType === type, 20_000, `the ${type} widget`);
      await new Promise((r) => setTimeout(r, 50));
      expect(
        chromeTexts(env.dashboard).filter((t) => english.has(t)),
        `English left in ${type}`,
      ).to.deep.equal([]);
    }
    deepQueryAll<HTMLButtonElement>('header button', env.dashboard.shadowRoot!)
      .find((b) => b.textContent?.includes('ウィジェット'))!
      .click();
    await waitFor(
      () => deepQuery('mcp-widget-store', env.dashboard.shadowRoot!)?.shadowRoot?.querySelector('h2'),
      5000,
      'the Widgets panel',
    );
    expect(
      chromeTexts(env.dashboard).filter((t) => english.has(t)),
      'English left in the Widgets panel',
    ).to.deep.equal([]);
    expect(
      deepQuery('mcp-widget-store', env.dashboard.shadowRoot!)!.shadowRoot!.querySelector('h2')!.textContent,
    ).to.equal('ウィジェット');
  });

  it('MCP-WP-6.8.3 the language is stored in Configuration and a new session starts in it', async () => {
    expect(env.dashboard.services!.configuration.get('i18n.locale')).to.equal('ja');
    const second = document.createElement('mcp-dashboard');
    second.baseUrl = env.gateway.origin;
    second.token = env.gateway.token;
    second.dbName = env.dashboard.dbName;
    document.body.append(second);
    try {
      await waitFor(
        () => (second.shadowRoot && deepQuery('h1', second.shadowRoot)?.textContent) === 'MCP ダッシュボード',
        10_000,
        'the stored language',
      );
    } finally {
      second.remove();
    }
  });

  it('MCP-WP-6.8.2 a widget without the I18n dependency falls back to its built-in English', async () => {
    const services = env.dashboard.services!;
    expect(services.i18n.currentLocale).to.equal('ja');
    const deps = widgetDependencies(env.dashboard, 'no-i18n');
    expect(deps.dependencies.I18n).to.equal(undefined);
    const info = services.bridge.getServer('everything')!.info!;
    const created = createServerPanelWidget(deps.dependencies, info);
    const element = created.api.element as HTMLElement;
    document.body.append(element);
    try {
      await (element as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      const tabs = deepQueryAll('[role="tab"]', element.shadowRoot!).map((t) => t.textContent?.trim());
      expect(tabs[0]).to.equal('Overview');
      expect((element as unknown as { getStatus(): { primaryMetric: string } }).getStatus().primaryMetric).to.match(
        /\d+ tools?, \d+ resources?, \d+ prompts?/,
      );
    } finally {
      element.remove();
      deps.dispose();
    }
  });

  it('dates and numbers follow the locale', () => {
    const i18n = env.dashboard.services!.i18n;
    expect(i18n.formatNumber(1234567.5)).to.equal('1,234,567.5');
    expect(i18n.formatDate(new Date(Date.UTC(2026, 0, 2)), { dateStyle: 'long', timeZone: 'UTC' })).to.equal(
      '2026年1月2日',
    );
    expect(i18n.t('card.restarts', { count: 3 })).to.equal('再起動 3 回');
  });
});
