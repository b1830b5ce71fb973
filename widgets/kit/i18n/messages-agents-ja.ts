import type { I18nMessage } from '../../../src/core/shared/types.js';
import type { agentsEn } from './messages-agents-en.js';

/** Japanese strings of the kit for the agent features: offline results and queue, widget messages, agent actions. */
export const agentsJa: Record<keyof typeof agentsEn, I18nMessage> = {
  'offline.queued':
    '送信待ち: サーバーに接続できません。この呼び出しは {position} 番目で、サーバーが戻りしだい送信されます。',
  'offline.sendWhenOnline': 'オンラインに戻ったら送信',
  'offline.sendWhenOnlineHint':
    'いま確認すると、サーバーに再び接続できしだい順番に送信されます。ほかには何も送信されません。',
  'offline.conflict': '待たせていた呼び出しが送信時に失敗しました: {message}',
  'offline.retry': 'もう一度送信',
  'offline.discard': '破棄',
  'offline.cachedLabel': 'キャッシュされた結果',
  'offline.cached': 'キャッシュされた結果（{age} 前）— サーバーに接続できませんでした',
  'offline.cachedHint': '（{time} の呼び出しの結果を保持したもの。今回は何も送信していません）',
  'messaging.fromExplorer': '{source} からのリソース:',
  'messaging.useIn': '「{field}」に使う',
  'messaging.dismiss': '閉じる',
  'messaging.useInToolBrowser': 'ツールブラウザーで使う',
  'messaging.sent': '{uri} をツールブラウザーに送りました。',
  'messaging.notSent': 'ツールブラウザーに送れませんでした: {message}',
  'messaging.noStringField': '選んだツールには、入れられるテキスト欄がありません。',
  'kind.agent': 'エージェントの操作',
  'kind.message': 'ウィジェット間メッセージ',
  'activity.byAgent': 'エージェント「{agent}」による呼び出し',
  'activity.agentStarted': 'エージェント「{agent}」がこの操作を実行しています。',
  'activity.agentDone': 'エージェント「{agent}」の操作が完了しました。',
  'activity.agentFailed': 'エージェント「{agent}」の操作が失敗しました: {reason}',
  'activity.agentRefused': 'エージェント「{agent}」の操作を拒否しました: {reason}',
  'activity.messageDelivered': '「{type}」、{bytes} バイト、{count} 件に配信',
  'activity.messageRefused': '拒否されました: {reason}',
};
