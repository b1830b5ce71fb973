import { PALETTE, resolvePaletteRef, type PaletteRef } from './palette.js';

/** The modes the host renders. `auto` is a preference that resolves to one of these. */
export type ThemeMode = 'light' | 'dark' | 'high-contrast';

/** Names of the 18 base tokens (MCP-WP-5.5.3, required). */
export const BASE_TOKEN_NAMES = [
  '--mcp-primary-color',
  '--mcp-secondary-color',
  '--mcp-background',
  '--mcp-surface',
  '--mcp-text-primary',
  '--mcp-text-secondary',
  '--mcp-border',
  '--mcp-spacing-sm',
  '--mcp-spacing-md',
  '--mcp-spacing-lg',
  '--mcp-spacing-xl',
  '--mcp-font-family',
  '--mcp-font-size-sm',
  '--mcp-font-size-md',
  '--mcp-font-size-lg',
  '--mcp-radius-sm',
  '--mcp-radius-md',
  '--mcp-radius-lg',
] as const;

const ACCENTS = [1, 2, 3, 4, 5].map((i) => `--mcp-accent-${i}`);
const DATA = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => `--mcp-data-${i}`);
const SEMANTIC = ['success', 'warning', 'error', 'info'].flatMap((s) =>
  ['light', 'medium', 'dark'].map((v) => `--mcp-${s}-${v}`),
);

/**
 * Names of the 42 extended tokens. MCP-WP-5.5.3 names 27 of them (5 accent, 10 data, 12 semantic
 * gradient); its count of 42 is completed with the 15 that §6.4 (spacing.xs, typography.lineHeight)
 * and accessible chrome need: text on primary/secondary, focus ring, links, raised surfaces,
 * disabled text, dialog overlay, monospace and heading type, shadows, pill radius and motion.
 */
export const EXTENDED_TOKEN_NAMES = [
  ...ACCENTS,
  ...DATA,
  ...SEMANTIC,
  '--mcp-spacing-xs',
  '--mcp-line-height',
  '--mcp-font-family-mono',
  '--mcp-font-size-xl',
  '--mcp-on-primary',
  '--mcp-on-secondary',
  '--mcp-focus-ring',
  '--mcp-link-color',
  '--mcp-surface-raised',
  '--mcp-text-disabled',
  '--mcp-overlay',
  '--mcp-shadow-sm',
  '--mcp-shadow-md',
  '--mcp-radius-full',
  '--mcp-motion-duration',
] as const;

/** All 60 token names. */
export const TOKEN_NAMES: readonly string[] = [...BASE_TOKEN_NAMES, ...EXTENDED_TOKEN_NAMES];

/** Tokens whose value is a colour (the ones contrast rules and colour schemes act on). */
export const COLOR_TOKEN_NAMES: readonly string[] = TOKEN_NAMES.filter(
  (n) => !/(spacing|font|radius|line-height|shadow|motion|overlay)/.test(n),
);

/** The system font stack used when no brand font is set. */
export const DEFAULT_FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans JP", sans-serif';
/** The default monospace stack. */
export const DEFAULT_MONO_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Noto Sans Mono", monospace';

/**
 * The sizes (the same in every mode; a brand may set any of `SCALE_TOKENS`): the type scale, the
 * spacing scale, radii and the components' measures. The `xs`/`2xl` steps, the tight line height, the
 * weights and the component measures are the dashboard's own, beyond MCP-WP's 60 tokens.
 */
const shared: Record<string, string> = {
  '--mcp-font-family': DEFAULT_FONT_FAMILY,
  '--mcp-font-family-mono': DEFAULT_MONO_FAMILY,
  '--mcp-font-size-xs': '0.75rem',
  '--mcp-font-size-sm': '0.8125rem',
  '--mcp-font-size-md': '0.875rem',
  '--mcp-font-size-lg': '1rem',
  '--mcp-font-size-xl': '1.25rem',
  '--mcp-font-size-2xl': '1.5rem',
  '--mcp-line-height': '1.5',
  '--mcp-line-height-tight': '1.25',
  '--mcp-font-weight-medium': '600',
  '--mcp-font-weight-bold': '700',
  '--mcp-spacing-xs': '0.125rem',
  '--mcp-spacing-sm': '0.25rem',
  '--mcp-spacing-md': '0.5rem',
  '--mcp-spacing-lg': '1rem',
  '--mcp-spacing-xl': '1.5rem',
  '--mcp-spacing-2xl': '2rem',
  '--mcp-radius-sm': '2px',
  '--mcp-radius-md': '4px',
  '--mcp-radius-lg': '8px',
  '--mcp-radius-full': '9999px',
  '--mcp-control-height': '2rem',
  '--mcp-control-height-sm': '1.75rem',
  '--mcp-icon-size': '1.125rem',
  '--mcp-focus-ring-width': '3px',
  '--mcp-focus-ring-offset': '2px',
  '--mcp-motion-duration': '150ms',
};

/** Semantic tokens per mode, as references into the palette layer. */
export const SEMANTIC_MAP: Record<ThemeMode, Record<string, PaletteRef>> = {
  light: {
    '--mcp-primary-color': 'azure.700',
    '--mcp-on-primary': 'neutral.0',
    '--mcp-secondary-color': 'slate.600',
    '--mcp-on-secondary': 'neutral.0',
    '--mcp-background': 'neutral.0',
    '--mcp-surface': 'neutral.50',
    '--mcp-surface-raised': 'neutral.0',
    '--mcp-text-primary': 'neutral.850',
    '--mcp-text-secondary': 'neutral.600',
    '--mcp-text-disabled': 'neutral.500',
    '--mcp-border': 'neutral.450',
    '--mcp-focus-ring': 'azure.700',
    '--mcp-link-color': 'azure.700',
    '--mcp-overlay': 'rgb(0 0 0 / 0.5)',
    '--mcp-shadow-sm': '0 1px 2px rgb(0 0 0 / 0.12)',
    '--mcp-shadow-md': '0 4px 12px rgb(0 0 0 / 0.18)',
    '--mcp-accent-1': 'indigo.600',
    '--mcp-accent-2': 'violet.600',
    '--mcp-accent-3': 'pink.600',
    '--mcp-accent-4': 'amber.700',
    '--mcp-accent-5': 'emerald.700',
    '--mcp-data-1': 'blue.600',
    '--mcp-data-2': 'red.600',
    '--mcp-data-3': 'emerald.700',
    '--mcp-data-4': 'amber.700',
    '--mcp-data-5': 'violet.600',
    '--mcp-data-6': 'pink.600',
    '--mcp-data-7': 'teal.700',
    '--mcp-data-8': 'orange.700',
    '--mcp-data-9': 'indigo.600',
    '--mcp-data-10': 'cyan.700',
    '--mcp-success-light': 'emerald.100',
    '--mcp-success-medium': 'emerald.700',
    '--mcp-success-dark': 'emerald.800',
    '--mcp-warning-light': 'amber.100',
    '--mcp-warning-medium': 'amber.700',
    '--mcp-warning-dark': 'amber.800',
    '--mcp-error-light': 'red.100',
    '--mcp-error-medium': 'red.600',
    '--mcp-error-dark': 'red.800',
    '--mcp-info-light': 'blue.100',
    '--mcp-info-medium': 'blue.600',
    '--mcp-info-dark': 'blue.800',
  },
  dark: {
    '--mcp-primary-color': 'azure.300',
    '--mcp-on-primary': 'azure.950',
    '--mcp-secondary-color': 'slate.300',
    '--mcp-on-secondary': 'neutral.900',
    '--mcp-background': 'neutral.900',
    '--mcp-surface': 'neutral.800',
    '--mcp-surface-raised': 'neutral.750',
    '--mcp-text-primary': '#e8ecf0',
    '--mcp-text-secondary': 'neutral.300',
    '--mcp-text-disabled': 'neutral.400',
    '--mcp-border': 'neutral.400',
    '--mcp-focus-ring': 'azure.300',
    '--mcp-link-color': 'azure.300',
    '--mcp-overlay': 'rgb(0 0 0 / 0.7)',
    '--mcp-shadow-sm': '0 1px 2px rgb(0 0 0 / 0.5)',
    '--mcp-shadow-md': '0 4px 12px rgb(0 0 0 / 0.6)',
    '--mcp-accent-1': 'indigo.400',
    '--mcp-accent-2': 'violet.400',
    '--mcp-accent-3': 'pink.400',
    '--mcp-accent-4': 'amber.400',
    '--mcp-accent-5': 'emerald.400',
    '--mcp-data-1': 'blue.400',
    '--mcp-data-2': 'red.400',
    '--mcp-data-3': 'emerald.400',
    '--mcp-data-4': 'amber.400',
    '--mcp-data-5': 'violet.400',
    '--mcp-data-6': 'pink.400',
    '--mcp-data-7': 'teal.400',
    '--mcp-data-8': 'orange.400',
    '--mcp-data-9': 'indigo.400',
    '--mcp-data-10': 'cyan.400',
    '--mcp-success-light': 'emerald.950',
    '--mcp-success-medium': 'emerald.500',
    '--mcp-success-dark': 'emerald.300',
    '--mcp-warning-light': 'amber.950',
    '--mcp-warning-medium': 'amber.500',
    '--mcp-warning-dark': 'amber.300',
    '--mcp-error-light': 'red.950',
    '--mcp-error-medium': 'red.400',
    '--mcp-error-dark': 'red.300',
    '--mcp-info-light': 'blue.950',
    '--mcp-info-medium': 'blue.400',
    '--mcp-info-dark': 'blue.300',
  },
  'high-contrast': {
    '--mcp-primary-color': 'signal.yellow',
    '--mcp-on-primary': 'neutral.1000',
    '--mcp-secondary-color': 'signal.cyan',
    '--mcp-on-secondary': 'neutral.1000',
    '--mcp-background': 'neutral.1000',
    '--mcp-surface': 'neutral.1000',
    '--mcp-surface-raised': 'neutral.1000',
    '--mcp-text-primary': 'neutral.0',
    '--mcp-text-secondary': 'neutral.0',
    '--mcp-text-disabled': 'signal.silver',
    '--mcp-border': 'neutral.0',
    '--mcp-focus-ring': 'signal.yellow',
    '--mcp-link-color': 'signal.yellow',
    '--mcp-overlay': 'rgb(0 0 0 / 0.85)',
    '--mcp-shadow-sm': 'none',
    '--mcp-shadow-md': 'none',
    '--mcp-accent-1': 'signal.indigo',
    '--mcp-accent-2': 'signal.violet',
    '--mcp-accent-3': 'signal.pink',
    '--mcp-accent-4': 'signal.amber',
    '--mcp-accent-5': 'signal.green',
    '--mcp-data-1': 'signal.blue',
    '--mcp-data-2': 'signal.red',
    '--mcp-data-3': 'signal.green',
    '--mcp-data-4': 'signal.amber',
    '--mcp-data-5': 'signal.violet',
    '--mcp-data-6': 'signal.pink',
    '--mcp-data-7': 'signal.teal',
    '--mcp-data-8': 'signal.orange',
    '--mcp-data-9': 'signal.indigo',
    '--mcp-data-10': 'signal.cyan',
    '--mcp-success-light': 'neutral.1000',
    '--mcp-success-medium': 'signal.green',
    '--mcp-success-dark': 'signal.green',
    '--mcp-warning-light': 'neutral.1000',
    '--mcp-warning-medium': 'signal.amber',
    '--mcp-warning-dark': 'signal.amber',
    '--mcp-error-light': 'neutral.1000',
    '--mcp-error-medium': 'signal.red',
    '--mcp-error-dark': 'signal.red',
    '--mcp-info-light': 'neutral.1000',
    '--mcp-info-medium': 'signal.sky',
    '--mcp-info-dark': 'signal.sky',
  },
};

/** Resolves a mode's semantic map against a palette into concrete token values. */
export function resolveTokens(
  mode: ThemeMode,
  palette: Record<string, Record<string | number, string>> = PALETTE,
): Record<string, string> {
  const out: Record<string, string> = { ...shared };
  for (const [name, ref] of Object.entries(SEMANTIC_MAP[mode])) out[name] = resolvePaletteRef(ref, palette);
  return out;
}

/** Token values per mode (vibrant scheme, no brand); every pair in `token-pairs.ts` meets WCAG AA. */
export const PRESETS: Record<ThemeMode, Record<string, string>> = {
  light: resolveTokens('light'),
  dark: resolveTokens('dark'),
  'high-contrast': resolveTokens('high-contrast'),
};

const NAME = /^--[a-z0-9-]+$/;
// A token value may not end the declaration or open a block/URL: no CSS injection through a brand.
const UNSAFE_VALUE = /[;{}<>\\]|url\s*\(|@import|expression\s*\(/i;

/** True when `value` can be written as a custom property value without escaping its declaration. */
export function isSafeTokenValue(value: string): boolean {
  return typeof value === 'string' && value.length <= 300 && !UNSAFE_VALUE.test(value);
}

/** CSS text declaring `tokens` on `selector` (names and values that could escape are dropped). */
export function tokensToCss(tokens: Record<string, string>, selector = ':host', extra = ''): string {
  const body = Object.entries(tokens)
    .filter(([name, value]) => NAME.test(name) && isSafeTokenValue(value))
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
  return `${selector} { ${extra}${body} }`;
}
