import { formatMessage } from '../../../src/core/services/message-format.js';
import { KIT_CATALOGS } from './messages.js';

/** The host's message formatter (`{name}` placeholders, plural forms by `variables.count`). */
export { formatMessage };

/** Looks up a message by key with `{name}` variables (a LocalizeController's `t`, or the host's). */
export type Translate = (key: string, variables?: Record<string, unknown>) => string;

/** The kit's built-in English, for callers that have no translator (MCP-WP-6.8.2). */
export const englishTranslate: Translate = (key, variables) => {
  const message = KIT_CATALOGS.en?.[key];
  return message === undefined ? key : formatMessage(message, variables, 'en');
};
