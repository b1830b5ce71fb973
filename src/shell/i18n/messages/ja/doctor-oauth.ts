import type { I18nMessage } from '../../../../core/shared/types.js';
import type { doctorOAuth as en } from '../en/doctor-oauth.js';

/** 接続ドクター: ゲートウェイが OAuth でサインインするサーバー(ステップ auth、種類 oauth-*)。 */
export const doctorOAuth: Record<keyof typeof en, I18nMessage> = {
  'doctor.oauth-sign-in': 'サーバー「{server}」を使うにはサインインが必要です。',
  'doctor.oauth-sign-in.action': 'カードの「サインイン」を押してください。',
  'doctor.oauth-credentials': 'サーバー「{server}」がゲートウェイのマシン用資格情報を拒否しました。',
  'doctor.oauth-credentials.action': '{configFile} の "mcpServers.{server}.oauth" を確認してください。',
  'doctor.oauth-scope': 'サーバー「{server}」はさらに権限を必要としています{scopeSuffix}。',
  'doctor.oauth-scope.action': 'カードの「サインイン」を押して権限を許可してください。',
  'doctor.oauth-scope.actionMachine': '{configFile} の "mcpServers.{server}.oauth" の "scope" に追加してください。',
  'doctor.oauth-scope-exhausted':
    'サーバー「{server}」は、求められた権限で再度サインインした後も「insufficient scope」で拒否しています。ゲートウェイは再要求をやめました。',
  'doctor.oauth-scope-exhausted.action': 'アカウントに必要な権限をサーバーの管理者に確認してください。',
  'doctor.oauth-scope-held':
    'サーバー「{server}」は、その権限でサインイン済みなのに「insufficient scope」で拒否しています{scopeSuffix}。',
  'doctor.oauth-scope-held.action':
    '再度サインインしても変わりません。アカウントに何が足りないかサーバーの管理者に確認してください。',
  'doctor.oauth-token-refused': 'サーバー「{server}」が、ゲートウェイが取得したばかりのトークンを拒否しました。',
  'doctor.oauth-token-refused.action':
    '「サインイン」を押してやり直してください。繰り返し失敗する場合は、サーバーとその認可サーバーの設定が食い違っています。',
  'doctor.oauth-token-refused.actionMachine': '{configFile} の "mcpServers.{server}.oauth" を確認してください。',
  'doctor.oauth-issuer-mismatch':
    '「{server}」へのサインインを中止しました: 認可サーバーが、発見時の発行者(issuer)として名乗りませんでした(ミックスアップ攻撃の可能性、RFC 8414 §3.3 / RFC 9207)。',
  'doctor.oauth-issuer-mismatch.action': '何も送信していません。サーバーの管理者に知らせてください。',
  'doctor.oauth-server-changed':
    '「{server}」へのサインインを中止しました: サーバーが、資格情報の属する認可サーバーとは別の認可サーバーを指定しています。',
  'doctor.oauth-server-changed.action': '「サインイン」を押して最初からやり直してください。',
  'doctor.oauth-server-changed.actionMachine':
    '{configFile} の "mcpServers.{server}.oauth" の "issuer" を確認してください。',
  'doctor.oauth-insecure-token-endpoint':
    'サーバー「{server}」が https ではないトークンエンドポイントを指定しています({tokenEndpoint})。ゲートウェイはそこへ資格情報を送りません。',
  'doctor.oauth-insecure-token-endpoint.action':
    'サーバーの管理者に、認可サーバーは https を使う必要があると知らせてください。',
  'doctor.oauth-registration-rejected':
    '「{server}」の認可サーバーが、ダッシュボードのクライアント登録を拒否しました(HTTP {status})。',
  'doctor.oauth-registration-rejected.action':
    '認可サーバーでクライアントを自分で登録し、その "clientId"(と "clientSecret")を {configFile} の "mcpServers.{server}.oauth" に書いてください。',
  'doctor.oauth-error': '「{server}」の認可サーバーが「{code}」と応答しました。',
  'doctor.oauth-error.action': '「サインイン」を押してやり直してください。',
  'doctor.oauth-error.actionMachine': '{configFile} の "mcpServers.{server}.oauth" を確認してください。',
  'doctor.oauth-failed': '「{server}」にサインインできませんでした: {reason}',
  'doctor.oauth-failed.action':
    '「サインイン」を押してやり直してください。繰り返し失敗する場合はサーバーの管理者に知らせてください。',
  'doctor.oauth-failed.actionMachine': '{configFile} の "mcpServers.{server}.oauth" を確認してください。',
  'doctor.oauth-sign-in-register': 'サーバー「{server}」を使うにはサインインが必要です。',
  'doctor.oauth-sign-in-register.action':
    'カードの「サインイン」を押してください。そのときゲートウェイは {registrationOrigin} にダッシュボードをクライアントとして登録します。',
  'doctor.oauth-outbound-refused':
    '「{server}」へのサインインを中止しました: サーバーが指定した {target}({targetKind})への接続をゲートウェイが拒否しました。ゲートウェイが接続するのは、サーバー自身のオリジンと公開された https のアドレスだけです。',
  'doctor.oauth-outbound-refused.action':
    '信頼できる場合は、{configFile} の "mcpServers.{server}.oauth.allowHosts" に "{allowEntry}" を追加してください。',
  'doctor.oauth-outbound-refused.actionNoAllow': 'サーバーの管理者に知らせてください。',
  'doctor.outbound.loopback': 'ループバックアドレス(このコンピューター)',
  'doctor.outbound.link-local': 'リンクローカルアドレス(クラウドのメタデータサービスがある範囲)',
  'doctor.outbound.private': 'プライベートネットワークのアドレス',
  'doctor.outbound.unspecified': '未指定アドレス(このコンピューター)',
  'doctor.outbound.reserved': '予約済みまたは特別な用途のアドレス',
  'doctor.outbound.scheme': 'http でも https でもないスキーム',
  'doctor.outbound.plain-http': '別のオリジンへの暗号化されていない http',
  'doctor.outbound.gateway-port': 'ゲートウェイ自身のポート',
  'doctor.outbound.redirects': '5 回を超えるリダイレクト',
  'doctor.oauth-not-json':
    '「{server}」にサインインできませんでした: 認可サーバーが JSON ではない応答を返しました(HTTP {status}、{contentType})。',
  'doctor.oauth-not-json.action':
    '「サインイン」を押してやり直してください。繰り返し失敗する場合はサーバーの管理者に知らせてください。',
  'doctor.oauth-not-json.actionMachine': '{configFile} の "mcpServers.{server}.oauth" を確認してください。',
  'doctor.oauth-invalid-answer':
    '「{server}」にサインインできませんでした: 認可サーバーの JSON 応答が、ゲートウェイが求めた OAuth の文書ではありませんでした。',
  'doctor.oauth-invalid-answer.action':
    '「サインイン」を押してやり直してください。繰り返し失敗する場合はサーバーの管理者に知らせてください。',
  'doctor.oauth-invalid-answer.actionMachine': '{configFile} の "mcpServers.{server}.oauth" を確認してください。',
};
