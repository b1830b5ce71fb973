import type { I18nMessage } from '../../../core/shared/types.js';

/** English strings of the permission dialog, the tile's permission note and the audit panel's list (loaded with them). */
const en = {
  'permissions.title': 'Let an app use your devices?',
  'permissions.titleClipboard': 'Let an app write to your clipboard?',
  'permissions.asks': '{app} (server {server}) asks to use:',
  'permissions.origin': 'It runs as {origin}. Your answer is remembered for this app; change it in the audit panel.',
  'permissions.camera': 'Camera',
  'permissions.microphone': 'Microphone',
  'permissions.geolocation': 'Your location',
  'permissions.clipboardWrite': 'Write to your clipboard',
  'permissions.allow': 'Allow',
  'permissions.deny': 'Don\u2019t allow',
  'permissions.announce': '{app} asks for your permission.',
  'permissions.refused': 'You did not allow this app: {what}.',
  'permissions.unanswered': 'This app asks to use: {what}. Not allowed yet.',
  'permissions.allowAgain': 'Allow\u2026',
  'permissions.allowAgainLabel': 'Allow {what} for {app}',
  'permissions.audit': 'What apps may use (devices, clipboard)',
  'permissions.auditNone': 'No app has asked to use a device or the clipboard.',
  'permissions.auditItem': '{app} (server {server}, {origin}): allowed {granted}; not allowed {denied}',
  'permissions.nothing': 'nothing',
  'permissions.forgetLabel': 'Forget the answers for {app} (server {server})',
} satisfies Record<string, I18nMessage>;

/** Japanese strings of the permission dialog and notes. */
const ja = {
  'permissions.title': 'アプリにデバイスの使用を許可しますか?',
  'permissions.titleClipboard': 'アプリにクリップボードへの書き込みを許可しますか?',
  'permissions.asks': '{app}(サーバー {server})が次の使用を求めています:',
  'permissions.origin':
    'このアプリは {origin} として動作します。回答はこのアプリについて記憶され、監査パネルで変更できます。',
  'permissions.camera': 'カメラ',
  'permissions.microphone': 'マイク',
  'permissions.geolocation': '現在地',
  'permissions.clipboardWrite': 'クリップボードへの書き込み',
  'permissions.allow': '許可',
  'permissions.deny': '許可しない',
  'permissions.announce': '{app} が許可を求めています。',
  'permissions.refused': 'このアプリに次を許可していません: {what}。',
  'permissions.unanswered': 'このアプリが次の使用を求めています: {what}。まだ許可されていません。',
  'permissions.allowAgain': '許可…',
  'permissions.allowAgainLabel': '{app} に {what} を許可',
  'permissions.audit': 'アプリに許可したもの(デバイス、クリップボード)',
  'permissions.auditNone': 'デバイスやクリップボードの使用を求めたアプリはありません。',
  'permissions.auditItem': '{app}(サーバー {server}、{origin}): 許可 {granted}、不許可 {denied}',
  'permissions.nothing': 'なし',
  'permissions.forgetLabel': '{app}(サーバー {server})の回答を消去',
} satisfies Record<string, I18nMessage>;

/** The permission strings: not in the start-up bundle; added to the shell's catalogs when the module loads. */
export const PERMISSION_CATALOGS = { en, ja };

/** The names of `permissions` in the person's language, joined. */
export function permissionNames(t: (key: string) => string, permissions: readonly string[]): string {
  return permissions.map((p) => t(`permissions.${p}`)).join(', ');
}
