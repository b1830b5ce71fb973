import type { I18nMessage } from '../../../../core/shared/types.js';

/** Japanese strings of the shell: the command palette (Ctrl/⌘+K). */
export const palette = {
  'header.search': '検索',
  'header.searchHint': '検索 (Ctrl+K)',
  'palette.label': 'ダッシュボードを検索',
  'palette.field': 'サーバー、ツール、保存した呼び出し、ダッシュボード、設定を検索',
  'palette.placeholder': 'サーバー、ツール、保存した呼び出し、設定へ移動\u2026',
  'palette.results': '一致した項目',
  'palette.count': { other: '{count} 件' },
  'palette.none': '「{query}」に一致するものはありません。',
  'palette.notOnDashboard':
    'そのサーバーのタイルはどのダッシュボードにもありません。レイアウトの編集で追加してください。',
  'palette.kind.server': 'サーバー',
  'palette.kind.tool': 'ツール',
  'palette.kind.resource': 'リソース',
  'palette.kind.prompt': 'プロンプト',
  'palette.kind.saved-call': '保存した呼び出しを実行',
  'palette.kind.dashboard': 'ダッシュボード',
  'palette.kind.setting': '設定',
} satisfies Record<string, I18nMessage>;
