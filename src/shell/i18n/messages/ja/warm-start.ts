import type { I18nMessage } from '../../../../core/shared/types.js';
import type { warmStart as en } from '../en/warm-start.js';

/** Japanese strings of the shell: a server whose process is still starting (warm servers). */
export const warmStart: Record<keyof typeof en, I18nMessage> = {
  'card.starting': '{name} を起動中\u2026(ゲートウェイがプロセスを起動しましたが、まだ応答がありません)',
};
