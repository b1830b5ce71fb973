import { adaptToContrast, contrastRatio, parseColor } from './color.js';

/** What a pair is: text must reach 4.5:1 (AA), UI parts and graphics 3:1 (WCAG 1.4.3, 1.4.11). */
export type PairKind = 'text' | 'ui';

/** A foreground token drawn on a background token somewhere in the shell, kit or widgets. */
export interface TokenPair {
  fg: string;
  bg: string;
  kind: PairKind;
  /** Where the pair appears, for the report a user reads. */
  use: string;
  /**
   * 'fill': `fg` is black-or-white text on a coloured fill (`bg`, e.g. a primary button). When it
   * fails, the text flips and the fill moves — the fill is the colour with room to move.
   */
  adjust?: 'fill';
}

const BACKGROUNDS = ['--mcp-background', '--mcp-surface', '--mcp-surface-raised'];
const STATES = ['success', 'warning', 'error', 'info'];

function on(fg: string, bgs: string[], kind: PairKind, use: string): TokenPair[] {
  return bgs.map((bg) => ({ fg, bg, kind, use }));
}

/**
 * Every pair of colour tokens used together. Order matters for {@link enforcePairs}: a token is
 * fixed as a foreground before it serves as another pair's background (primary before on-primary).
 */
export const TOKEN_PAIRS: readonly TokenPair[] = [
  ...on('--mcp-text-primary', BACKGROUNDS, 'text', 'body text'),
  ...on('--mcp-text-secondary', BACKGROUNDS, 'text', 'secondary text'),
  ...on('--mcp-link-color', BACKGROUNDS, 'text', 'links'),
  ...on('--mcp-primary-color', BACKGROUNDS, 'ui', 'primary buttons, selected tabs'),
  ...on('--mcp-secondary-color', BACKGROUNDS, 'ui', 'secondary accents'),
  ...on('--mcp-focus-ring', BACKGROUNDS, 'ui', 'keyboard focus outline'),
  ...on('--mcp-border', BACKGROUNDS, 'ui', 'input and card borders'),
  ...on('--mcp-text-disabled', ['--mcp-background', '--mcp-surface'], 'ui', 'disabled text'),
  { fg: '--mcp-on-primary', bg: '--mcp-primary-color', kind: 'text', use: 'text on primary buttons', adjust: 'fill' },
  {
    fg: '--mcp-on-secondary',
    bg: '--mcp-secondary-color',
    kind: 'text',
    use: 'text on secondary fills',
    adjust: 'fill',
  },
  ...STATES.flatMap((s) => [
    ...on(`--mcp-${s}-dark`, [...BACKGROUNDS, `--mcp-${s}-light`], 'text', `${s} text and banners`),
    ...on(`--mcp-${s}-medium`, ['--mcp-background', '--mcp-surface'], 'ui', `${s} icons and bars`),
    { fg: '--mcp-text-primary', bg: `--mcp-${s}-light`, kind: 'text' as const, use: `text inside ${s} banners` },
  ]),
  ...[1, 2, 3, 4, 5].flatMap((i) =>
    on(`--mcp-accent-${i}`, ['--mcp-background', '--mcp-surface'], 'ui', 'accent graphics'),
  ),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((i) =>
    on(`--mcp-data-${i}`, ['--mcp-background', '--mcp-surface'], 'ui', 'chart series'),
  ),
];

/** Minimum ratios for a level: AA (4.5 / 3) or the enhanced `accessible` scheme (7 / 3, MCP-WP-6.4.6). */
export function minimumRatio(kind: PairKind, level: 'AA' | 'AAA' = 'AA'): number {
  if (kind === 'ui') return 3;
  return level === 'AAA' ? 7 : 4.5;
}

/** One pair that misses its minimum. */
export interface PairFailure extends TokenPair {
  ratio: number;
  minimum: number;
  fgValue: string;
  bgValue: string;
}

/** Pairs in `tokens` below their minimum (the contrast test and the brand report use this). */
export function checkPairs(
  tokens: Record<string, string>,
  level: 'AA' | 'AAA' = 'AA',
  pairs: readonly TokenPair[] = TOKEN_PAIRS,
): PairFailure[] {
  const failures: PairFailure[] = [];
  for (const pair of pairs) {
    const fgValue = tokens[pair.fg];
    const bgValue = tokens[pair.bg];
    if (fgValue === undefined || bgValue === undefined) continue;
    const minimum = minimumRatio(pair.kind, level);
    const ratio = contrastRatio(fgValue, bgValue);
    if (!(ratio >= minimum)) failures.push({ ...pair, ratio, minimum, fgValue, bgValue });
  }
  return failures;
}

/** A token that {@link enforcePairs} changed, and the first pair that made it change. */
export interface Adjustment {
  token: string;
  from: string;
  to: string;
  failure: PairFailure;
}

function distance(a: string, b: string): number {
  const x = parseColor(a);
  const y = parseColor(b);
  return x && y ? Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b) : Number.POSITIVE_INFINITY;
}

/**
 * Text on a fill: tries black and white text, moves the fill (lightness only) until the text reads,
 * and keeps the candidate whose fill still passes its own pairs with the smallest change.
 */
function settleFill(
  tokens: Record<string, string>,
  pair: TokenPair,
  level: 'AA' | 'AAA',
  pairs: readonly TokenPair[],
): { text: string; fill: string } {
  const fill = tokens[pair.bg]!;
  const target = minimumRatio(pair.kind, level);
  const ownPairs = pairs.filter((p) => p.fg === pair.bg);
  const candidates = ['#ffffff', '#000000'].map((text) => {
    const moved =
      contrastRatio(text, fill) >= target
        ? fill
        : adaptToContrast(fill, { against: text, targetContrast: target + 0.05 });
    const failures = checkPairs({ ...tokens, [pair.bg]: moved }, level, ownPairs).length;
    return { text, fill: moved, failures, change: distance(moved, fill) };
  });
  candidates.sort((a, b) => a.failures - b.failures || a.change - b.change);
  return { text: candidates[0]!.text, fill: candidates[0]!.fill };
}

/**
 * Raises foreground tokens until every pair meets its minimum, changing lightness only (hue kept).
 * Backgrounds are never changed, except coloured fills under black-or-white text (`adjust: 'fill'`).
 * Returns the adjusted tokens and what changed, in pair order.
 */
export function enforcePairs(
  input: Record<string, string>,
  level: 'AA' | 'AAA' = 'AA',
  pairs: readonly TokenPair[] = TOKEN_PAIRS,
): { tokens: Record<string, string>; adjustments: Adjustment[] } {
  const tokens = { ...input };
  const adjustments = new Map<string, Adjustment>();
  const record = (token: string, from: string, to: string, failure: PairFailure) => {
    const first = adjustments.get(token);
    adjustments.set(token, { token, from: first?.from ?? from, to, failure: first?.failure ?? failure });
  };
  // Three rounds settle tokens that sit on several backgrounds (each round only moves further away).
  for (let round = 0; round < 3; round++) {
    let changed = false;
    for (const pair of pairs) {
      const [failure] = checkPairs(tokens, level, [pair]);
      if (!failure) continue;
      if (pair.adjust === 'fill') {
        const settled = settleFill(tokens, pair, level, pairs);
        if (settled.fill !== failure.bgValue) record(pair.bg, failure.bgValue, settled.fill, failure);
        if (settled.text !== failure.fgValue) record(pair.fg, failure.fgValue, settled.text, failure);
        changed ||= settled.fill !== failure.bgValue || settled.text !== failure.fgValue;
        tokens[pair.bg] = settled.fill;
        tokens[pair.fg] = settled.text;
        continue;
      }
      const to = adaptToContrast(failure.fgValue, { against: failure.bgValue, targetContrast: failure.minimum + 0.05 });
      if (to === failure.fgValue) continue;
      record(pair.fg, failure.fgValue, to, failure);
      tokens[pair.fg] = to;
      changed = true;
    }
    if (!changed) break;
  }
  return { tokens, adjustments: [...adjustments.values()] };
}
