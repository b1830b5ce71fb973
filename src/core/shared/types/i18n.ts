// Internationalisation handed to widgets (MCP-WP-6.8.1).

import type { Unsubscribe } from './common.js';

/** A translatable message: text with `{name}` placeholders, or plural forms chosen by `{count}`. */
export type I18nMessage =
  string | ({ other: string } & Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>);

/** Messages per locale, then per key: `{ en: { 'tab.tools': 'Tools' }, ja: { … } }`. */
export type I18nCatalogs = Readonly<Record<string, Readonly<Record<string, I18nMessage>>>>;

/** Internationalisation (MCP-WP-6.8.1). */
export interface I18nInterface {
  /** BCP 47 tag of the current locale, e.g. "en" or "ja". */
  readonly currentLocale: string;
  t(key: string, variables?: Record<string, unknown>): string;
  formatDate(date: Date | number, options?: Intl.DateTimeFormatOptions): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  /** Extension: called with the new locale after it changed (also announced as `mcp:host:locale-changed`). */
  onLocaleChange?(callback: (locale: string) => void): Unsubscribe;
}
