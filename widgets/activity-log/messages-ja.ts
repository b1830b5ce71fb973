import type { I18nMessage } from '../kit/index.js';
import type { en } from './messages-en.js';

/** Japanese strings of mcp-activity-log-widget. */
export const ja: Record<keyof typeof en, I18nMessage> = {
  'log.loading': '読み込み中…',
  'log.heading': '{name} のアクティビティ',
  'log.latency': 'ツール呼び出しの所要時間',
  'log.calls': '呼び出し、読み込み、プロンプト（新しい順）',
  'log.clear': 'ログを消去',
};
