import type { I18nMessage } from '../kit/index.js';
import type { en } from './messages-en.js';

/** Japanese strings of mcp-resource-explorer-widget. */
export const ja: Record<keyof typeof en, I18nMessage> = {
  'explorer.loading': '読み込み中…',
  'explorer.heading': '{name} のリソース',
};
