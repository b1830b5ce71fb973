import type { ScopedTheming } from '../src/core/shared/types.js';
import { adaptToContrast, parseColor, toHex } from './color.js';
import { isSafeTokenValue } from './tokens.js';

/** What scoped theming needs from the Theme service. */
interface TokenSource {
  readonly tokens: Record<string, string>;
}

interface Entry {
  element: WeakRef<HTMLElement>;
  scoped: ScopedTheming;
  sheet: CSSStyleSheet;
}

/**
 * Scoped theming (MCP-WP-5.5.6): a widget that keeps brand colours in its content gets its own
 * custom properties in a second sheet on its shadow root. The chrome stays on host tokens unless the
 * widget declares `chrome: 'custom'` (only then may it override `--mcp-*`). Colours are kept as
 * given while they stay visible (3:1, WCAG 1.4.11) against the current background, and moved in
 * lightness only (hue kept) when a mode change would make them vanish.
 */
export class ScopedSheets {
  private entries: Entry[] = [];

  /** The properties that will be set for `scoped` under `tokens`, and the ones refused with why. */
  static resolve(
    scoped: ScopedTheming,
    tokens: Record<string, string>,
  ): { values: Record<string, string>; refused: Array<{ name: string; reason: string }> } {
    const values: Record<string, string> = {};
    const refused: Array<{ name: string; reason: string }> = [];
    const background = tokens['--mcp-background'] ?? '#ffffff';
    for (const [name, raw] of Object.entries(scoped.customTokens ?? {})) {
      const value = String(raw);
      if (!/^--[a-z0-9-]+$/i.test(name)) refused.push({ name, reason: 'not a custom property name' });
      else if (name.startsWith('--mcp-') && scoped.chrome !== 'custom')
        refused.push({ name, reason: 'host tokens are overridden only with chrome: "custom"' });
      else if (!name.startsWith('--mcp-') && scoped.content !== 'custom')
        refused.push({ name, reason: 'content tokens apply only with content: "custom"' });
      else if (!isSafeTokenValue(value)) refused.push({ name, reason: 'value could escape its declaration' });
      else {
        const rgb = parseColor(value);
        values[name] = rgb ? adaptToContrast(toHex(rgb), { against: background, targetContrast: 3 }) : value;
      }
    }
    return { values, refused };
  }

  private write(entry: Entry, source: TokenSource): void {
    const { values } = ScopedSheets.resolve(entry.scoped, source.tokens);
    const body = Object.entries(values)
      .map(([n, v]) => `${n}: ${v};`)
      .join(' ');
    entry.sheet.replaceSync(`:host { ${body} }`);
  }

  /** Applies (or re-applies) scoped theming to an element with a shadow root. */
  apply(element: HTMLElement, scoped: ScopedTheming, source: TokenSource): void {
    const root = element.shadowRoot;
    if (!root) return;
    let entry = this.entries.find((e) => e.element.deref() === element);
    if (!entry) {
      entry = { element: new WeakRef(element), scoped, sheet: new CSSStyleSheet() };
      this.entries.push(entry);
    }
    entry.scoped = scoped;
    this.write(entry, source);
    // After the host token sheet, so the widget's declared overrides win.
    if (!root.adoptedStyleSheets.includes(entry.sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, entry.sheet];
  }

  /** Rewrites every scoped sheet for the new tokens; forgets elements that were garbage-collected. */
  refresh(source: TokenSource): void {
    this.entries = this.entries.filter((e) => e.element.deref() !== undefined);
    for (const entry of this.entries) this.write(entry, source);
  }
}
