import type { I18nMessage } from '../../../../core/shared/types.js';
import type { confirm as en } from '../en/confirm.js';

/** Japanese strings of the shell: the tool call confirmation dialog. */
export const confirm: Record<keyof typeof en, I18nMessage> = {
  'confirm.title': 'ツールを実行: {server}:{tool}',
  'confirm.announce': 'ツール呼び出しの確認: {server}:{tool}',
  'confirm.server': 'サーバー',
  'confirm.serverValue': '{server}（MCP サーバー）',
  'confirm.requestedBy': '依頼元',
  'confirm.toolTitle': 'タイトル',
  'confirm.arguments': '引数:',
  'confirm.warning': 'この操作はあなたの代わりに実行されます。',
  'confirm.cancel': 'キャンセル',
  'confirm.confirm': '実行する',
  'confirm.caller.user': 'あなた（ダッシュボードから）',
  'confirm.caller.widget': 'あなた（ウィジェット {id} から）',
  'confirm.caller.app': 'MCP アプリ {id}',
  'confirm.caller.agent': 'エージェント {id}',
  'confirm.continuePasskey': 'パスキーで続ける',
  'confirm.withdrawn': '{server}:{tool} の呼び出し要求は取り下げられました。呼び出し元が閉じられました。',
};
