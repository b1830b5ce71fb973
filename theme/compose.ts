import type { Brand } from '../src/core/shared/brand/brand-schema.js';
import { bestTextOn, desaturate, formatRatio, isChromatic } from './color.js';
import { enforcePairs, type Adjustment } from './token-pairs.js';
import { COLOR_TOKEN_NAMES, DEFAULT_MONO_FAMILY, PRESETS, type ThemeMode } from './tokens.js';

/** Colour intensity (MCP-WP-5.5.2 getColorScheme, 6.4.1 colorScheme). */
export type ColorScheme = 'vibrant' | 'muted' | 'accessible';

/** Everything a theme is computed from. */
export interface ThemeInput {
  mode: ThemeMode;
  colorScheme?: ColorScheme;
  brand?: Brand | null;
  /** The user asked for reduced motion in the dashboard (the media query is handled in CSS too). */
  reducedMotion?: boolean;
}

/** A brand colour the theme had to change, and why, in words a user can act on. */
export interface BrandAdaptation {
  mode: ThemeMode;
  token: string;
  /** The brand's colour and the colour used instead. */
  from: string;
  to: string;
  /** The colour it was measured against, the ratio it had, and the ratio it needs. */
  against: string;
  againstToken: string;
  /** Text (4.5:1, or 7:1 for AAA) or UI parts and graphics (3:1). */
  kind: 'text' | 'ui';
  ratio: number;
  minimum: number;
  use: string;
  reason: string;
}

/** The computed theme: token values plus the brand adaptations (empty without a brand). */
export interface ComposedTheme {
  tokens: Record<string, string>;
  adaptations: BrandAdaptation[];
}

/** Tokens a brand sets; anything else stays as the mode defines it. */
export const BRAND_TOKENS = [
  '--mcp-primary-color',
  '--mcp-focus-ring',
  '--mcp-link-color',
  '--mcp-on-primary',
  '--mcp-secondary-color',
  '--mcp-on-secondary',
];

const MUTE = 0.5;

function brandColor(brand: Brand, mode: ThemeMode, key: 'primary' | 'secondary'): string | undefined {
  if (mode === 'dark') return brand.colors?.dark?.[key] ?? brand.colors?.[key];
  return brand.colors?.[key];
}

function describe(adjustment: Adjustment, mode: ThemeMode): BrandAdaptation {
  const f = adjustment.failure;
  const need = f.kind === 'text' ? 'text needs' : 'controls and focus outlines need';
  // A fill that moved for the text on it was measured against that text, not against itself.
  const fillMoved = adjustment.token === f.bg;
  const against = fillMoved ? f.fgValue : f.bgValue;
  const againstToken = fillMoved ? f.fg : f.bg;
  return {
    mode,
    token: adjustment.token,
    from: adjustment.from,
    to: adjustment.to,
    kind: f.kind,
    against,
    againstToken,
    ratio: f.ratio,
    minimum: f.minimum,
    use: f.use,
    reason: `${formatRatio(f.ratio)} against ${against} (${againstToken}); ${f.use}: ${need} at least ${f.minimum}:1`,
  };
}

/**
 * Computes a theme: the mode's preset (palette → semantic tokens), the brand's colours and fonts
 * on top, then the colour scheme, then every token pair raised to its WCAG minimum (AA; AAA text for
 * `accessible` and for `high-contrast`). Brand colours that had to move are reported.
 * High-contrast keeps its own colours (its users chose them over any brand); brand fonts and sizes still apply.
 */
export function composeTheme(input: ThemeInput): ComposedTheme {
  const scheme = input.colorScheme ?? 'vibrant';
  const tokens: Record<string, string> = { ...PRESETS[input.mode] };
  const brand = input.brand ?? undefined;
  const branded = new Map<string, string>();
  if (brand) {
    if (brand.fonts?.body) tokens['--mcp-font-family'] = brand.fonts.body;
    if (brand.fonts?.mono) tokens['--mcp-font-family-mono'] = `${brand.fonts.mono}, ${DEFAULT_MONO_FAMILY}`;
    // Sizes apply in every mode, high contrast included (the brand schema lets through only size tokens).
    for (const [name, value] of Object.entries(brand.tokens ?? {}))
      if (/^--mcp-(font-size|line-height|font-weight|spacing|radius|control|icon|focus-ring-)/.test(name))
        tokens[name] = value;
    if (input.mode !== 'high-contrast') {
      const primary = brandColor(brand, input.mode, 'primary');
      const secondary = brandColor(brand, input.mode, 'secondary');
      if (primary) {
        for (const t of ['--mcp-primary-color', '--mcp-focus-ring', '--mcp-link-color'])
          branded.set(t, primary.toLowerCase());
      }
      if (secondary) branded.set('--mcp-secondary-color', secondary.toLowerCase());
    }
  }
  for (const [t, v] of branded) tokens[t] = v;
  if (scheme === 'muted') {
    for (const name of COLOR_TOKEN_NAMES) {
      const value = tokens[name]!;
      if (isChromatic(value) && !/background|surface/.test(name)) tokens[name] = desaturate(value, MUTE);
    }
  }
  // Text on a brand fill is black or white, whichever reads better, before pairs are enforced.
  if (branded.has('--mcp-primary-color')) tokens['--mcp-on-primary'] = bestTextOn(tokens['--mcp-primary-color']!);
  if (branded.has('--mcp-secondary-color')) tokens['--mcp-on-secondary'] = bestTextOn(tokens['--mcp-secondary-color']!);
  const level = scheme === 'accessible' || input.mode === 'high-contrast' ? 'AAA' : 'AA';
  const enforced = enforcePairs(tokens, level);
  if (input.reducedMotion) enforced.tokens['--mcp-motion-duration'] = '0ms';
  const adaptations: BrandAdaptation[] = [];
  for (const adjustment of enforced.adjustments) {
    const original = branded.get(adjustment.token);
    if (original !== undefined) adaptations.push(describe({ ...adjustment, from: original }, input.mode));
  }
  return { tokens: enforced.tokens, adaptations };
}

/** Adaptations a brand needs in light and dark mode (what the Theme panel lists). */
export function brandReport(brand: Brand, colorScheme: ColorScheme = 'vibrant'): BrandAdaptation[] {
  return (['light', 'dark'] as const).flatMap((mode) => composeTheme({ mode, colorScheme, brand }).adaptations);
}
