/**
 * The palette layer: raw colour ramps, named by hue and step. Nothing renders a palette colour
 * directly; the semantic `--mcp-*` tokens in `tokens.ts` pick from here per mode, and a brand adds
 * ramps of its own (`generateColorScale`) before the semantic layer is rebuilt.
 */

/** A ramp: step → colour, light (50) to dark (950). */
export type Ramp = Readonly<Record<number, string>>;

/** The built-in ramps. Values follow widely used UI palettes, tuned where a WCAG pair needed it. */
export const PALETTE = {
  neutral: {
    0: '#ffffff',
    50: '#f4f6f8',
    100: '#e9edf1',
    200: '#d5dbe1',
    300: '#b3bcc6',
    400: '#8c959f',
    450: '#737d88',
    500: '#6b7580',
    600: '#4d5661',
    700: '#3a424b',
    750: '#272d33',
    800: '#1f2429',
    850: '#1b1f24',
    900: '#14171b',
    1000: '#000000',
  },
  azure: {
    50: '#e8f1fb',
    100: '#cfe2f7',
    300: '#7cb7ff',
    400: '#5aa2f5',
    600: '#1a6dc2',
    700: '#0b5cad',
    800: '#0a4a8a',
    950: '#0b1520',
  },
  slate: { 300: '#a9b4c0', 600: '#525c67', 700: '#3f4852' },
  blue: {
    50: '#eff6ff',
    100: '#dbeafe',
    300: '#93c5fd',
    400: '#60a5fa',
    500: '#3b82f6',
    600: '#2563eb',
    700: '#1d4ed8',
    800: '#1e40af',
    950: '#172554',
  },
  indigo: { 300: '#a5b4fc', 400: '#818cf8', 500: '#6366f1', 600: '#4f46e5', 700: '#4338ca' },
  violet: { 300: '#c4b5fd', 400: '#a78bfa', 500: '#8b5cf6', 600: '#7c3aed', 700: '#6d28d9' },
  pink: { 300: '#f9a8d4', 400: '#f472b6', 500: '#ec4899', 600: '#db2777', 700: '#be185d' },
  amber: {
    100: '#fef3c7',
    300: '#fcd34d',
    400: '#fbbf24',
    500: '#f59e0b',
    600: '#d97706',
    700: '#b45309',
    800: '#92400e',
    950: '#451a03',
  },
  emerald: {
    100: '#d1fae5',
    300: '#6ee7b7',
    400: '#34d399',
    500: '#10b981',
    600: '#059669',
    700: '#047857',
    800: '#065f46',
    950: '#022c22',
  },
  red: {
    100: '#fee2e2',
    300: '#fca5a5',
    400: '#f87171',
    500: '#ef4444',
    600: '#dc2626',
    700: '#b91c1c',
    800: '#991b1b',
    950: '#450a0a',
  },
  teal: { 400: '#2dd4bf', 700: '#0f766e' },
  orange: { 400: '#fb923c', 700: '#c2410c' },
  cyan: { 400: '#22d3ee', 700: '#0e7490' },
  // High-contrast colours: full-strength hues that stay ≥ 7:1 against black.
  signal: {
    yellow: '#ffff00',
    cyan: '#00ffff',
    green: '#00ff66',
    amber: '#ffcc00',
    red: '#ff7b7b',
    sky: '#66ccff',
    blue: '#80b3ff',
    violet: '#c9a0ff',
    pink: '#ff8ccb',
    teal: '#00e5cc',
    orange: '#ffa64d',
    indigo: '#a8a8ff',
    silver: '#c7c7c7',
  },
} as const satisfies Record<string, Record<string | number, string>>;

/** A reference into the palette, e.g. `emerald.800`, or a literal CSS value. */
export type PaletteRef = `${keyof typeof PALETTE}.${string}` | `#${string}` | `rgb(${string}` | string;

/** Resolves `hue.step` to its colour; anything else is returned as written. */
export function resolvePaletteRef(
  ref: PaletteRef,
  palette: Record<string, Record<string | number, string>> = PALETTE,
): string {
  const m = /^([a-z]+)\.([a-z0-9]+)$/.exec(ref);
  if (!m) return ref;
  const value = palette[m[1]!]?.[m[2]!];
  if (value === undefined) throw new Error(`Unknown palette colour "${ref}"`);
  return value;
}
