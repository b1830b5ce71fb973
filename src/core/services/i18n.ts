import type { I18nCatalogs, I18nInterface, I18nMessage, Unsubscribe } from '../shared/types.js';
import { formatMessage, formatNumberFor } from './message-format.js';

export { formatMessage };

/** A message: plain text with `{name}` placeholders, or plural forms chosen by `{count}`. */
export type Message = I18nMessage;

/** Messages of one locale, by key. */
export type Messages = Readonly<Record<string, Message>>;

/** Messages per locale (`en`, `ja`, …). */
export type Catalogs = I18nCatalogs;

/** The language part of a BCP 47 tag ("ja-JP" → "ja"). */
export function languageOf(locale: string): string {
  return locale.toLowerCase().split(/[-_]/)[0] ?? locale;
}

/** The best supported locale for a list of requested ones (exact tag first, then language). */
export function negotiateLocale(requested: readonly string[], supported: readonly string[], fallback: string): string {
  for (const tag of requested) {
    const exact = supported.find((s) => s.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const lang = supported.find((s) => languageOf(s) === languageOf(tag));
    if (lang) return lang;
  }
  return fallback;
}

/** The messages for `locale` in `catalogs`: exact tag, then its language. */
export function messagesFor(catalogs: Catalogs, locale: string): Messages | undefined {
  return catalogs[locale] ?? catalogs[languageOf(locale)];
}

/**
 * The host's I18n dependency (MCP-WP-6.8.1): messages per locale, `t`, locale-aware date and
 * number formatting, and a locale that can change at run time (listeners are told; the shell also
 * emits `mcp:host:locale-changed`, MCP-WP-10.3.4, and stores the choice in Configuration, 6.8.3).
 */
export class I18n implements I18nInterface {
  private locale: string;
  private readonly fallback: string;
  private catalogs: Record<string, Record<string, Message>> = {};
  private readonly listeners = new Set<(locale: string) => void>();
  private readonly dateFormats = new Map<string, Intl.DateTimeFormat>();
  private readonly numberFormats = new Map<string, Intl.NumberFormat>();

  constructor(options: { catalogs?: Catalogs[]; locale?: string; fallbackLocale?: string } = {}) {
    this.fallback = options.fallbackLocale ?? 'en';
    for (const c of options.catalogs ?? []) this.addCatalogs(c);
    this.locale = options.locale
      ? negotiateLocale([options.locale], this.supportedLocales, this.fallback)
      : this.fallback;
  }

  /** Merges more messages (later ones win per key). */
  addCatalogs(catalogs: Catalogs): void {
    for (const [locale, messages] of Object.entries(catalogs))
      this.catalogs[locale] = { ...(this.catalogs[locale] ?? {}), ...messages };
  }

  /** Locales with messages. */
  get supportedLocales(): string[] {
    return Object.keys(this.catalogs);
  }

  /** The current locale (MCP-WP-6.8.1). */
  get currentLocale(): string {
    return this.locale;
  }

  /** True when `key` has a message in the current locale or the fallback. */
  has(key: string): boolean {
    return (
      messagesFor(this.catalogs, this.locale)?.[key] !== undefined || this.catalogs[this.fallback]?.[key] !== undefined
    );
  }

  /** The message for `key` in the current locale, falling back to English, then to the key itself. */
  t(key: string, variables?: Record<string, unknown>): string {
    const message = messagesFor(this.catalogs, this.locale)?.[key] ?? this.catalogs[this.fallback]?.[key];
    return message === undefined ? key : formatMessage(message, variables, this.locale);
  }

  /** A date in the current locale. */
  formatDate(date: Date | number, options: Intl.DateTimeFormatOptions = {}): string {
    const key = `${this.locale}|${JSON.stringify(options)}`;
    let format = this.dateFormats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(this.locale, options);
      this.dateFormats.set(key, format);
    }
    return format.format(date);
  }

  /** A number in the current locale. */
  formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
    const key = `${this.locale}|${JSON.stringify(options)}`;
    const format = () => {
      let made = this.numberFormats.get(key);
      if (!made) this.numberFormats.set(key, (made = new Intl.NumberFormat(this.locale, options)));
      return made;
    };
    // With options the digits may differ (percent, currency, fraction digits): Intl always.
    return Object.keys(options).length === 0 ? formatNumberFor(this.locale, value, format) : format().format(value);
  }

  /** Switches locale (negotiated against the supported ones); returns the locale now in effect. */
  setLocale(locale: string): string {
    const next = negotiateLocale([locale], this.supportedLocales, this.fallback);
    if (next === this.locale) return next;
    this.locale = next;
    for (const listener of [...this.listeners]) {
      try {
        listener(next);
      } catch (error) {
        console.error('[mcp-dashboard] locale listener threw', error);
      }
    }
    return next;
  }

  /** Called with the new locale after every change. */
  onLocaleChange(callback: (locale: string) => void): Unsubscribe {
    this.listeners.add(callback);
    return () => this.listeners.delete(callback);
  }
}

/** A widget's view of I18n: the same service, with its listeners dropped when the widget goes. */
export class ScopedI18n implements I18nInterface {
  private readonly subs = new Set<Unsubscribe>();

  constructor(private readonly inner: I18nInterface) {}

  /** The current locale. */
  get currentLocale(): string {
    return this.inner.currentLocale;
  }

  /** See {@link I18n.t}. */
  t(key: string, variables?: Record<string, unknown>): string {
    return this.inner.t(key, variables);
  }

  /** See {@link I18n.formatDate}. */
  formatDate(date: Date | number, options?: Intl.DateTimeFormatOptions): string {
    return this.inner.formatDate(date, options);
  }

  /** See {@link I18n.formatNumber}. */
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
    return this.inner.formatNumber(value, options);
  }

  /** Subscribes until the widget is destroyed. */
  onLocaleChange(callback: (locale: string) => void): Unsubscribe {
    const inner = this.inner.onLocaleChange?.(callback) ?? (() => {});
    const unsubscribe = () => {
      inner();
      this.subs.delete(unsubscribe);
    };
    this.subs.add(unsubscribe);
    return unsubscribe;
  }

  /** Drops every listener this widget registered. */
  dispose(): void {
    for (const u of [...this.subs]) u();
  }
}
