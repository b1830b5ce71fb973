import type { I18nMessage } from '../../../../core/shared/types.js';
import type { launch as en } from '../en/launch.js';

/** Japanese strings of the shell: opening the dashboard from the gateway's launch address. */
export const launch: Record<keyof typeof en, I18nMessage> = {
  'launch.used':
    'このダッシュボードのアドレスは使用済みです。アドレスはそれぞれ一度だけダッシュボードを開けます。mcp-dashboard を実行しているターミナルで Enter を押して新しいアドレスを表示し（または再起動し）、それを開いてください。',
  'launch.expired':
    'このダッシュボードのアドレスは期限切れです。アドレスはゲートウェイが表示してから 1 分間だけ有効です。mcp-dashboard を実行しているターミナルで Enter を押して新しいアドレスを表示し（または再起動し）、それを開いてください。',
  'launch.unknown':
    'このダッシュボードのアドレスは、現在動いているゲートウェイのものではありません（再起動された可能性があります）。最後に表示されたアドレスを開くか、そのターミナルで Enter を押して新しいアドレスを表示してください。',
};
