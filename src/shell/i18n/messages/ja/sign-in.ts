import type { I18nMessage } from '../../../../core/shared/types.js';
import type { signIn as en } from '../en/sign-in.js';

/** Japanese strings of the shell: signing in to OAuth-protected servers (the gateway is the OAuth client). */
export const signIn: Record<keyof typeof en, I18nMessage> = {
  'signIn.needed': 'このサーバーを使うにはサインインが必要です。',
  'signIn.neededScope': 'このサーバーを使うにはサインインして次の権限を許可してください: {scope}',
  'signIn.scopeAsked': '要求されている権限: {scope}',
  'signIn.button': 'サインイン',
  'signIn.buttonLabel': '{name} にサインイン',
  'signIn.starting': 'サインインページを準備しています\u2026',
  'signIn.waiting':
    '新しいタブで開いたページでサインインを完了してください。完了するとこのカードは自動的に接続します。',
  'signIn.openAgain': 'サインインページを開く',
  'signIn.cancel': 'キャンセル',
  'signIn.signedIn': 'サインイン済み',
  'signIn.signedInScope': 'サインイン済み（{scope}）',
  'signIn.signOut': 'サインアウト',
  'signIn.signOutLabel': '{name} からサインアウト',
  'signIn.signedOut': '{name} からサインアウトしました。ゲートウェイはトークンを破棄しました。',
  'signIn.done': '{name} にサインインしました。',
  'signIn.failed': 'サインインに失敗しました: {message}',
  'signIn.expired': '10 分以内にサインインが完了しませんでした。もう一度「サインイン」を押してください。',
  'signIn.badUrl': 'ゲートウェイが返したサインイン先が http でも https でもないため、開きませんでした。',
  'signIn.machine': 'ゲートウェイは設定ファイルのクライアント資格情報でこのサーバーのトークンを取得します。',
};
