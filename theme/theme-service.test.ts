import { expect } from '@open-wc/testing';
import { ScopedTheme } from '../src/core/widget-host/scoped-theme.js';
import { contrastRatio, parseColor, rgbToHsl, toHex } from './color.js';
import { ThemeService, type MatchMedia } from './theme-service.js';
import { PRESETS, TOKEN_NAMES } from './tokens.js';
import { emulateMedia } from '../test/support/media.js';

/** A host element with a shadow root holding one inner element, like a widget. */
function widget(): { host: HTMLElement; inner: HTMLElement } {
  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = '<p style="color: var(--mcp-text-primary); background: var(--mcp-background)">x</p>';
  document.body.append(host);
  return { host, inner: root.querySelector('p')! };
}

const rgb = (value: string) => toHex(parseColor(value)!);

/** A controllable stand-in for matchMedia (unit tests; the real media queries are tested below). */
function fakeMedia(initial: Record<string, boolean>): { mm: MatchMedia; set(query: string, on: boolean): void } {
  const lists = new Map<string, { matches: boolean; listeners: Set<() => void> }>();
  const get = (q: string) => {
    let l = lists.get(q);
    if (!l) lists.set(q, (l = { matches: initial[q] ?? false, listeners: new Set() }));
    return l;
  };
  return {
    mm: (q) => {
      const l = get(q);
      return {
        get matches() {
          return l.matches;
        },
        addEventListener: (_: string, fn: () => void) => l.listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => l.listeners.delete(fn),
      } as unknown as ReturnType<MatchMedia>;
    },
    set(q, on) {
      const l = get(q);
      l.matches = on;
      for (const fn of l.listeners) fn();
    },
  };
}

describe('Theme service (MCP-WP-5.5, 6.4)', () => {
  afterEach(async () => {
    document.querySelectorAll('body > div').forEach((d) => d.remove());
    await emulateMedia([]);
  });

  it('MCP-WP-5.5.8 / 6.4.2 injects all tokens into a shadow root and switching mode updates it live', () => {
    const theme = new ThemeService({ mode: 'light' });
    const { host, inner } = widget();
    theme.applyToElement(host);
    const style = () => getComputedStyle(inner);
    expect(rgb(style().backgroundColor)).to.equal(PRESETS.light['--mcp-background']);
    for (const name of TOKEN_NAMES) expect(getComputedStyle(host).getPropertyValue(name).trim(), name).to.not.equal('');
    theme.setMode('dark');
    expect(rgb(style().backgroundColor)).to.equal(PRESETS.dark['--mcp-background']);
    expect(rgb(style().color)).to.equal(PRESETS.dark['--mcp-text-primary']);
    expect(getComputedStyle(host).colorScheme).to.equal('dark');
    theme.setMode('high-contrast');
    expect(rgb(style().backgroundColor)).to.equal('#000000');
    theme.dispose();
  });

  it('MCP-WP-5.5.5 onThemeChange and onChange report every change; unsubscribing stops them', () => {
    const theme = new ThemeService({ mode: 'light' });
    const seen: string[] = [];
    const off1 = theme.onThemeChange((tokens, mode) => seen.push(`${mode}:${tokens['--mcp-background']}`));
    const off2 = theme.onChange((t) => seen.push(`onChange:${t.getMode()}`));
    theme.setMode('dark');
    theme.setMode('dark'); // no change, no event
    off1();
    off2();
    theme.setMode('light');
    expect(seen).to.deep.equal([`dark:${PRESETS.dark['--mcp-background']}`, 'onChange:dark']);
  });

  it('MCP-WP-5.5.9 auto follows prefers-color-scheme and prefers-contrast as they change', () => {
    const media = fakeMedia({});
    const theme = new ThemeService({ mode: 'auto', matchMedia: media.mm });
    expect(theme.getMode()).to.equal('light');
    expect(theme.mode).to.equal('auto');
    media.set('(prefers-color-scheme: dark)', true);
    expect(theme.getMode()).to.equal('dark');
    media.set('(prefers-contrast: more)', true);
    expect(theme.getMode()).to.equal('high-contrast');
    media.set('(prefers-contrast: more)', false);
    media.set('(forced-colors: active)', true);
    expect(theme.getMode()).to.equal('high-contrast');
    // An explicit choice wins over the system.
    theme.setMode('light');
    expect(theme.getMode()).to.equal('light');
    theme.dispose();
  });

  it('MCP-WP-5.5.9 auto follows the real media queries of the browser (emulated through CDP)', async () => {
    const theme = new ThemeService({ mode: 'auto' });
    const { host, inner } = widget();
    theme.applyToElement(host);
    await emulateMedia([{ name: 'prefers-color-scheme', value: 'dark' }]);
    expect(theme.getMode()).to.equal('dark');
    expect(rgb(getComputedStyle(inner).backgroundColor)).to.equal(PRESETS.dark['--mcp-background']);
    await emulateMedia([
      { name: 'prefers-color-scheme', value: 'light' },
      { name: 'prefers-contrast', value: 'more' },
    ]);
    expect(theme.getMode()).to.equal('high-contrast');
    await emulateMedia([{ name: 'prefers-color-scheme', value: 'light' }]);
    expect(theme.getMode()).to.equal('light');
    theme.dispose();
  });

  it('MCP-WP-5.5.2 colour schemes: muted lowers saturation, accessible raises text to 7:1', () => {
    const theme = new ThemeService({ mode: 'light', colorScheme: 'vibrant' });
    const sat = () => rgbToHsl(parseColor(theme.tokens['--mcp-data-2']!)!).s;
    const vibrant = sat();
    theme.setColorScheme('muted');
    expect(theme.getColorScheme()).to.equal('muted');
    expect(sat()).to.be.lessThan(vibrant);
    theme.setColorScheme('accessible');
    expect(contrastRatio(theme.tokens['--mcp-text-secondary']!, theme.tokens['--mcp-surface']!)).to.be.at.least(7);
    expect(contrastRatio(theme.tokens['--mcp-on-primary']!, theme.tokens['--mcp-primary-color']!)).to.be.at.least(7);
  });

  it('MCP-WP-6.4.1 exposes colors, palettes, spacing, typography and getCSSVar', () => {
    const theme = new ThemeService({ mode: 'dark' });
    expect(theme.colors.background).to.equal(PRESETS.dark['--mcp-background']);
    expect(Object.keys(theme.accentColors)).to.have.length(5);
    expect(Object.keys(theme.dataColors)).to.have.length(10);
    expect(Object.keys(theme.semanticColors)).to.have.length(12);
    expect(theme.spacing.xs).to.equal('0.125rem');
    expect(theme.typography.lineHeight).to.equal('1.5');
    expect(theme.getCSSVar('--mcp-surface')).to.equal(PRESETS.dark['--mcp-surface']);
    expect(theme.getCSSVar('surface')).to.equal(PRESETS.dark['--mcp-surface']);
  });

  it('MCP-WP-5.5.7 getContrastRatio, adaptColor (respectMode) and generateColorScale', () => {
    const theme = new ThemeService({ mode: 'dark' });
    expect(theme.getContrastRatio('#ffffff', '#000000')).to.be.closeTo(21, 0.01);
    expect(theme.getContrastRatio('--mcp-text-primary', 'var(--mcp-background)')).to.be.greaterThan(4.5);
    expect(theme.getContrastRatio('white', 'black')).to.be.closeTo(21, 0.01);
    const brand = '#004e89';
    const adapted = theme.adaptColor(brand, { respectMode: true, targetContrast: 4.5 });
    expect(contrastRatio(adapted, PRESETS.dark['--mcp-background']!)).to.be.at.least(4.5);
    // Against white (respectMode false) the original already passes, so it is kept.
    expect(theme.adaptColor(brand, { respectMode: false, targetContrast: 4.5 })).to.equal(brand);
    expect(theme.generateColorScale(brand, 5)).to.have.length(5);
  });

  it('a brand sets primary colours and fonts; colours that fail AA are adapted and reported with the reason', () => {
    const theme = new ThemeService({ mode: 'light' });
    theme.setBrand({ name: 'Y', colors: { primary: '#ffcc00' }, fonts: { body: 'Georgia, serif' } });
    expect(theme.tokens['--mcp-font-family']).to.equal('Georgia, serif');
    expect(theme.tokens['--mcp-primary-color']).to.not.equal('#ffcc00');
    expect(contrastRatio(theme.tokens['--mcp-primary-color']!, '#ffffff')).to.be.at.least(3);
    const primary = theme.brandAdaptations.find((a) => a.token === '--mcp-primary-color')!;
    expect(primary.from).to.equal('#ffcc00');
    expect(primary.reason).to.match(/1\.\d:1 against #ffffff.*at least 3:1/);
    // High contrast keeps its own colours; the brand font still applies.
    theme.setMode('high-contrast');
    expect(theme.tokens['--mcp-primary-color']).to.equal(PRESETS['high-contrast']['--mcp-primary-color']);
    expect(theme.tokens['--mcp-font-family']).to.equal('Georgia, serif');
    expect(theme.getMode()).to.equal('high-contrast');
  });

  it('MCP-WP-5.5.6 scoped theming: content tokens reach the widget, stay visible per mode, and cannot restyle host chrome', () => {
    const theme = new ThemeService({ mode: 'light' });
    const { host } = widget();
    theme.applyToElement(host, {
      chrome: 'host',
      content: 'custom',
      customTokens: {
        '--brand-color-1': '#004e89',
        '--mcp-background': '#ff00ff',
        '--brand-bad': 'red; } :host { display: none',
      },
    });
    const value = (name: string) => getComputedStyle(host).getPropertyValue(name).trim();
    expect(value('--brand-color-1')).to.equal('#004e89');
    expect(value('--mcp-background')).to.equal(PRESETS.light['--mcp-background']);
    expect(value('--brand-bad')).to.equal('');
    expect(getComputedStyle(host).display).to.not.equal('none');
    theme.setMode('dark');
    const inDark = value('--brand-color-1');
    expect(contrastRatio(inDark, PRESETS.dark['--mcp-background']!)).to.be.at.least(3);
    // chrome: 'custom' lets the widget style its own chrome with host token names.
    const other = widget();
    theme.applyToElement(other.host, {
      chrome: 'custom',
      content: 'host',
      customTokens: { '--mcp-border': '#ff00ff', '--brand-x': '#123456' },
    });
    expect(getComputedStyle(other.host).getPropertyValue('--mcp-border').trim()).to.equal('#ff00ff');
    expect(getComputedStyle(other.host).getPropertyValue('--brand-x').trim()).to.equal('');
  });

  it("a widget's Theme view cannot change the user's theme, and its listeners go when it is destroyed", () => {
    const theme = new ThemeService({ mode: 'light' });
    const view = new ScopedTheme(theme);
    expect((view as unknown as Record<string, unknown>).setMode).to.equal(undefined);
    expect((view as unknown as Record<string, unknown>).setBrand).to.equal(undefined);
    let calls = 0;
    view.onThemeChange(() => calls++);
    view.onChange(() => calls++);
    theme.setMode('dark');
    expect(calls).to.equal(2);
    view.dispose();
    theme.setMode('light');
    expect(calls).to.equal(2);
    expect(view.getMode()).to.equal('light');
  });
});
