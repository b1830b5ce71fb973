import type { I18nMessage } from '../../../../core/shared/types.js';
import type { page as en } from '../en/page.js';

/** Japanese strings of the shell: the page: header, main area and gateway problems. */
export const page: Record<keyof typeof en, I18nMessage> = {
  'app.name': 'MCP ダッシュボード',
  'header.settings': '設定',
  'header.menu': 'メニュー',
  'header.search': '検索',
  'header.searchHint': '検索 (Ctrl+K)',
  'header.language': '言語',
  'header.theme': 'テーマ',
  'header.appearance': '表示設定\u2026',
  'main.label': 'MCP サーバー',
  'main.noServers': 'サーバーが設定されていません。設定ファイルの "mcpServers" に追加してください。',
  'main.loading': 'サーバーを読み込み中\u2026',
  'problem.noToken':
    'このページにはゲートウェイからのアクセス許可が必要です。"npm start" が表示したアドレス（末尾が #code=\u2026）を開いてください。そのターミナルで Enter を押すと新しいアドレスが表示されます。',
  'problem.auth':
    'ゲートウェイはこのページのアクセスを受け付けなくなりました。再起動されたか、このページがしばらく使われていませんでした。mcp-dashboard を実行しているターミナルで Enter を押す（または再起動する）と表示される新しいアドレス（"Dashboard ready: http://localhost:\u2026/#code=\u2026"）を開いてください。',
  'problem.unreachable':
    '{url} のゲートウェイに接続できません。"npm start"（または "mcp-dashboard"）はまだ動いていますか？',
  'problem.retrying': '5 秒ごとに再試行しています。ウィジェットはそのまま残ります。',
  'problem.reachableAgain': 'ゲートウェイに再び接続できました。',
  'header.widgets': 'ウィジェット',
  'header.audit': '監査ログ',
};
