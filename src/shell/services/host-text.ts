import type { Translate } from '../../../widgets/kit/i18n/translate.js';

// Declared once, in the kit; re-exported for the saved-calls room, which still imports it from here.
export type { Translate };

/** The message for `key`, or `fallback` when no catalog has it (e.g. a value the host does not know). */
export function translatedOr(t: Translate, key: string, fallback: string, variables?: Record<string, unknown>): string {
  const text = t(key, variables);
  return text === key ? fallback : text;
}

/**
 * The reason a policy rule applied, in the user's language. The engine (src/core, no catalogs) writes
 * a specific English sentence naming the tool and caller; English keeps that sentence, other
 * languages get the rule's translated description (docs/policy.md), with the rule ID shown beside it.
 */
export function policyReason(t: Translate, locale: string, rule: string | undefined, reason: string): string {
  if (!rule || locale.toLowerCase().startsWith('en')) return reason;
  return translatedOr(t, `policy.rule.${rule}`, reason);
}
