import type {
  A11yHelperInterface,
  A11yPreferences,
  ContrastOptions,
  FocusTrapOptions,
  Unsubscribe,
} from '../../core/shared/types.js';
import { contrastRatio, luminance, parseColor } from '../../../theme/color.js';
import { deepFocusables } from '../dialogs/focusables.js';

export { contrastRatio, luminance };

/** Parses #rgb, #rrggbb or rgb(r, g, b) into channels (kept for existing callers). */
export function parseRgb(color: string): [number, number, number] | undefined {
  const rgb = parseColor(color);
  return rgb ? [rgb.r, rgb.g, rgb.b] : undefined;
}

/** Text sizes the dashboard offers, as a percentage of the browser's own default size. */
export const TEXT_SIZES: Record<A11yPreferences['fontSize'], string> = {
  small: '87.5%',
  medium: '100%',
  large: '125%',
  'x-large': '150%',
};

/** The dashboard's own accessibility settings (persisted by the shell). */
export interface UserA11ySettings {
  /** 'reduce' turns motion off even when the system does not ask for it. */
  motion: 'system' | 'reduce';
  textSize: A11yPreferences['fontSize'];
  /** The user says they use a screen reader (browsers cannot tell; widgets may add detail). */
  screenReader: boolean;
}

type MatchMedia = (query: string) => Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;

/**
 * A11yHelper (MCP-WP-11.5.5): live-region announcements, focus traps that see through shadow roots,
 * WCAG contrast checks, and the user's accessibility preferences — the system's (reduced motion,
 * more contrast, forced colours) combined with the dashboard's own settings.
 */
export class A11yHelper implements A11yHelperInterface {
  private readonly regions: Record<'polite' | 'assertive', HTMLElement>;
  private readonly listeners = new Set<(p: A11yPreferences) => void>();
  private readonly media = new Map<string, MediaQueryListLike>();
  private settings: UserA11ySettings = { motion: 'system', textSize: 'medium', screenReader: false };
  private themeHighContrast = false;

  constructor(host: HTMLElement = document.body, options: { matchMedia?: MatchMedia } = {}) {
    const make = (politeness: 'polite' | 'assertive') => {
      const region = document.createElement('div');
      region.setAttribute('aria-live', politeness);
      region.setAttribute('aria-atomic', 'true');
      region.setAttribute('role', politeness === 'assertive' ? 'alert' : 'status');
      region.dataset.mcpAnnouncer = politeness;
      Object.assign(region.style, {
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      });
      host.append(region);
      return region;
    };
    this.regions = { polite: make('polite'), assertive: make('assertive') };
    const mm = options.matchMedia ?? (typeof matchMedia === 'function' ? (q: string) => matchMedia(q) : undefined);
    if (mm) {
      for (const q of ['(prefers-reduced-motion: reduce)', '(prefers-contrast: more)', '(forced-colors: active)']) {
        const list = mm(q);
        const onChange = () => this.notify();
        list.addEventListener('change', onChange);
        this.media.set(q, { list, onChange });
      }
    }
  }

  /** Announces a message to screen readers (MCP-WP-11.5.4). */
  announce(message: string, politeness: 'polite' | 'assertive' = 'polite'): void {
    const region = this.regions[politeness === 'assertive' ? 'assertive' : 'polite'];
    region.textContent = '';
    // A separate task so repeated identical messages are announced again.
    setTimeout(() => {
      region.textContent = String(message);
    }, 30);
  }

  /**
   * Keeps Tab / Shift+Tab inside `element` (through open shadow roots), optionally moves focus in
   * and handles Escape. The returned function releases the trap; when the trap moved focus in
   * (`initialFocus` given) it also returns focus to where it was, unless `returnFocus` is false
   * (MCP-WP-11.5.12).
   */
  setFocusTrap(element: HTMLElement, options: FocusTrapOptions = {}): () => void {
    const previous = deepActive();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && options.onEscape) {
        event.preventDefault();
        event.stopPropagation();
        options.onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = deepFocusables(element);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = deepActive();
      const inside = active !== null && items.includes(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    element.addEventListener('keydown', onKey);
    if (options.initialFocus !== undefined) (options.initialFocus ?? deepFocusables(element)[0])?.focus();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      element.removeEventListener('keydown', onKey);
      if (options.returnFocus !== false && options.initialFocus !== undefined && previous?.isConnected)
        previous.focus();
    };
  }

  /** WCAG contrast check: 4.5:1 for text; 3:1 for large text or UI parts; AAA 7:1 / 4.5:1. */
  validateContrast(fgColor: string, bgColor: string, options: ContrastOptions = {}): boolean {
    const aaa = options.level === 'AAA';
    const minimum = options.nonText ? 3 : options.largeText ? (aaa ? 4.5 : 3) : aaa ? 7 : 4.5;
    return contrastRatio(fgColor, bgColor) >= minimum;
  }

  /** The user's preferences: the system's media queries combined with the dashboard's settings. */
  getPreferences(): A11yPreferences {
    const mq = (q: string) => this.media.get(q)?.list.matches ?? false;
    const size = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const measured: A11yPreferences['fontSize'] =
      size < 15 ? 'small' : size < 18 ? 'medium' : size < 22 ? 'large' : 'x-large';
    return {
      reducedMotion: this.settings.motion === 'reduce' || mq('(prefers-reduced-motion: reduce)'),
      highContrast: this.themeHighContrast || mq('(prefers-contrast: more)') || mq('(forced-colors: active)'),
      fontSize: this.settings.textSize !== 'medium' ? this.settings.textSize : measured,
      screenReaderActive: this.settings.screenReader,
    };
  }

  /** Called with the new preferences whenever one changes. */
  onPreferencesChange(callback: (preferences: A11yPreferences) => void): Unsubscribe {
    this.listeners.add(callback);
    return () => this.listeners.delete(callback);
  }

  /** Host only: the dashboard's own settings changed (text size is applied to the page here). */
  setUserSettings(settings: Partial<UserA11ySettings>): void {
    this.settings = { ...this.settings, ...settings };
    document.documentElement.style.fontSize =
      TEXT_SIZES[this.settings.textSize] === '100%' ? '' : TEXT_SIZES[this.settings.textSize];
    this.notify();
  }

  /** Host only: the theme switched into or out of high contrast. */
  setThemeHighContrast(on: boolean): void {
    if (on === this.themeHighContrast) return;
    this.themeHighContrast = on;
    this.notify();
  }

  /** The dashboard's own settings. */
  get userSettings(): UserA11ySettings {
    return { ...this.settings };
  }

  private notify(): void {
    const preferences = this.getPreferences();
    for (const listener of [...this.listeners]) {
      try {
        listener(preferences);
      } catch (error) {
        console.error('[mcp-dashboard] accessibility listener threw', error);
      }
    }
  }

  /** Removes the live regions and media listeners. */
  dispose(): void {
    for (const { list, onChange } of this.media.values()) list.removeEventListener('change', onChange);
    this.regions.polite.remove();
    this.regions.assertive.remove();
    this.listeners.clear();
  }
}

interface MediaQueryListLike {
  list: Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;
  onChange: () => void;
}

/** The element that has focus, looking through open shadow roots. */
export function deepActiveElement(): HTMLElement | null {
  return deepActive();
}

function deepActive(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}
