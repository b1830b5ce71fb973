import type { I18nMessage } from '../../../src/core/shared/types.js';
import type { inputEn } from './messages-input-en.js';

/** Japanese strings of the widget kit: forms that take real input, and saving a call. */
export const inputJa: Record<keyof typeof inputEn, I18nMessage> = {
  'form.expand': '複数行',
  'form.expandLabel': '{label} を複数行で編集',
  'form.keysHint': 'Enter で改行、Ctrl+Enter（Mac では ⌘+Enter）で送信します。',
  'form.cannotShow':
    'この値は {actual} ですが、スキーマは {expected} を求めているため JSON で表示しています。ここか JSON 表示で変更してください。',
  'form.type.string': 'テキスト',
  'form.type.number': '数値',
  'form.type.integer': '整数',
  'form.type.boolean': 'true または false',
  'form.type.object': 'オブジェクト',
  'form.type.array': 'リスト',
  'form.type.null': 'null',
  'form.type.enum': '一覧にある選択肢のいずれか',
  'form.type.const': '固定値',
  'runner.save': '呼び出しを保存',
  'runner.saveHint':
    'このサーバー・ツール・引数を名前を付けて保存し、後で再実行できます（ヘッダーの「保存した呼び出し」）。',
};
