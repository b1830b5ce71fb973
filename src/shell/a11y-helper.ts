import type { A11yHelperInterface, A11yPreferences } from '../core/types.js';

/** WCAG relative luminance of a #rgb / #rrggbb / rgb() colour; NaN when unparsable. */
export function luminance(color: string): number {
  const rgb = parseColor(color);
  if (!rgb) return Number.NaN;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Parses #rgb, #rrggbb or rgb(r, g, b). */
export function parseColor(color: string): [number, number, number] | undefined {
  const c = color.trim().toLowerCase();
  let m = /^#([0-9a-f]{3})$/.exec(c);
  if (m) return [...m[1]!].map((h) => parseInt(h + h, 16)) as [number, number, number];
  m = /^#([0-9a-f]{6})$/.exec(c);
  if (m) return [0, 2, 4].map((i) => parseInt(m![1]!.slice(i, i + 2), 16)) as [number, number, number];
  m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(c);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  return undefined;
}

/** WCAG contrast ratio between two colours. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  if (Number.isNaN(la) || Number.isNaN(lb)) return Number.NaN;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A11yHelper (MCP-WP-11.5.5): live-region announcements, focus traps, contrast checks, and the
 * user's accessibility preferences.
 */
export class A11yHelper implements A11yHelperInterface {
  private readonly regions: Record<'polite' | 'assertive', HTMLElement>;

  constructor(host: HTMLElement = document.body) {
    const make = (politeness: 'polite' | 'assertive') => {
      const region = document.createElement('div');
      region.setAttribute('aria-live', politeness);
      region.setAttribute('aria-atomic', 'true');
      region.setAttribute('role', politeness === 'assertive' ? 'alert' : 'status');
      region.dataset.mcpAnnouncer = politeness;
      Object.assign(region.style, { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
      host.append(region);
      return region;
    };
    this.regions = { polite: make('polite'), assertive: make('assertive') };
  }

  /** Announces a message to screen readers. */
  announce(message: string, politeness: 'polite' | 'assertive' = 'polite'): void {
    const region = this.regions[politeness];
    region.textContent = '';
    // A separate task so repeated identical messages are announced again.
    setTimeout(() => {
      region.textContent = String(message);
    }, 30);
  }

  /** Keeps Tab / Shift+Tab inside `element`; returns the release function. */
  setFocusTrap(element: HTMLElement): () => void {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const root = element.shadowRoot ?? element;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('inert') && el.offsetParent !== null);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = (element.shadowRoot?.activeElement ?? document.activeElement) as HTMLElement | null;
      if (event.shiftKey && (active === first || !items.includes(active as HTMLElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !items.includes(active as HTMLElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }

  /** True when the pair meets WCAG AA for normal text (4.5:1). */
  validateContrast(fgColor: string, bgColor: string): boolean {
    return contrastRatio(fgColor, bgColor) >= 4.5;
  }

  /** The user's preferences from media queries and the root font size. */
  getPreferences(): A11yPreferences {
    const mq = (q: string) => typeof matchMedia === 'function' && matchMedia(q).matches;
    const size = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    return {
      reducedMotion: mq('(prefers-reduced-motion: reduce)'),
      highContrast: mq('(prefers-contrast: more)') || mq('(forced-colors: active)'),
      fontSize: size < 15 ? 'small' : size < 18 ? 'medium' : size < 22 ? 'large' : 'x-large',
      screenReaderActive: false,
    };
  }
}

/** The element that has focus, looking through open shadow roots. */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}
