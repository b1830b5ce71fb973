import type { I18nMessage } from '../../../../core/shared/types.js';
import type { appGuardCsp as en } from '../en/app-guard-csp.js';

/** Japanese strings of what an MCP App view's content security policy blocked (loaded with the app view's code). */
export const appGuardCsp: Record<keyof typeof en, I18nMessage> = {
  'app.guard.cspConnect': 'アプリが宣言していない {from} に接続しようとしたため、ブロックしました。',
  'app.guard.cspLoad': 'アプリが宣言していない {from} から{what}を読み込もうとしたため、ブロックしました。',
  'app.guard.csp.script': 'スクリプト',
  'app.guard.csp.style': 'スタイルシート',
  'app.guard.csp.image': '画像',
  'app.guard.csp.font': 'フォント',
  'app.guard.csp.media': '音声または動画',
  'app.guard.csp.frame': 'フレーム',
  'app.guard.csp.worker': 'ワーカー',
  'app.guard.csp.other': 'コンテンツ',
};
