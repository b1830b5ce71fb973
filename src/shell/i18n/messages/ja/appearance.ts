import type { I18nMessage } from '../../../../core/shared/types.js';
import type { appearance as en } from '../en/appearance.js';

/** Japanese strings of the shell: the Appearance panel: mode, colour scheme, text size, motion. */
export const appearance: Record<keyof typeof en, I18nMessage> = {
  'mode.light': 'ライト',
  'mode.dark': 'ダーク',
  'mode.high-contrast': 'ハイコントラスト',
  'mode.auto': '自動（システム設定に従う）',
  'scheme.vibrant': '鮮やか',
  'scheme.muted': '落ち着いた色',
  'scheme.accessible': 'アクセシブル（文字のコントラスト 7:1）',
  'size.small': '小',
  'size.medium': '中（ブラウザーの既定）',
  'size.large': '大',
  'size.x-large': '特大',
  'motion.system': 'システム設定に従う',
  'motion.reduce': '動きを減らす',
  'panel.title': '表示設定',
  'panel.opened': '表示設定',
  'panel.mode': 'モード',
  'panel.modeNow': '現在の表示: {mode}',
  'panel.scheme': '配色',
  'panel.text': '文字',
  'panel.textSize': '文字サイズ',
  'panel.screenReader': 'スクリーンリーダーを使っています',
  'panel.motion': '動き',
  'panel.close': '閉じる',
};
