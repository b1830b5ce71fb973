import type { I18nMessage } from '../../../../core/shared/types.js';
import type { notices as en } from '../en/notices.js';

/** Japanese strings of the shell: host notices (blocked widget operations). */
export const notices: Record<keyof typeof en, I18nMessage> = {
  'notices.label': 'お知らせ',
  'notices.blocked': 'ブロックしました',
  'notices.violationDefault': 'ウィジェットが許可されていない操作をしようとしました。',
  'notices.denied': 'ウィジェット「{widget}」には「{operation}」の使用が許可されていません。',
  'notices.dismiss': '閉じる',
  'notices.dismissLabel': '閉じる: {title}',
};
