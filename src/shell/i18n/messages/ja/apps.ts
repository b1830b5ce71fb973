import type { I18nMessage } from '../../../../core/shared/types.js';
import type { apps as en } from '../en/apps.js';

/** Japanese strings of the shell: MCP App views and their open-link dialog. */
export const apps: Record<keyof typeof en, I18nMessage> = {
  'link.announce': 'アプリ {app} が {host} へのリンクを開こうとしています',
  'link.title': 'アプリからのリンクを開きますか？',
  'link.before': 'MCP アプリ ',
  'link.after': '（サーバー {server}）が次の場所を新しいタブで開こうとしています:',
  'link.fullAddress': '完全なアドレス',
  'link.open': 'リンクを開く',
  'app.mode.inline': 'インライン',
  'app.mode.fullscreen': '全画面',
  'app.mode.pip': 'ピクチャー・イン・ピクチャー',
  'app.phase.reading': 'アプリを読み込み中',
  'app.phase.sandbox': 'サンドボックスを起動中',
  'app.phase.starting': 'アプリを起動中',
  'app.phase.ready': '準備完了',
  'app.phase.error': 'エラー',
  'app.phase.closing': '終了中',
  'app.phase.closed': '終了',
  'app.tool.error': 'ツールがエラーを報告しました。アプリに渡しています。',
  'app.tool.errorText': 'ツール {tool} がエラーを報告しました: {text}',
  'app.tool.delivered': 'ツールの結果をアプリに渡しました。',
  'app.tool.preview':
    'プレビュー: 入力中のフォームがアプリに伝わります。「アプリを開く」でこのアプリの中で {tool} を実行します。',
  'app.tools': 'このアプリが提供するツール ({count})',
  'app.tools.args': '引数 (JSON オブジェクト)',
  'app.tools.call': '{tool} を呼び出す',
  'app.tools.notJson': '引数が JSON オブジェクトではありません ({message})。何も呼び出していません。',
  'app.tools.failed': '実行されませんでした: {message}',
  'app.tool.waiting': 'ツール {tool}: あなたの確認またはサーバーを待っています…',
  'app.tool.notRun': 'ツール {tool} は実行されませんでした: {note}',
  'app.waitingCalls': { other: '待機中のツール呼び出し {count} 件' },
  'app.label': '{server} の MCP アプリ {title}',
  'app.kind': 'MCP アプリ ・ {server}',
  'app.close': 'アプリを閉じる',
  'app.cspBlocked': {
    other:
      'アプリのコンテンツポリシーが、ダッシュボードで許可していない {count} 個の取得元を求めました。引き続きブロックします。',
  },
  'app.toldModel': 'アプリがモデルに伝えた内容',
  'app.messages': 'アプリからのメッセージ（{count}）',
};
