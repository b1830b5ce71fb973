import type { I18nMessage } from '../../../../core/shared/types.js';
import type { doctor as en } from '../en/doctor.js';

/** Japanese strings of the connection doctor. */
export const doctor: Record<keyof typeof en, I18nMessage> = {
  'doctor.label': '接続診断',
  'doctor.failedAt': '失敗した段階: {step}',
  'doctor.whatToDo': '対処:',
  'doctor.lastStderr': 'stderr に書かれた原因:',
  'doctor.step.config': '設定の読み込み',
  'doctor.step.spawn': 'プロセスの起動',
  'doctor.step.connect': '接続',
  'doctor.step.tls': 'TLS',
  'doctor.step.http': 'HTTP',
  'doctor.step.not-mcp': 'MCP エンドポイントの確認',
  'doctor.step.initialize': 'initialize',
  'doctor.step.protocol-version': 'プロトコルバージョン',
  'doctor.step.auth': '認可',
  'doctor.step.session': 'セッション',
  'doctor.how.code': 'コード {code} で終了しました',
  'doctor.how.signal': 'シグナル {signal} で停止しました',
  'doctor.how.unknown': '終了しました',
  'doctor.cwd-missing': '作業フォルダー「{cwd}」が存在しません。',
  'doctor.cwd-missing.action':
    '{configFile} の "mcpServers.{server}" の "cwd" を直すか、削除して設定ファイルのフォルダーで実行してください。',
  'doctor.command-not-found': 'コマンド「{command}」が見つかりません。',
  'doctor.command-not-found.action':
    'インストールするか、{configFile} の "mcpServers.{server}" の "command" にフルパスを書いてください。ゲートウェイは PATH と node_modules/.bin を探します。',
  'doctor.not-executable': 'コマンド「{command}」は実行できません。',
  'doctor.not-executable.action':
    '実行権限を付けるか (chmod +x)、{configFile} の "mcpServers.{server}" でインタープリター経由で実行してください (例: "command": "node")。',
  'doctor.spawn-failed': 'コマンド「{command}」を起動できませんでした: {reason}。',
  'doctor.spawn-failed.action':
    '{configFile} の "mcpServers.{server}" の "command"、"args"、"cwd" を確認してください。',
  'doctor.exited': '「{command}」は "initialize" に応答する前に{how}。',
  'doctor.exited.action':
    'stderr に書かれた原因を下に示します (全体はサーバーログにあります)。そこに書かれている問題 (多くは {configFile} の "mcpServers.{server}" の引数や環境変数) を直してから、再接続を押してください。',
  'doctor.exited.actionQuiet':
    'stderr には何も出力されませんでした。{configFile} の "mcpServers.{server}" の引数と環境変数を確認してから、再接続を押してください。',
  'doctor.crash-loop':
    '「{command}」は起動直後の失敗が {failures} 回続いたため、ゲートウェイは再起動をやめました (最後: {lastExit})。',
  'doctor.crash-loop.action':
    '下に示す原因 (多くは {configFile} の "mcpServers.{server}" の引数や環境変数) を直してから、再起動を押してください。設定のこのエントリを変更して保存しても再起動します。',
  'doctor.certificate': '{host} の TLS 証明書が受け入れられませんでした ({code})。',
  'doctor.certificate.action':
    'サーバーが独自の認証局を使っている場合は NODE_EXTRA_CA_CERTS=<その CA ファイル> を付けてダッシュボードを起動してください。そうでなければサーバーの証明書を直す必要があります。',
  'doctor.refused': '{host} では何も待ち受けていません (接続拒否)。',
  'doctor.refused.action': 'サーバーを起動するか、{configFile} の "mcpServers.{server}" の "url" を直してください。',
  'doctor.dns': 'ホスト名「{host}」が見つかりません。',
  'doctor.dns.action':
    '{configFile} の "mcpServers.{server}" の "url" の綴りと、ネットワークや VPN を確認してください。',
  'doctor.network': '{host} への接続に失敗しました ({code})。',
  'doctor.network.action': 'サーバーが動いていてこのコンピューターから届くことを確認してから、再接続を押してください。',
  'doctor.failed': '{url} に到達できませんでした: {reason}。',
  'doctor.failed.action':
    'サーバーが動いていること、{configFile} の "mcpServers.{server}" の "url" が正しいことを確認してから、再接続を押してください。',
  'doctor.auth-required': '{url} は認可を求めています (HTTP 401)。',
  'doctor.auth-required.action':
    '{configFile} の "mcpServers.{server}" の "headers" にサーバーが求める資格情報を書いてから (例: "Authorization": "Bearer …")、再接続を押してください。',
  'doctor.auth-required.actionOrSignIn':
    '{configFile} の "mcpServers.{server}" の "headers" にサーバーが求める資格情報を書いてから (例: "Authorization": "Bearer …")、再接続を押してください。OAuth でサインインするサーバーなら、サインインを押してください。ゲートウェイがダッシュボードを {registrationOrigin} にクライアントとして登録します。',
  'doctor.forbidden': '{url} はアクセスを拒否しました (HTTP 403)。',
  'doctor.forbidden.action':
    '{configFile} の "mcpServers.{server}" の "headers" の資格情報ではこのサーバーを使えません。運用者に確認してください。',
  'doctor.html': '{url} は MCP ではなく Web ページ (HTML、HTTP {status}) を返しました。',
  'doctor.html.action':
    'このアドレスは MCP エンドポイントではありません。{configFile} の "mcpServers.{server}" の "url" にサーバーの MCP アドレスを書いてください (多くは /mcp、古いサーバーでは /sse で終わります)。',
  'doctor.unexpected-content': '{url} は MCP (JSON またはイベントストリーム) ではなく "{contentType}" を返しました。',
  'doctor.unexpected-content.action':
    'このアドレスは MCP エンドポイントではありません。{configFile} の "mcpServers.{server}" の "url" を確認してください。',
  'doctor.http-status': '{url} は HTTP {status}{statusSuffix} を返しました。',
  'doctor.http-status.action': '{configFile} の "mcpServers.{server}" の "url" と "headers" を確認してください。',
  'doctor.http-status.action5xx':
    'サーバーが応答中に失敗しました。サーバーのログを確認してから、再接続を押してください。',
  'doctor.http-status.action404':
    'このアドレスに MCP エンドポイントはありません。{configFile} の "mcpServers.{server}" の "url" を確認してください (多くは /mcp、古いサーバーでは /sse で終わります)。',
  'doctor.initialize-error': 'サーバーが "initialize" を拒否しました: {serverMessage} (JSON-RPC エラー {code})。',
  'doctor.initialize-error.action':
    'これはサーバー自身の応答です。サーバーの設定やログを確認してから、再接続を押してください。',
  'doctor.version-unsupported':
    'サーバーの MCP プロトコルバージョン "{version}" にこのダッシュボードは対応していません (対応: {supported})。',
  'doctor.version-unsupported.action': 'サーバーかダッシュボードを更新して、共通のプロトコルバージョンにしてください。',
  'doctor.input-missing': 'このサーバーには値「{id}」({description}) が必要です。VS Code なら入力を求める値です。',
  'doctor.input-missing.noDescription': 'このサーバーには値「{id}」が必要です。VS Code なら入力を求める値です。',
  'doctor.input-missing.action':
    'ダッシュボードを起動する前に環境変数 {envName} を設定してください (または {configFile} に値を書いてください)。',
  'doctor.session-lost': '{url} はこのセッションを失いました ({reason})。再起動されたと思われます。',
  'doctor.session-lost.action':
    'ゲートウェイが新しいセッションを自動で開いています。少し待ってからやり直してください。',
  'card.reconnectingUpstream': 'サーバーがいなくなりました。ゲートウェイが再接続しています…',
};
