import type { I18nMessage } from '../../../../core/shared/types.js';
import type { passkey as en } from '../en/passkey.js';

/** Japanese strings of the shell: the passkey step. */
export const passkey: Record<keyof typeof en, I18nMessage> = {
  'passkey.title': 'パスキーが必要です: {server}:{tool}',
  'passkey.announce': 'パスキーが必要です: {what}',
  'passkey.defaultMessage': 'この操作をパスキーで確認してください。',
  'passkey.explain':
    'ブラウザがパスキーを求めます。サーバーは実行前にそれを検証します。ダッシュボードはパスキーを保存しません。',
  'passkey.cancel': 'キャンセル',
  'passkey.waiting': 'パスキーを待っています\u2026',
  'passkey.phase.register': '初回: このダッシュボード用のパスキーを作成します\u2026',
  'passkey.phase.registered': 'パスキーを作成しました。続けてそのパスキーで操作を確認してください\u2026',
  'passkey.cancelled': 'パスキーの手順をキャンセルしました。',
  'passkey.cancelledOrNone':
    'パスキーの確認がキャンセルされたか時間切れになりました。または、この端末にはこのダッシュボード用のパスキーが登録されていません（ゲートウェイを再起動すると、もう一度登録できます）。',
  'passkey.unsupported': 'このブラウザはパスキー（WebAuthn）に対応していないため、この操作はここでは実行できません。',
  'passkey.wrongOrigin':
    'パスキーは、ダッシュボードを {address} として開いたときだけ使えます（ブラウザは {host} のような IP アドレスでのパスキーを拒否します）。ダッシュボードのアドレスを "localhost" で開き直して、もう一度お試しください。',
  'passkey.notReady': 'パスキーの確認画面の準備がまだできていません。少し待ってからもう一度お試しください。',
  'passkey.turnedOff': 'ダッシュボードの設定でパスキーが無効になっています（dashboard.passkeys.enabled）。',
};
