import type { I18nMessage } from '../../core/shared/types.js';

/** English strings of the note a view's card shows when its declared domain was not used (loaded with the first view). */
const en = {
  'app.domainRefused':
    'The app asked for its own address {domain}; the dashboard did not use it because {reason}. It runs on an address of its own, made from its server and view.',
  'app.domain.not-a-name': 'it is not a host name',
  'app.domain.port-or-path': 'it names a port or a path (only a host name can be used)',
  'app.domain.not-localhost':
    'the dashboard can only serve app addresses ending in .localhost (such as my-app.localhost)',
  'app.domain.bad-label': 'its first part must be one name of letters, digits and hyphens',
  'app.domain.reserved': 'names with "--" are kept for the addresses the dashboard makes',
  'app.domain.claimed': "another server's apps already use it",
} satisfies Record<string, I18nMessage>;

const ja = {
  'app.domainRefused':
    'アプリは専用のアドレス {domain} を求めましたが、{reason}ため使用しませんでした。サーバーとビューから作った専用のアドレスで動作します。',
  'app.domain.not-a-name': 'ホスト名ではない',
  'app.domain.port-or-path': 'ポートやパスを含んでいる（使えるのはホスト名だけです）',
  'app.domain.not-localhost':
    'ダッシュボードが提供できるのは .localhost で終わるアドレス（例: my-app.localhost）だけである',
  'app.domain.bad-label': '最初の部分が英数字とハイフンからなる 1 つの名前ではない',
  'app.domain.reserved': '「--」を含む名前はダッシュボードが作るアドレス用に予約されている',
  'app.domain.claimed': '別のサーバーのアプリがすでに使っている',
} satisfies Record<keyof typeof en, I18nMessage>;

/** The note's strings: not in the start-up bundle; added to the shell's catalogs by app-origins.ts when it loads. */
export const ORIGIN_CATALOGS = { en, ja };
