/**
 * Colour arithmetic for the theme: parsing, WCAG 2.1 contrast, contrast-driven adaptation and
 * colour scales. Pure (no DOM), so the token tables, the brand adapter, the A11yHelper and the
 * tests all share one definition of "contrast".
 */

/** An sRGB colour with channels 0–255 and alpha 0–1. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Hue 0–360, saturation and lightness 0–1. */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function channel(text: string, scale: number): number {
  const t = text.trim();
  return t.endsWith('%') ? (parseFloat(t) / 100) * scale : parseFloat(t);
}

function alphaOf(text: string | undefined): number {
  if (text === undefined) return 1;
  const t = text.trim();
  return clamp(t.endsWith('%') ? parseFloat(t) / 100 : parseFloat(t), 0, 1);
}

/**
 * Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` and `hsl()`/`hsla()` in both
 * comma and space syntax. Returns undefined for anything else (named colours are resolved by the
 * Theme service, which has a DOM).
 */
export function parseColor(color: string): Rgb | undefined {
  const c = String(color).trim().toLowerCase();
  let m = /^#([0-9a-f]{3,4})$/.exec(c);
  if (m) {
    const [r, g, b, a] = [...m[1]!].map((h) => parseInt(h + h, 16));
    return { r: r!, g: g!, b: b!, a: a === undefined ? 1 : a / 255 };
  }
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(c);
  if (m) {
    const hex = m[1]!;
    return {
      r: parseInt(hex.slice(0, 2), 16),
      g: parseInt(hex.slice(2, 4), 16),
      b: parseInt(hex.slice(4, 6), 16),
      a: m[2] ? parseInt(m[2], 16) / 255 : 1,
    };
  }
  m = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(c);
  if (!m) return undefined;
  const parts = m[2]!.includes(',')
    ? m[2]!.split(',')
    : m[2]!
        .replace(/\s*\/\s*/, ' / ')
        .split(/\s+/)
        .filter((p) => p !== '/');
  if (parts.length < 3 || parts.length > 4 || parts.some((p) => !/^\s*-?[\d.]+(%|deg)?\s*$/.test(p))) return undefined;
  const alpha = alphaOf(parts[3]);
  if (m[1]!.startsWith('rgb')) {
    const [r, g, b] = parts.slice(0, 3).map((p) => clamp(Math.round(channel(p, 255)), 0, 255));
    return { r: r!, g: g!, b: b!, a: alpha };
  }
  const h = parseFloat(parts[0]!);
  const s = clamp(parseFloat(parts[1]!) / 100, 0, 1);
  const l = clamp(parseFloat(parts[2]!) / 100, 0, 1);
  return { ...hslToRgb({ h, s, l }), a: alpha };
}

/** `#rrggbb` (alpha dropped: tokens are opaque). */
export function toHex(rgb: Pick<Rgb, 'r' | 'g' | 'b'>): string {
  return `#${[rgb.r, rgb.g, rgb.b].map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('')}`;
}

/** sRGB → HSL. */
export function rgbToHsl({ r, g, b }: Pick<Rgb, 'r' | 'g' | 'b'>): Hsl {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === R) h = ((G - B) / d) % 6;
  else if (max === G) h = (B - R) / d + 2;
  else h = (R - G) / d + 4;
  return { h: (h * 60 + 360) % 360, s: clamp(s, 0, 1), l };
}

/** HSL → sRGB (0–255, unrounded). */
export function hslToRgb({ h, s, l }: Hsl): Pick<Rgb, 'r' | 'g' | 'b'> {
  const C = (1 - Math.abs(2 * l - 1)) * s;
  const hp = (((h % 360) + 360) % 360) / 60;
  const X = C * (1 - Math.abs((hp % 2) - 1));
  const [r1, g1, b1] =
    hp < 1 ? [C, X, 0] : hp < 2 ? [X, C, 0] : hp < 3 ? [0, C, X] : hp < 4 ? [0, X, C] : hp < 5 ? [X, 0, C] : [C, 0, X];
  const m = l - C / 2;
  return { r: (r1! + m) * 255, g: (g1! + m) * 255, b: (b1! + m) * 255 };
}

/** WCAG 2.1 relative luminance of a colour; NaN when it cannot be parsed. */
export function luminance(color: string | Rgb): number {
  const rgb = typeof color === 'string' ? parseColor(color) : color;
  if (!rgb) return Number.NaN;
  const lin = [rgb.r, rgb.g, rgb.b].map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}

/** Composites a translucent colour over an opaque background (what the eye sees). */
export function flatten(fg: Rgb, bg: Rgb): Rgb {
  const a = fg.a;
  return { r: fg.r * a + bg.r * (1 - a), g: fg.g * a + bg.g * (1 - a), b: fg.b * a + bg.b * (1 - a), a: 1 };
}

/** WCAG 2.1 contrast ratio (1–21) between two colours; NaN when either cannot be parsed. */
export function contrastRatio(a: string, b: string): number {
  const bg = parseColor(b);
  const fgRaw = parseColor(a);
  if (!bg || !fgRaw) return Number.NaN;
  const fg = fgRaw.a < 1 ? flatten(fgRaw, bg) : fgRaw;
  const la = luminance(fg);
  const lb = luminance(bg);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** Options of {@link adaptToContrast} (MCP-WP-5.5.2 ColorAdaptationOptions plus the background). */
export interface AdaptOptions {
  /** The colour the result must stand out against. */
  against: string;
  /** Minimum WCAG ratio; default 4.5 (AA text). */
  targetContrast?: number;
  /** Keep hue and saturation, change only lightness (default true). */
  preserveHue?: boolean;
  /** Lightness shift before adapting, −1 (darker) … 1 (lighter). */
  intensity?: number;
}

function withLightness(hsl: Hsl, l: number): string {
  return toHex(hslToRgb({ ...hsl, l: clamp(l, 0, 1) }));
}

/** Smallest lightness change (towards `towards`: 0 or 1) that reaches `target`, or undefined. */
function searchLightness(hsl: Hsl, bg: string, target: number, towards: 0 | 1): string | undefined {
  const extreme = withLightness(hsl, towards);
  if (contrastRatio(extreme, bg) < target) return undefined;
  let lo = hsl.l;
  let hi: number = towards;
  // Binary search on lightness; contrast grows monotonically as we move away from the background.
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio(withLightness(hsl, mid), bg) >= target) hi = mid;
    else lo = mid;
  }
  const result = withLightness(hsl, hi);
  // Rounding to 8-bit channels can land a hair under the target; nudge one step further.
  if (contrastRatio(result, bg) >= target) return result;
  return withLightness(hsl, hi + (towards === 1 ? 0.004 : -0.004));
}

function distance(a: string, b: string): number {
  const x = parseColor(a)!;
  const y = parseColor(b)!;
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
}

/**
 * The colour closest to `color` that reaches `targetContrast` against `against`. With
 * `preserveHue` (default) only HSL lightness moves, away from the background first; without it the
 * nearest passing candidate in either direction wins. Returns the input (as hex) when it already passes.
 */
export function adaptToContrast(color: string, options: AdaptOptions): string {
  const rgb = parseColor(color);
  const bgRgb = parseColor(options.against);
  if (!rgb || !bgRgb) return color;
  const bg = toHex(bgRgb);
  const target = options.targetContrast ?? 4.5;
  let hsl = rgbToHsl(rgb.a < 1 ? flatten(rgb, bgRgb) : rgb);
  const intensity = clamp(options.intensity ?? 0, -1, 1);
  if (intensity !== 0) hsl = { ...hsl, l: intensity > 0 ? hsl.l + (1 - hsl.l) * intensity : hsl.l + hsl.l * intensity };
  const start = withLightness(hsl, hsl.l);
  if (contrastRatio(start, bg) >= target) return start;
  const bgIsLight = luminance(bg) > 0.18;
  const away: 0 | 1 = bgIsLight ? 0 : 1;
  const first = searchLightness(hsl, bg, target, away);
  const second = searchLightness(hsl, bg, target, away === 0 ? 1 : 0);
  if (options.preserveHue !== false) return first ?? second ?? (bgIsLight ? '#000000' : '#ffffff');
  const candidates = [first, second].filter((c): c is string => c !== undefined);
  if (candidates.length === 0) return bgIsLight ? '#000000' : '#ffffff';
  return candidates.sort((a, b) => distance(a, start) - distance(b, start))[0]!;
}

/** Black or white, whichever contrasts more with `background`. */
export function bestTextOn(background: string): string {
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

/**
 * `steps` colours from lightest to darkest with `baseColor` in the middle (MCP-WP-5.5.7):
 * lighter tints above it, darker shades below, hue and saturation kept.
 */
export function colorScale(baseColor: string, steps = 5): string[] {
  const rgb = parseColor(baseColor);
  if (!rgb) return [];
  const n = Math.max(1, Math.floor(steps));
  const hsl = rgbToHsl(rgb);
  if (n === 1) return [toHex(rgb)];
  const mid = Math.floor((n - 1) / 2);
  const lightest = Math.max(hsl.l, 0.96);
  const darkest = Math.min(hsl.l, 0.12);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i === mid) out.push(toHex(rgb));
    else if (i < mid) out.push(withLightness(hsl, lightest + ((hsl.l - lightest) * i) / mid));
    else out.push(withLightness(hsl, hsl.l + ((darkest - hsl.l) * (i - mid)) / (n - 1 - mid)));
  }
  return out;
}

/** Reduces saturation by `amount` (0–1), keeping hue and lightness. */
export function desaturate(color: string, amount: number): string {
  const rgb = parseColor(color);
  if (!rgb) return color;
  const hsl = rgbToHsl(rgb);
  return toHex(hslToRgb({ ...hsl, s: hsl.s * (1 - clamp(amount, 0, 1)) }));
}

/** True for a colour with visible hue (greys are left alone by colour-scheme transforms). */
export function isChromatic(color: string): boolean {
  const rgb = parseColor(color);
  return rgb ? rgbToHsl(rgb).s > 0.08 : false;
}

/** Ratio rounded down to one decimal, as users read it ("4.4:1" must not become "4.5:1"). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}
