import type { I18nCatalogs } from '../../../src/core/shared/types.js';
import { en } from './messages-en.js';
import { ja } from './messages-ja.js';
import { clientEn } from './messages-client-en.js';
import { clientJa } from './messages-client-ja.js';
import { agentsEn } from './messages-agents-en.js';
import { agentsJa } from './messages-agents-ja.js';

/**
 * The kit's strings plus those of its MCP client-feature components (tasks, completions, logs, roots).
 * Those components carry them themselves, so the host's first paint does not (docs/decisions/startup-initial-bundle.md).
 */
export const CLIENT_KIT_CATALOGS: I18nCatalogs = {
  en: { ...en, ...clientEn, ...agentsEn },
  ja: { ...ja, ...clientJa, ...agentsJa },
};
