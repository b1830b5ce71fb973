import type { I18nMessage } from '../../../../core/shared/types.js';
import type { consent as en } from '../en/consent.js';

/** Japanese strings of the shell: what the confirmation dialog says about hints, remembering and bursts of calls. */
export const consent: Record<keyof typeof en, I18nMessage> = {
  'consent.hints.title': 'このツールについてサーバーが申告している内容',
  'consent.hints.claim': 'これらはサーバー {server} による申告です。ダッシュボードはその正しさを確認できません。',
  'consent.hints.none': 'サーバーはこのツールの動作についてヒントを申告していません。',
  'consent.hint.readOnly.true': '読み取り専用: はい — 読み取るだけです',
  'consent.hint.readOnly.false': '読み取り専用: いいえ — 何かを変更する可能性があります',
  'consent.hint.destructive.true': '破壊的: はい — 削除や上書きをする可能性があります',
  'consent.hint.destructive.false': '破壊的: いいえ — 変更は追加のみです',
  'consent.hint.idempotent.true': '冪等: はい — 繰り返しても追加の効果はありません',
  'consent.hint.idempotent.false': '冪等: いいえ — 呼び出すたびに追加の効果がある可能性があります',
  'consent.hint.openWorld.true': 'オープンワールド: はい — 外部のシステムにアクセスします',
  'consent.hint.openWorld.false': 'オープンワールド: いいえ — 自身のシステムの中だけで動作します',
  'consent.remember': '回答を記憶する（{caller}）',
  'consent.scope': '記憶する範囲',
  'consent.scope.tool': 'このツール',
  'consent.scope.server-reads': '{server} のすべての読み取り専用ツール（現時点のもの）',
  'consent.scope.view': 'このアプリの画面が開いている間のこのツール',
  'consent.duration': '期間',
  'consent.duration.persistent': '取り消すまで',
  'consent.duration.session': 'このセッションのみ（ページを再読み込みするまで）',
  'consent.rememberNote': '監査ログで確認・取り消しができます。ツールが変わると（ヒント・説明・入力）再度確認します。',
  'consent.batch.title': { other: '{caller} からの {count} 件のツール呼び出し' },
  'consent.batch.announce': { other: '{count} 件のツール呼び出しが回答を待っています' },
  'consent.batch.list': '回答を待っている呼び出し',
  'consent.batch.item': '呼び出し {n}: {server}:{tool}',
  'consent.batch.confirmOne': '呼び出し {n} を実行する',
  'consent.batch.cancelOne': '呼び出し {n} をキャンセル',
  'consent.batch.confirmAll': { other: 'すべて実行する（{count} 件）' },
  'consent.batch.cancelAll': { other: 'すべてキャンセル（{count} 件）' },
  'consent.batch.arguments': '引数',
  'consent.batch.passkey': 'パスキーが必要',
  'consent.batch.passkeyNote':
    '「すべて実行する」はパスキーが必要な呼び出しを含みません。それぞれ個別に実行してから、パスキーを使ってください。',
  'consent.agent.note':
    '以下の呼び出しはそれぞれダッシュボードのポリシーで確認され、あなたの回答を必要としています。一つずつ確認してください。無害な呼び出しの中に有害なものが紛れていることがあります。',
  'consent.agent.limit':
    'このエージェントの呼び出しが {max} 件待っています（同時に待てる上限です）。回答するまで、これ以上の呼び出しは拒否されます。',
  'consent.agent.deny': 'このエージェントからの呼び出しを {minutes} 分間すべて拒否',
  'consent.item.serverReads': {
    other:
      '{server} のすべての読み取り専用ツール（{count} 件: {tools}）、{surface} {caller}（{since} から、ポリシー {rule}）',
  },
  'consent.item.scope.tool': 'このツール',
  'consent.item.scope.view': 'アプリの画面 {view} が開いている間',
  'consent.item.duration.session': 'このセッションのみ',
  'consent.item.duration.persistent': '取り消すまで',
  'consent.item.forget': '取り消す: {what}',
  'policy.rule.C9':
    'サーバーが破壊的と申告している標準の MCP ツール（destructiveHint: true）です。誰が呼び出しても毎回確認されます。',
  'policy.rule.C10':
    'エージェントが外部のシステムにアクセスする（openWorldHint: true）読み取り専用の標準 MCP ツールを呼び出します。呼び出しは毎回確認されます。',
  'policy.rule.C11':
    '読み取り専用を申告している標準の MCP ツール（readOnlyHint: true、サーバーの申告）です。記憶を選ぶまで確認されます。',
  'policy.rule.C12':
    'アプリが自分を開いたツールを画面の更新のために呼び出します。この画面について記憶するまで確認されます。',
};
