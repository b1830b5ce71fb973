import type { ThemeInterface, Unsubscribe } from '../src/core/types.js';
import { PRESETS, tokensToCss, type ThemeMode } from './tokens.js';

type Listener = (tokens: Record<string, string>, mode: string) => void;

/**
 * Theme service (MCP-WP-5.5): holds the current mode's tokens, injects them into shadow roots
 * through a shared constructable stylesheet, and updates every root when the mode changes.
 */
export class ThemeService implements ThemeInterface {
  private mode: ThemeMode;
  private readonly sheet: CSSStyleSheet;
  private readonly listeners = new Set<Listener>();

  constructor(mode: ThemeMode = 'light') {
    this.mode = mode;
    this.sheet = new CSSStyleSheet();
    this.sheet.replaceSync(tokensToCss(PRESETS[mode], ':host, :root'));
  }

  /** Current token values. */
  get tokens(): Record<string, string> {
    return { ...PRESETS[this.mode] };
  }

  /** Current mode. */
  getMode(): ThemeMode {
    return this.mode;
  }

  /** Switches mode; every adopted root updates at once. */
  setMode(mode: ThemeMode): void {
    if (!(mode in PRESETS) || mode === this.mode) return;
    this.mode = mode;
    this.sheet.replaceSync(tokensToCss(PRESETS[mode], ':host, :root'));
    for (const listener of this.listeners) listener(this.tokens, mode);
  }

  /** Adopts the token sheet into an element's shadow root (or the document for light DOM). */
  applyToElement(element: HTMLElement): void {
    const root = element.shadowRoot ?? element.ownerDocument;
    if (!root.adoptedStyleSheets.includes(this.sheet)) root.adoptedStyleSheets = [this.sheet, ...root.adoptedStyleSheets];
  }

  /** Called with the new tokens and mode after every change. */
  onThemeChange(callback: Listener): Unsubscribe {
    this.listeners.add(callback);
    return () => this.listeners.delete(callback);
  }

  /** Value of one token. */
  getCSSVar(property: string): string {
    return PRESETS[this.mode][property] ?? '';
  }
}
