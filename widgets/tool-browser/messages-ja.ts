import type { I18nMessage } from '../kit/index.js';
import type { en } from './messages-en.js';

/** Japanese strings of mcp-tool-browser-widget. */
export const ja: Record<keyof typeof en, I18nMessage> = {
  'browser.loading': '読み込み中…',
  'browser.heading': '{name} のツール',
};
