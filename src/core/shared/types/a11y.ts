// The accessibility helper handed to widgets (MCP-WP-11.5.5).

import type { Unsubscribe } from './common.js';

/** Accessibility helper (MCP-WP-11.5.5). */
export interface A11yHelperInterface {
  announce(message: string, politeness?: 'polite' | 'assertive'): void;
  setFocusTrap(element: HTMLElement, options?: FocusTrapOptions): () => void;
  /** True when the pair meets WCAG AA for normal text (4.5:1); options for large text, UI parts or AAA. */
  validateContrast(fgColor: string, bgColor: string, options?: ContrastOptions): boolean;
  getPreferences(): A11yPreferences;
  /** Extension: called when a preference changes (system setting or the dashboard's own). */
  onPreferencesChange?(callback: (preferences: A11yPreferences) => void): Unsubscribe;
}

/** Options of `A11yHelper.setFocusTrap` (extension of MCP-WP-11.5.5). */
export interface FocusTrapOptions {
  /** Focused when the trap starts (default: the first focusable element). */
  initialFocus?: HTMLElement | null;
  /** Called on Escape inside the trap. */
  onEscape?: () => void;
  /** Return focus to the element that had it when the trap was released (default true). */
  returnFocus?: boolean;
}

/** Options of `A11yHelper.validateContrast`. */
export interface ContrastOptions {
  /** 18pt, or 14pt bold: 3:1 is enough at AA (WCAG 1.4.3). */
  largeText?: boolean;
  /** UI components and graphics: 3:1 (WCAG 1.4.11). */
  nonText?: boolean;
  /** 'AAA' asks for 7:1 (4.5:1 for large text). */
  level?: 'AA' | 'AAA';
}

/** User accessibility preferences (MCP-WP-11.5.5). */
export interface A11yPreferences {
  reducedMotion: boolean;
  highContrast: boolean;
  fontSize: 'small' | 'medium' | 'large' | 'x-large';
  screenReaderActive: boolean;
}
