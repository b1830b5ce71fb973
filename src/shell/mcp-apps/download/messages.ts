import type { I18nMessage } from '../../../core/shared/types.js';

/** English strings of the dialog that asks before an MCP App's file is saved (loaded with it). */
const en = {
  'download.title': { one: 'Save a file from an app?', other: 'Save {count} files from an app?' },
  'download.asks': '{app} (server {server}) asks to save this in your downloads folder:',
  'download.name': 'Name',
  'download.type': 'Type',
  'download.size': 'Size',
  'download.note': 'The name is the one the dashboard will use; open the file only if you trust the app.',
  'download.save': 'Save',
  'download.announce': '{app} asks to save a file.',
} satisfies Record<string, I18nMessage>;

/** Japanese strings of the download dialog. */
const ja = {
  'download.title': { other: 'アプリのファイル {count} 件を保存しますか?' },
  'download.asks': '{app}(サーバー {server})が、次のファイルをダウンロードフォルダーに保存しようとしています:',
  'download.name': '名前',
  'download.type': '種類',
  'download.size': 'サイズ',
  'download.note': 'ダッシュボードはこの名前で保存します。アプリを信頼できる場合にだけファイルを開いてください。',
  'download.save': '保存',
  'download.announce': '{app} がファイルの保存を求めています。',
} satisfies Record<string, I18nMessage>;

/** The download dialog's strings: not in the start-up bundle; added to the shell's catalogs when it loads. */
export const DOWNLOAD_CATALOGS = { en, ja };
