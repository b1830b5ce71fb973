import type { I18nMessage } from '../../../core/shared/types.js';

/** English strings of a status tile's health line, loaded with it (health-line.ts). */
const en = {
  'health.calls': { one: '{count} call', other: '{count} calls' },
  'health.errors': { one: '{count} error', other: '{count} errors' },
  'health.noErrors': 'no errors',
  'health.summary': '{calls} \u00b7 {errors} \u00b7 last hour',
  'health.partial': '{calls} \u00b7 {errors} \u00b7 last hour (latest {limit} events)',
  'health.none': 'No calls in the last hour',
  'health.latency': 'Latency over the last hour: median {median}, slowest {slowest}',
} satisfies Record<string, I18nMessage>;

/** Japanese strings of the health line. */
const ja = {
  'health.calls': { other: '呼び出し {count} 件' },
  'health.errors': { other: 'エラー {count} 件' },
  'health.noErrors': 'エラーなし',
  'health.summary': '直近 1 時間: {calls} · {errors}',
  'health.partial': '直近 1 時間: {calls} · {errors}(最新 {limit} 件の記録から)',
  'health.none': '直近 1 時間の呼び出しはありません',
  'health.latency': '直近 1 時間のレイテンシ: 中央値 {median}、最長 {slowest}',
} satisfies Record<string, I18nMessage>;

/** The health line's strings: not in the start-up bundle; added to the shell's catalogs when it loads. */
export const HEALTH_CATALOGS = { en, ja };
