import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { I18nCatalogs, I18nInterface, Unsubscribe } from '../../../src/core/shared/types.js';
import { formatMessage as format } from './translate.js';

const FALLBACK = 'en';

function languageOf(locale: string): string {
  return locale.toLowerCase().split(/[-_]/)[0] ?? locale;
}

/**
 * Localises a Lit element: messages from the element's own catalogs in the host's current locale
 * (MCP-WP-6.8), English built-in strings when the host gives no `I18n` (MCP-WP-6.8.2), and a
 * re-render whenever the host's locale changes (MCP-WP-10.3.4). Widgets use it with their own
 * catalogs; the kit's components use it with the kit's.
 */
export class LocalizeController implements ReactiveController {
  private unsubscribe: Unsubscribe | undefined;
  private subscribed: I18nInterface | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: { catalogs: I18nCatalogs; i18n: () => I18nInterface | undefined },
  ) {
    host.addController(this);
  }

  private resubscribe(): void {
    const i18n = this.options.i18n();
    if (i18n === this.subscribed) return;
    this.unsubscribe?.();
    this.subscribed = i18n;
    this.unsubscribe = i18n?.onLocaleChange?.(() => this.host.requestUpdate());
  }

  /** Subscribes to locale changes. */
  hostConnected(): void {
    this.resubscribe();
  }

  /** Follows a new I18n dependency handed to the element. */
  hostUpdate(): void {
    this.resubscribe();
  }

  /** Releases the subscription. */
  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.subscribed = undefined;
  }

  /** The locale in effect: the host's, or English without an I18n dependency. */
  get locale(): string {
    return this.options.i18n()?.currentLocale ?? FALLBACK;
  }

  /** The message for `key`: own catalog in the locale, then the host's `t`, then own English, then the key. */
  t(key: string, variables?: Record<string, unknown>): string {
    const i18n = this.options.i18n();
    const locale = this.locale;
    const catalogs = this.options.catalogs;
    const own = (catalogs[locale] ?? catalogs[languageOf(locale)])?.[key];
    if (own !== undefined) return format(own, variables, locale);
    if (i18n) {
      const hosted = i18n.t(key, variables);
      if (hosted !== key) return hosted;
    }
    const english = catalogs[FALLBACK]?.[key];
    return english === undefined ? key : format(english, variables, FALLBACK);
  }

  /** A date in the locale (the host's formatter when there is one). */
  formatDate(date: Date | number, options?: Intl.DateTimeFormatOptions): string {
    const i18n = this.options.i18n();
    return i18n ? i18n.formatDate(date, options) : new Intl.DateTimeFormat(FALLBACK, options).format(date);
  }

  /** A number in the locale (the host's formatter when there is one). */
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
    const i18n = this.options.i18n();
    return i18n ? i18n.formatNumber(value, options) : new Intl.NumberFormat(FALLBACK, options).format(value);
  }
}
