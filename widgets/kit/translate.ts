import type { I18nMessage } from '../../src/core/types.js';
import { KIT_CATALOGS } from './messages.js';

/** Looks up a message by key with `{name}` variables (a LocalizeController's `t`, or the host's). */
export type Translate = (key: string, variables?: Record<string, unknown>) => string;

// Intl objects are costly to construct and immutable: one per locale, shared by every message.
const pluralRulesByLocale = new Map<string, Intl.PluralRules>();
const numberFormatByLocale = new Map<string, Intl.NumberFormat>();
function pluralRules(locale: string): Intl.PluralRules {
  let rules = pluralRulesByLocale.get(locale);
  if (!rules) pluralRulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}
function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormatByLocale.get(locale);
  if (!format) numberFormatByLocale.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

/**
 * Fills `{name}` placeholders (numbers formatted for the locale) and picks plural forms by
 * `variables.count`. The kit cannot import the host's I18n module (it is the public SDK), so it
 * carries this small formatter itself; it follows the same rules as src/core/i18n.ts formatMessage.
 */
export function formatMessage(message: I18nMessage, variables: Record<string, unknown> | undefined, locale: string): string {
  let template: string;
  if (typeof message === 'string') template = message;
  else {
    const rule = pluralRules(locale).select(Number(variables?.count ?? 0));
    template = (rule === 'other' ? undefined : message[rule]) ?? message.other;
  }
  if (!variables) return template;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    if (!(name in variables)) return whole;
    const value = variables[name];
    return typeof value === 'number' ? numberFormat(locale).format(value) : String(value);
  });
}

/** The kit's built-in English, for callers that have no translator (MCP-WP-6.8.2). */
export const englishTranslate: Translate = (key, variables) => {
  const message = KIT_CATALOGS.en?.[key];
  return message === undefined ? key : formatMessage(message, variables, 'en');
};
