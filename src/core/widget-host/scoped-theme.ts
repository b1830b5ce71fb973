import type {
  ColorAdaptationOptions,
  ColorScheme,
  ScopedTheming,
  ThemeInterface,
  ThemeModePreference,
  Unsubscribe,
} from '../shared/types.js';

/**
 * A widget's view of the Theme service: exactly the MCP-WP-5.5 / 6.4 interface, read-only (a widget
 * cannot switch the user's mode or rebrand the dashboard), and its listeners are dropped when the
 * widget is destroyed (MCP-WP-3.4.2, enforced by the host).
 */
export class ScopedTheme implements ThemeInterface {
  private readonly subs = new Set<Unsubscribe>();

  constructor(private readonly inner: ThemeInterface) {}

  private track(unsubscribeInner: Unsubscribe): Unsubscribe {
    const unsubscribe = () => {
      unsubscribeInner();
      this.subs.delete(unsubscribe);
    };
    this.subs.add(unsubscribe);
    return unsubscribe;
  }

  /** Current token values. */
  get tokens(): Record<string, string> {
    return this.inner.tokens;
  }

  /** The user's mode preference (`auto` included). */
  get mode(): ThemeModePreference | undefined {
    return this.inner.mode;
  }

  /** Current colour scheme. */
  get colorScheme(): ColorScheme | undefined {
    return this.inner.colorScheme;
  }

  /** MCP-WP-6.4.1 palettes. */
  get colors(): Record<string, string> | undefined {
    return this.inner.colors;
  }

  /** MCP-WP-6.4.1 accent colours. */
  get accentColors(): Record<string, string> | undefined {
    return this.inner.accentColors;
  }

  /** MCP-WP-6.4.1 data colours. */
  get dataColors(): Record<string, string> | undefined {
    return this.inner.dataColors;
  }

  /** MCP-WP-6.4.1 semantic colours. */
  get semanticColors(): Record<string, string> | undefined {
    return this.inner.semanticColors;
  }

  /** MCP-WP-6.4.1 spacing. */
  get spacing(): Record<string, string> | undefined {
    return this.inner.spacing;
  }

  /** MCP-WP-6.4.1 typography. */
  get typography(): Record<string, string> | undefined {
    return this.inner.typography;
  }

  /** See ThemeInterface.applyToElement. */
  applyToElement(element: HTMLElement, scoped?: ScopedTheming): void {
    this.inner.applyToElement(element, scoped);
  }

  /** Subscribes until the widget is destroyed. */
  onThemeChange(callback: (tokens: Record<string, string>, mode: string) => void): Unsubscribe {
    return this.track(this.inner.onThemeChange(callback));
  }

  /** Subscribes until the widget is destroyed; the callback receives this view. */
  onChange(callback: (theme: ThemeInterface) => void): Unsubscribe {
    if (!this.inner.onChange) return () => {};
    return this.track(this.inner.onChange(() => callback(this)));
  }

  /** The mode in effect. */
  getMode(): 'light' | 'dark' | 'high-contrast' | 'custom' {
    return this.inner.getMode();
  }

  /** Current colour scheme. */
  getColorScheme(): ColorScheme {
    return this.inner.getColorScheme?.() ?? 'vibrant';
  }

  /** WCAG contrast ratio. */
  getContrastRatio(color1: string, color2: string): number {
    return this.inner.getContrastRatio?.(color1, color2) ?? Number.NaN;
  }

  /** Adapts a colour to the current mode. */
  adaptColor(color: string, options?: ColorAdaptationOptions): string {
    return this.inner.adaptColor?.(color, options) ?? color;
  }

  /** Colour scale around a base colour. */
  generateColorScale(baseColor: string, steps?: number): string[] {
    return this.inner.generateColorScale?.(baseColor, steps) ?? [];
  }

  /** One token's value. */
  getCSSVar(property: string): string {
    return this.inner.getCSSVar?.(property) ?? '';
  }

  /** Live subscriptions (for leak checks). */
  get size(): number {
    return this.subs.size;
  }

  /** Drops every listener this widget registered. */
  dispose(): void {
    for (const u of [...this.subs]) u();
  }
}
