import type { I18nMessage } from './types.js';

// A pure module (no DOM, no host state) so the widget kit can use the same formatter as the host
// instead of a copy: the kit may import only this file and the public types from src/core.

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
 * Fills `{name}` placeholders; numbers are formatted for the locale. A plural message picks its
 * form from `variables.count` with Intl.PluralRules. Unknown placeholders are left visible.
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
