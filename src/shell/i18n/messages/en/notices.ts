import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: host notices (blocked widget operations). */
export const notices = {
  'notices.label': 'Notices',
  'notices.blocked': 'Blocked',
  'notices.violationDefault': 'A widget tried something it is not allowed to do.',
  'notices.denied': 'Widget "{widget}" is not allowed to use "{operation}".',
  'notices.dismiss': 'Dismiss',
  'notices.dismissLabel': 'Dismiss: {title}',
} satisfies Record<string, I18nMessage>;
