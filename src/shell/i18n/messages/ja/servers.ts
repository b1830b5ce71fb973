import type { I18nMessage } from '../../../../core/shared/types.js';
import type { servers as en } from '../en/servers.js';

/** Japanese strings of the shell: the Servers screen. */
export const servers: Record<keyof typeof en, I18nMessage> = {
  'header.servers': 'サーバー',
  'servers.title': 'サーバー: 設定の取り込み',
  'servers.close': '閉じる',
  'servers.intro':
    'Claude Desktop、VS Code、Cursor、Cline、Roo Code、Windsurf 用に書かれた設定を貼り付けるかファイルを取り込むと、ダッシュボードがどう理解するかを確認できます。ここからは何も起動しません。ダッシュボードが実行するのは、起動時に指定した設定ファイルのサーバーだけです。',
  'servers.paste': '設定 (JSON。コメント可)',
  'servers.read': '読み取る',
  'servers.importFile': 'ファイルを取り込む',
  'servers.pasted': '貼り付けた設定',
  'servers.notJson': '有効な JSON ではありません: {message}',
  'servers.checkUnavailable': '設定を検査できませんでした ({message})。ページを再読み込みしてやり直してください。',
  'servers.understood': { other: '{count} 件のサーバーを読み取りました: 問題 {problems} 件、警告 {warnings} 件。' },
  'servers.result': '{file} からダッシュボードが理解した内容',
  'servers.format.dashboard':
    '形式: ダッシュボード独自 ("dashboard" セクション付きの Claude Desktop の "mcpServers")。',
  'servers.format.claude': '形式: Claude Desktop / Claude Code / Cursor ("mcpServers")。',
  'servers.format.vscode': '形式: VS Code の mcp.json ("servers")。',
  'servers.format.vscode-settings': '形式: VS Code の settings.json ("mcp.servers")。',
  'servers.format.cursor-or-cline': '形式: Cline / Roo Code / Cursor (独自キー付きの "mcpServers")。',
  'servers.problems': '問題 (このファイルではダッシュボードは起動しません):',
  'servers.warnings': '無視される項目 (ダッシュボードは起動し、ターミナルに表示します):',
  'servers.col.name': 'サーバー',
  'servers.col.how': '接続方法',
  'servers.col.runs': '実行内容 / アドレス',
  'servers.col.needs': '必要なもの',
  'servers.none': 'この設定にはサーバーがありません。',
  'servers.disabled': '無効',
  'servers.how.stdio': 'プロセス (stdio)',
  'servers.how.http': 'Streamable HTTP',
  'servers.how.sse': 'HTTP+SSE (古いサーバー)',
  'servers.how.auto': 'Streamable HTTP (だめなら HTTP+SSE)',
  'servers.how.invalid': '"command" も "url" もありません',
  'servers.variables': '環境変数: {names}',
  'servers.headers': 'ヘッダー: {names} (値はゲートウェイが保持)',
  'servers.oauth.authorization_code': 'OAuth: カードからサインイン(クライアント設定はゲートウェイが保持)',
  'servers.oauth.client_credentials': 'OAuth: クライアント資格情報によるマシン間認証(ゲートウェイが保持)',
  'servers.oauth.cross_app_access': 'OAuth: エンタープライズのクロスアプリアクセス(ゲートウェイが保持)',
  'servers.needsInput': '値「{id}」: 起動前に {envName} を設定',
  'servers.useIt': '使い方',
  'servers.useItHelp':
    'ダッシュボードの形式でダウンロードし (または元のファイルのまま)、それを指定してダッシュボードを起動します:',
  'servers.download': 'mcp-dashboard.config.json としてダウンロード',
};
