import type { I18nMessage } from '../../../../core/shared/types.js';
import type { clientRequests as en } from '../en/client-requests.js';

/** Japanese strings of the shell: the sampling and elicitation dialogs (requests from a server). */
export const clientRequests: Record<keyof typeof en, I18nMessage> = {
  'role.user': 'ユーザー',
  'role.assistant': 'アシスタント',
  'dialog.decline': '断る',
  'sampling.announce': '{server} がアシスタントのメッセージを求めています',
  'sampling.title': '{server} への返信を書く',
  'sampling.whyServer':
    'サーバー "{server}" が言語モデルの返信を求めています。このダッシュボードにはモデルがないため、あなたがアシスタントのメッセージを書きます。送り返されるのはあなたが送信した内容だけです。',
  'sampling.whyWidget':
    'ウィジェット {id} が言語モデルの返信を求めています。このダッシュボードにはモデルがないため、あなたがアシスタントのメッセージを書きます。送り返されるのはあなたが送信した内容だけです。',
  'sampling.whyApp':
    'サーバー「{server}」のアプリ {id} が言語モデルの返信を求めています。このダッシュボードにはモデルがないため、あなたがアシスタントのメッセージを書きます。アプリに送り返されるのはあなたが送信した内容だけです。',
  'sampling.systemPrompt': 'システムプロンプト',
  'sampling.limit': '長さの上限',
  'sampling.tokens': { other: '{count} トークン' },
  'sampling.hints': 'モデルのヒント',
  'sampling.conversation': '会話',
  'sampling.conversationSoFar': 'これまでの会話',
  'sampling.reply': 'アシスタントのメッセージ',
  'sampling.empty': 'アシスタントのメッセージを書くか、「断る」を選んでください。',
  'sampling.send': '返信を送る',
  'elicit.announce': '{server} があなたに情報を求めています',
  'elicit.title': '{server} が情報を求めています',
  'elicit.onlyTo': '送信した内容は {server} にのみ送られます。断ることもできます。',
  'elicit.send': '送信',
};
