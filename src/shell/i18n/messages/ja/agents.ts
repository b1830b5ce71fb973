import type { I18nMessage } from '../../../../core/shared/types.js';
import type { agents as en } from '../en/agents.js';

/** Japanese strings of the shell: browser agents (WebMCP), agent actions, widget messages, offline queue. */
export const agents: Record<keyof typeof en, I18nMessage> = {
  'agents.switch': 'ブラウザーのエージェントにこれらのツールを使わせる',
  'agents.unavailable':
    'このブラウザーには WebMCP がありません（Chrome は --enable-features=WebMCP を付けて起動してください）。',
  'agents.off': 'オフ: ブラウザーのエージェントにツールを提供していません。',
  'agents.registered': { other: 'エージェント「{agent}」に {count} 個のツールを提供しています。' },
  'agents.notConfigured': '設定の dashboard.agents に「{agent}」がないため、プールに属するツールは提供されません。',
  'agents.failed': { other: 'ブラウザーが {count} 個のツールを拒否しました: {names}。' },
  'sampling.whyAgent':
    'ウィジェット {id} がエージェント「{agent}」のために言語モデルの返信を求めています（プロンプトはエージェントが書いたものです）。このダッシュボードにはモデルがないため、あなたがアシスタントのメッセージを書きます。送り返されるのはあなたが送信した内容だけです。',
  'audit.kind.agent-action': 'エージェントの操作',
  'audit.kind.widget-message': 'ウィジェット間メッセージ',
  'offline.conflictTitle': '「{server}」に送るため待たせていた呼び出しが、送信時に失敗しました',
  'offline.conflictBody': '{name}: {message}。ウィジェットを開いて、もう一度送るか破棄してください。',
};
