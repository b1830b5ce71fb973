import type { I18nMessage } from '../../../../core/shared/types.js';
import type { listProblems as en } from '../en/list-problems.js';

/** Japanese strings of the shell: the card’s warning about list entries it cannot use. */
export const listProblems: Record<keyof typeof en, I18nMessage> = {
  'listProblems.warning': '警告:',
  'listProblems.intro':
    '{server} がダッシュボードで使えない一覧項目を送ってきました。サーバーのその他の部分は動作します。',
  'listProblems.help': 'このサーバーの管理者に伝えてください。修正されたら「更新」を選んでください。',
  'listProblems.kind.tools': 'ツール',
  'listProblems.kind.resources': 'リソース',
  'listProblems.kind.resourceTemplates': 'リソーステンプレート',
  'listProblems.kind.prompts': 'プロンプト',
};
