import type { I18nMessage } from '../shared/types.js';

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

// The dashboard's own languages write numbers in ASCII digits and group only from four digits, unless a
// Unicode extension (-u-nu-…) asks for other digits.
const PLAIN_DIGITS = /^(?:en|ja)(?:-|$)(?!.*\bu-)/i;

/**
 * `value` formatted for `locale`. A whole number from 0 to 999 in English or Japanese is the same
 * text as `String(value)`, and is written so: the first Intl.NumberFormat of a page loads its locale
 * data, 14–30 ms of the first card's path at start-up, for counts such as "19 tools".
 */
export function formatNumberFor(
  locale: string,
  value: number,
  format: () => Intl.NumberFormat = () => numberFormat(locale),
): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000 && PLAIN_DIGITS.test(locale)) return String(value);
  return format().format(value);
}

/**
 * Fills `{name}` placeholders; numbers are formatted for the locale. A plural message picks its
 * form from `variables.count` with Intl.PluralRules. Unknown placeholders are left visible.
 */
export function formatMessage(
  message: I18nMessage,
  variables: Record<string, unknown> | undefined,
  locale: string,
): string {
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
    return typeof value === 'number' ? formatNumberFor(locale, value) : String(value);
  });
}
