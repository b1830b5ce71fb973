import type { I18nMessage } from '../kit/index.js';
import type { en } from './messages-en.js';

/** Japanese strings of mcp-server-status-widget. */
export const ja: Record<keyof typeof en, I18nMessage> = {
  'status.loading': '読み込み中…',
  'status.label': '{name} の状態',
  'status.counts': '{tools}・{resources}・{prompts}',
  'count.tools': { other: 'ツール {count} 件' },
  'count.resources': { other: 'リソース {count} 件' },
  'count.prompts': { other: 'プロンプト {count} 件' },
  'status.lastActivity': '最終アクティビティ {time}',
  'status.noActivity': 'まだアクティビティはありません',
};
