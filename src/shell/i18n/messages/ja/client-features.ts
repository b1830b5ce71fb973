import type { I18nMessage } from '../../../../core/shared/types.js';
import type { clientFeatures as en } from '../en/client-features.js';

/** Japanese strings of the shell: URL-mode elicitation and withdrawn server requests. */
export const clientFeatures: Record<keyof typeof en, I18nMessage> = {
  'request.withdrawn': '{server} が依頼を取り下げました。',
  'url.announce': '{server} が {host} のページを開くよう求めています',
  'url.announceRefused': '{server} がダッシュボードでは開けないアドレスを開くよう求めました',
  'url.title': '{server} がページを開くよう求めています',
  'url.asks':
    'サーバー "{server}" がこのページをブラウザーで開くよう求めています。「リンクを開く」を選ぶまで何も開きません。',
  'url.requiredTitle': '"{tool}" を実行するには先にページを開く必要があります',
  'url.required':
    'サーバー "{server}" は、このページを開くまで呼び出しを受け付けません（サインインなど）。ページを開いて操作を終えてから再試行してください。',
  'url.reason': 'サーバーからのメッセージ:',
  'url.notYet': 'ページはまだ開いていません。開く前にアドレスを確認してください。',
  'url.refusedTitle': 'アドレスを拒否しました',
  'url.refused':
    'サーバー "{server}" が http:// または https:// ではないアドレスを開くよう求めました。ダッシュボードは Web ページしか開かないため開かず、サーバーには断ったと伝えました。',
  'url.refusedCredentials':
    'サーバー "{server}" がユーザー名またはパスワードを含むアドレス（user:password@）を開くよう求めました。このようなアドレスは資格情報を渡したり別のサイトになりすましたりできるため、ダッシュボードは開かず、サーバーには断ったと伝えました。',
  'url.noteIdn':
    'このアドレスにはラテン文字以外の文字が使われています。ASCII 形式で表示しています。目的のサイトか確認してください。',
  'url.noteMixed':
    'このアドレスは異なる文字体系の文字を混ぜています。別のサイトになりすます典型的な手口です。ASCII 形式で表示しています。目的のサイトか確認してください。',
  'url.close': '閉じる',
  'url.openedTitle': 'ページで操作を終えてから再試行',
  'url.opened':
    'ページを新しいタブで開きました。操作が終わったら「呼び出しを再試行」を選ぶと、"{tool}" を {server} にもう一度送ります。',
  'url.done': '呼び出しを再試行',
} satisfies Record<string, I18nMessage>;
