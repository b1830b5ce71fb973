import type { I18nMessage } from '../kit/index.js';
import type { en } from './messages-en.js';

/** Japanese strings of mcp-server-status-widget. */
export const ja: Record<keyof typeof en, I18nMessage> = {
  'status.loading': '読み込み中…',
  'status.label': '{name} の状態',
  'status.counts': 'ツール {tools} 件・リソース {resources} 件・プロンプト {prompts} 件',
  'status.lastActivity': '最終アクティビティ {time}',
  'status.noActivity': 'まだアクティビティはありません',
};
