import type { I18nMessage } from '../../../core/shared/types.js';

/** Japanese strings of the command palette (Ctrl/⌘+K) and the wall screen, loaded with them (palette-messages.ts). */
export const palette = {
  'palette.label': 'ダッシュボードを検索',
  'wall.name': 'ウォールスクリーン (Escape で終了)',
  'wall.entered': 'ウォールスクリーンです。Escape で終了します。',
  'wall.left': 'ウォールスクリーンを終了しました。',
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
