import type { Brand } from '../src/core/shared/brand/brand-schema.js';
import type {
  ColorAdaptationOptions,
  ScopedTheming,
  ThemeInterface,
  ThemeModePreference,
  Unsubscribe,
} from '../src/core/shared/types.js';
import { adaptToContrast, colorScale, contrastRatio, parseColor, toHex } from './color.js';
import { composeTheme, type BrandAdaptation, type ColorScheme } from './compose.js';
import { ScopedSheets } from './scoped-sheets.js';
import { tokensToCss, type ThemeMode } from './tokens.js';

type TokenListener = (tokens: Record<string, string>, mode: string) => void;
type ThemeListener = (theme: ThemeInterface) => void;

/** Where system preferences come from (a test can pass its own). */
export type MatchMedia = (
  query: string,
) => Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;

/** Options of {@link ThemeService}. */
export interface ThemeServiceOptions {
  mode?: ThemeModePreference;
  colorScheme?: ColorScheme;
  brand?: Brand | null;
  reducedMotion?: boolean;
  matchMedia?: MatchMedia;
}

const QUERIES = {
  dark: '(prefers-color-scheme: dark)',
  contrast: '(prefers-contrast: more)',
  forced: '(forced-colors: active)',
} as const;

const pick = (tokens: Record<string, string>, entries: Record<string, string>) =>
  Object.fromEntries(Object.entries(entries).map(([key, name]) => [key, tokens[name] ?? '']));

/**
 * The Theme service (MCP-WP-5.5 and 6.4): light, dark, high-contrast and auto (following
 * prefers-color-scheme and prefers-contrast), colour schemes, a white-label brand, live switching
 * through one constructable stylesheet adopted by every shadow root, scoped theming, and the
 * colour helpers. Persistence is done by `theme-preferences.ts`, which feeds `set*` from Configuration.
 */
export class ThemeService implements ThemeInterface {
  private preference: ThemeModePreference;
  private scheme: ColorScheme;
  private currentBrand: Brand | null;
  private motionReduced: boolean;
  private composed: { tokens: Record<string, string>; adaptations: BrandAdaptation[] };
  private effective: ThemeMode;
  private readonly sheet = new CSSStyleSheet();
  private readonly tokenListeners = new Set<TokenListener>();
  private readonly themeListeners = new Set<ThemeListener>();
  private readonly scoped = new ScopedSheets();
  private readonly media: Record<keyof typeof QUERIES, ReturnType<MatchMedia>> | undefined;
  private readonly onMedia = () => {
    if (this.preference === 'auto') this.update();
  };

  constructor(options: ThemeServiceOptions | ThemeModePreference = {}) {
    const o: ThemeServiceOptions = typeof options === 'string' ? { mode: options } : options;
    this.preference = o.mode ?? 'light';
    this.scheme = o.colorScheme ?? 'vibrant';
    this.currentBrand = o.brand ?? null;
    this.motionReduced = o.reducedMotion ?? false;
    const mm = o.matchMedia ?? (typeof matchMedia === 'function' ? (q: string) => matchMedia(q) : undefined);
    if (mm) {
      this.media = { dark: mm(QUERIES.dark), contrast: mm(QUERIES.contrast), forced: mm(QUERIES.forced) };
      for (const list of Object.values(this.media)) list.addEventListener('change', this.onMedia);
    }
    this.effective = this.resolveMode();
    this.composed = this.compute();
    this.sheet.replaceSync(this.css());
  }

  private resolveMode(): ThemeMode {
    if (this.preference !== 'auto') return this.preference;
    if (this.media?.contrast.matches || this.media?.forced.matches) return 'high-contrast';
    return this.media?.dark.matches ? 'dark' : 'light';
  }

  private compute() {
    return composeTheme({
      mode: this.effective,
      colorScheme: this.scheme,
      brand: this.currentBrand,
      reducedMotion: this.motionReduced,
    });
  }

  private css(): string {
    const scheme = this.effective === 'light' ? 'light' : 'dark';
    return `${tokensToCss(this.composed.tokens, ':host, :root', `color-scheme: ${scheme}; `)}
@media (prefers-reduced-motion: reduce) { :host, :root { --mcp-motion-duration: 0ms; } }`;
  }

  /** Recomputes tokens and pushes them to every adopted root and listener, if anything changed. */
  private update(): void {
    const before = JSON.stringify(this.composed.tokens) + this.effective;
    this.effective = this.resolveMode();
    this.composed = this.compute();
    if (JSON.stringify(this.composed.tokens) + this.effective === before) return;
    this.sheet.replaceSync(this.css());
    this.scoped.refresh(this);
    const tokens = this.tokens;
    for (const listener of [...this.tokenListeners]) {
      try {
        listener(tokens, this.effective);
      } catch (error) {
        console.error('[mcp-dashboard] theme listener threw', error);
      }
    }
    for (const listener of [...this.themeListeners]) {
      try {
        listener(this);
      } catch (error) {
        console.error('[mcp-dashboard] theme listener threw', error);
      }
    }
  }

  /** Current token values (a copy). */
  get tokens(): Record<string, string> {
    return { ...this.composed.tokens };
  }

  /** The user's mode preference, `auto` included (MCP-WP-6.4.1). */
  get mode(): ThemeModePreference {
    return this.preference;
  }

  /** Current colour scheme. */
  get colorScheme(): ColorScheme {
    return this.scheme;
  }

  /** The active brand, if any. */
  get brand(): Brand | null {
    return this.currentBrand;
  }

  /** Brand colours that were changed for the current mode, with the reason. */
  get brandAdaptations(): BrandAdaptation[] {
    return [...this.composed.adaptations];
  }

  /** MCP-WP-6.4.1 `colors`. */
  get colors(): Record<string, string> {
    return pick(this.composed.tokens, {
      primary: '--mcp-primary-color',
      secondary: '--mcp-secondary-color',
      background: '--mcp-background',
      surface: '--mcp-surface',
      error: '--mcp-error-dark',
      warning: '--mcp-warning-dark',
      info: '--mcp-info-dark',
      success: '--mcp-success-dark',
      text: '--mcp-text-primary',
      textSecondary: '--mcp-text-secondary',
      border: '--mcp-border',
      onPrimary: '--mcp-on-primary',
      focusRing: '--mcp-focus-ring',
      link: '--mcp-link-color',
    });
  }

  /** MCP-WP-6.4.1 `accentColors`. */
  get accentColors(): Record<string, string> {
    return pick(
      this.composed.tokens,
      Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`accent${i}`, `--mcp-accent-${i}`])),
    );
  }

  /** MCP-WP-6.4.1 `dataColors`. */
  get dataColors(): Record<string, string> {
    return pick(
      this.composed.tokens,
      Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => [`data${i}`, `--mcp-data-${i}`])),
    );
  }

  /** MCP-WP-6.4.1 `semanticColors`. */
  get semanticColors(): Record<string, string> {
    const entries: Record<string, string> = {};
    for (const s of ['success', 'warning', 'error', 'info']) {
      for (const v of ['light', 'medium', 'dark'])
        entries[`${s}${v[0]!.toUpperCase()}${v.slice(1)}`] = `--mcp-${s}-${v}`;
    }
    return pick(this.composed.tokens, entries);
  }

  /** MCP-WP-6.4.1 `spacing`. */
  get spacing(): Record<string, string> {
    return pick(this.composed.tokens, {
      xs: '--mcp-spacing-xs',
      sm: '--mcp-spacing-sm',
      md: '--mcp-spacing-md',
      lg: '--mcp-spacing-lg',
      xl: '--mcp-spacing-xl',
    });
  }

  /** MCP-WP-6.4.1 `typography`. */
  get typography(): Record<string, string> {
    return pick(this.composed.tokens, {
      fontFamily: '--mcp-font-family',
      fontFamilyMono: '--mcp-font-family-mono',
      fontSize: '--mcp-font-size-md',
      fontSizeSm: '--mcp-font-size-sm',
      fontSizeLg: '--mcp-font-size-lg',
      fontSizeXl: '--mcp-font-size-xl',
      lineHeight: '--mcp-line-height',
    });
  }

  /** The mode in effect (`auto` resolved). Never 'custom': a brand changes colours, not the mode. */
  getMode(): ThemeMode {
    return this.effective;
  }

  /** 'light' or 'dark': what native controls and MCP Apps views (hostContext.theme) should use. */
  getAppearance(): 'light' | 'dark' {
    return this.effective === 'light' ? 'light' : 'dark';
  }

  /** Current colour scheme (MCP-WP-5.5.2). */
  getColorScheme(): ColorScheme {
    return this.scheme;
  }

  /** Sets the mode preference; `auto` follows the system from now on. */
  setMode(mode: ThemeModePreference): void {
    if (!['light', 'dark', 'high-contrast', 'auto'].includes(mode)) return;
    this.preference = mode;
    this.update();
  }

  /** Sets the colour scheme. */
  setColorScheme(scheme: ColorScheme): void {
    if (!['vibrant', 'muted', 'accessible'].includes(scheme)) return;
    this.scheme = scheme;
    this.update();
  }

  /** Applies a (validated) brand, or removes it with null. */
  setBrand(brand: Brand | null): void {
    this.currentBrand = brand;
    this.update();
  }

  /** Sets several choices with one recomputation (and one change notification). */
  configure(options: {
    mode?: ThemeModePreference;
    colorScheme?: ColorScheme;
    brand?: Brand | null;
    reducedMotion?: boolean;
  }): void {
    if (options.mode && ['light', 'dark', 'high-contrast', 'auto'].includes(options.mode))
      this.preference = options.mode;
    if (options.colorScheme && ['vibrant', 'muted', 'accessible'].includes(options.colorScheme))
      this.scheme = options.colorScheme;
    if (options.brand !== undefined) this.currentBrand = options.brand;
    if (options.reducedMotion !== undefined) this.motionReduced = options.reducedMotion;
    this.update();
  }

  /** The dashboard's own reduced-motion switch (the system setting always applies through CSS). */
  setReducedMotion(reduced: boolean): void {
    this.motionReduced = reduced;
    this.update();
  }

  /**
   * Adopts the token sheet into the element's shadow root (MCP-WP-5.5.8), or the document for a
   * light-DOM element. `scoped` (MCP-WP-5.5.6) adds the widget's own custom properties on top.
   */
  applyToElement(element: HTMLElement, scoped?: ScopedTheming): void {
    const root = element.shadowRoot ?? element.ownerDocument;
    if (!root.adoptedStyleSheets.includes(this.sheet))
      root.adoptedStyleSheets = [this.sheet, ...root.adoptedStyleSheets];
    if (scoped) this.scoped.apply(element, scoped, this);
  }

  /** Adopts the token sheet into a document (page background, native controls). */
  applyToDocument(doc: Document = document): void {
    if (!doc.adoptedStyleSheets.includes(this.sheet)) doc.adoptedStyleSheets = [this.sheet, ...doc.adoptedStyleSheets];
  }

  /** Called with the new tokens and effective mode after every change (MCP-WP-5.5.5). */
  onThemeChange(callback: TokenListener): Unsubscribe {
    this.tokenListeners.add(callback);
    return () => this.tokenListeners.delete(callback);
  }

  /** Called with the service after every change (MCP-WP-6.4.1 onChange). */
  onChange(callback: ThemeListener): Unsubscribe {
    this.themeListeners.add(callback);
    return () => this.themeListeners.delete(callback);
  }

  /** A token's value: `--mcp-surface`, `mcp-surface` and `surface` all work. */
  getCSSVar(property: string): string {
    const p = property.trim().replace(/^var\((.*)\)$/, '$1');
    const name = p.startsWith('--') ? p : p.startsWith('mcp-') ? `--${p}` : `--mcp-${p}`;
    return this.composed.tokens[name] ?? '';
  }

  /** A colour as hex: token names, hex, rgb(), hsl() and (with a DOM) named colours. */
  resolveColor(color: string): string | undefined {
    const text = String(color).trim();
    const viaToken = /^(var\()?--/.test(text) ? this.getCSSVar(text) : text;
    const parsed = parseColor(viaToken);
    if (parsed) return toHex(parsed);
    return namedColor(viaToken);
  }

  /** WCAG contrast ratio of two colours (MCP-WP-5.5.7); NaN when either is not a colour. */
  getContrastRatio(color1: string, color2: string): number {
    const a = this.resolveColor(color1);
    const b = this.resolveColor(color2);
    return a && b ? contrastRatio(a, b) : Number.NaN;
  }

  /**
   * Adapts a colour to the current mode (MCP-WP-5.5.7): with `respectMode` (default) it is made to
   * reach `targetContrast` (default 4.5) against this mode's background, keeping its hue by default.
   */
  adaptColor(color: string, options: ColorAdaptationOptions = {}): string {
    const resolved = this.resolveColor(color);
    if (!resolved) return color;
    const against =
      options.against ?? (options.respectMode === false ? '#ffffff' : this.composed.tokens['--mcp-background']!);
    return adaptToContrast(resolved, {
      against: this.resolveColor(against) ?? against,
      targetContrast: options.targetContrast ?? 4.5,
      preserveHue: options.preserveHue,
      intensity: options.intensity,
    });
  }

  /** Lightest → darkest scale around `baseColor` (MCP-WP-5.5.7). */
  generateColorScale(baseColor: string, steps = 5): string[] {
    const resolved = this.resolveColor(baseColor);
    return resolved ? colorScale(resolved, steps) : [];
  }

  /** Stops following system preferences. */
  dispose(): void {
    if (this.media) for (const list of Object.values(this.media)) list.removeEventListener('change', this.onMedia);
    this.tokenListeners.clear();
    this.themeListeners.clear();
  }
}

let canvas: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null | undefined;

/** CSS named colours ("rebeccapurple") through a canvas, which normalises them to hex. */
function namedColor(name: string): string | undefined {
  if (!/^[a-z]+$/i.test(name)) return undefined;
  if (canvas === undefined) {
    canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null;
  }
  if (!canvas) return undefined;
  canvas.fillStyle = '#010203';
  canvas.fillStyle = name;
  const out = String(canvas.fillStyle);
  return out === '#010203' && name.toLowerCase() !== '#010203'
    ? undefined
    : parseColor(out)
      ? toHex(parseColor(out)!)
      : undefined;
}
