import type { I18nCatalogs } from '../../../src/core/shared/types.js';
import { en } from './messages-en.js';
import { ja } from './messages-ja.js';
import { inputEn } from './messages-input-en.js';
import { inputJa } from './messages-input-ja.js';
import { agentsEn } from './messages-agents-en.js';
import { agentsJa } from './messages-agents-ja.js';

/** The kit's own strings in every language it ships (English is the built-in fallback, MCP-WP-6.8.2). */
export const KIT_CATALOGS: I18nCatalogs = {
  en: { ...en, ...inputEn, ...agentsEn },
  ja: { ...ja, ...inputJa, ...agentsJa },
};
