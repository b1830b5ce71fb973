import type { I18nMessage } from '../../src/core/types.js';
import { KIT_CATALOGS } from './messages.js';

/** Looks up a message by key with `{name}` variables (a LocalizeController's `t`, or the host's). */
export type Translate = (key: string, variables?: Record<string, unknown>) => string;

/**
 * Fills `{name}` placeholders (numbers formatted for the locale) and picks plural forms by
 * `variables.count`. The kit cannot import the host's I18n module (it is the public SDK), so it
 * carries this small formatter itself; it follows the same rules as src/core/i18n.ts formatMessage.
 */
export function formatMessage(message: I18nMessage, variables: Record<string, unknown> | undefined, locale: string): string {
  let template: string;
  if (typeof message === 'string') template = message;
  else {
    const rule = new Intl.PluralRules(locale).select(Number(variables?.count ?? 0));
    template = (rule === 'other' ? undefined : message[rule]) ?? message.other;
  }
  if (!variables) return template;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    if (!(name in variables)) return whole;
    const value = variables[name];
    return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : String(value);
  });
}

/** The kit's built-in English, for callers that have no translator (MCP-WP-6.8.2). */
export const englishTranslate: Translate = (key, variables) => {
  const message = KIT_CATALOGS.en?.[key];
  return message === undefined ? key : formatMessage(message, variables, 'en');
};
