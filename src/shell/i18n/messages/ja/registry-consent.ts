import type { I18nMessage } from '../../../../core/shared/types.js';
import type { registryConsent as en } from '../en/registry-consent.js';

/** Japanese strings of the shell: the widget consent dialog: trust, signature, permissions. */
export const registryConsent: Record<keyof typeof en, I18nMessage> = {
  'consent.install': '{name} {version} をインストールしますか？',
  'consent.update': '{name} を {from} から {version} に更新しますか？',
  'consent.major': '{name} のメジャー更新（{from} → {version}）を承認しますか？',
  'consent.actionInstall': 'インストール',
  'consent.actionUpdate': '更新',
  'consent.actionApprove': '更新を承認',
  'consent.alsoInstalls': '同時にインストールされるもの',
  'consent.majorWarning':
    'メジャーバージョンではウィジェットの動作が変わる可能性があります。あなたの承認なしにインストールされることはありません。',
  'consent.permissions': '求められている権限',
  'consent.new': '（新規）',
  'consent.noPermissions': 'なし: ダッシュボードがすべてのウィジェットに渡すものを表示するだけです。',
  'consent.added': { other: 'この更新は新たに {count} 個の権限を求めています。' },
  'consent.useFor': '使用するサーバー',
  'trust.verified': '検証済み（固定した発行者の署名あり）',
  'trust.community': 'コミュニティ（署名なし、権限を制限）',
  'trust.enterprise': 'エンタープライズ',
  'trust.untrusted': '信頼されていない（MCP 操作へのアクセスなし）',
  'signature.unchecked': '未確認',
  'signature.valid': '✓ {publisher} による有効な ES256 署名（固定した鍵）、署名日 {date}',
  'signature.none': '署名なし',
  'perm.network': '{domain} へのネットワークアクセス',
  'perm.storageSession': 'このセッションの間の保存領域',
  'perm.storagePersistent': 'このブラウザーへの永続的な保存',
  'perm.clipboard': 'クリップボードへの書き込み',
  'perm.notifications': '通知の表示',
  'perm.mcp.invokeTool': 'ツール呼び出しの依頼（呼び出しごとにあなたが確認）',
  'perm.mcp.readResource': 'サーバーのリソースの読み込み',
  'perm.mcp.getPrompt': 'サーバーのプロンプトの取得',
  'perm.mcp.subscribeToUpdates': 'リソース更新の購読',
  'perm.mcpOther': 'MCP 操作 {op}',
  'perm.custom': 'カスタム権限 "{key}"',
};
