import type { I18nMessage } from '../kit/index.js';
import type { en } from './messages-en.js';

/** Japanese strings of the server panel. */
export const ja: Record<keyof typeof en, I18nMessage> = {
  'tab.overview': '概要',
  'tab.tools': 'ツール',
  'tab.resources': 'リソース',
  'tab.prompts': 'プロンプト',
  'tab.activity': 'アクティビティ',
  'tab.count': '{label}（{count}）',
  'tabs.label': '{name} のセクション',
  'panel.loading': '読み込み中\u2026',
  'overview.server': 'サーバー',
  'overview.reportsAs': 'サーバーの自己申告',
  'overview.transport': 'トランスポート',
  'overview.protocol': 'MCP プロトコル',
  'overview.capabilities': '機能',
  'overview.none': 'なし',
  'overview.tools': 'ツール',
  'overview.resources': 'リソース',
  'overview.templates': '{count}（テンプレート +{templates}）',
  'overview.prompts': 'プロンプト',
  'overview.connection': '接続',
  'overview.instructions': 'サーバーからの指示',
  'connection.connected': '接続済み',
  'connection.disconnected': '切断',
  'connection.error': 'エラー',
  'panel.activityCaption': '{name} のアクティビティ（新しい順）',
  'panel.apps': '{name} のアプリ',
  'panel.appProblem': 'アプリを開けませんでした: {message}',
};
