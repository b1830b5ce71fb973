/**
 * The size tokens: the type scale, the spacing scale and the components' measures. The theme defines
 * them (`theme/tokens.ts`), the shell and the kit draw every font size, gap, control height and focus
 * ring from them, and a brand may set any of them (`brand.json` `tokens`). Pure: names and the shape
 * of a value, so the gateway and the browser validate a brand the same way.
 */

/** What a value must look like: a CSS length, a unitless line height, or a font weight. */
export type ScaleTokenKind = 'length' | 'line-height' | 'weight';

/** Every size token, in the order the docs list them. */
export const SCALE_TOKEN_NAMES: readonly string[] = [
  '--mcp-font-size-xs',
  '--mcp-font-size-sm',
  '--mcp-font-size-md',
  '--mcp-font-size-lg',
  '--mcp-font-size-xl',
  '--mcp-font-size-2xl',
  '--mcp-line-height',
  '--mcp-line-height-tight',
  '--mcp-font-weight-medium',
  '--mcp-font-weight-bold',
  '--mcp-spacing-xs',
  '--mcp-spacing-sm',
  '--mcp-spacing-md',
  '--mcp-spacing-lg',
  '--mcp-spacing-xl',
  '--mcp-spacing-2xl',
  '--mcp-radius-sm',
  '--mcp-radius-md',
  '--mcp-radius-lg',
  '--mcp-control-height',
  '--mcp-control-height-sm',
  '--mcp-icon-size',
  '--mcp-focus-ring-width',
  '--mcp-focus-ring-offset',
];

/** The kind of a size token's value, read from its name. */
export function scaleTokenKind(name: string): ScaleTokenKind {
  return name.includes('line-height') ? 'line-height' : name.includes('weight') ? 'weight' : 'length';
}

/** A length a brand may give: 0, or a positive number of rem, em or px (no calc(), no negative values). */
export const LENGTH_PATTERN = '^(?:0|(?:\\d{1,3}(?:\\.\\d{1,4})?|\\.\\d{1,4})(?:rem|em|px))$';
/** A unitless line height from 1 to 2.5. */
export const LINE_HEIGHT_PATTERN = '^(?:1(?:\\.\\d{1,3})?|2(?:\\.[0-4]\\d{0,2}|\\.5)?)$';
/** A font weight: 100, 200 … 900. */
export const WEIGHT_PATTERN = '^[1-9]00$';

/** The sentence a validation error gives for a value of this kind. */
export const SCALE_HINTS: Record<ScaleTokenKind, string> = {
  length: 'a size like "0.875rem" (a number with rem, em or px)',
  'line-height': 'a line height from 1 to 2.5 without a unit, like 1.5',
  weight: 'a font weight from 100 to 900 in hundreds, like 600',
};

const PATTERNS: Record<ScaleTokenKind, string> = {
  length: LENGTH_PATTERN,
  'line-height': LINE_HEIGHT_PATTERN,
  weight: WEIGHT_PATTERN,
};

/** The JSON Schema of `brand.json` `tokens`: known size tokens only, each in its format. */
export const scaleTokensSchema = {
  type: 'object',
  additionalProperties: false,
  properties: /* @__PURE__ */ Object.fromEntries(
    SCALE_TOKEN_NAMES.map((name) => [name, { type: 'string', pattern: PATTERNS[scaleTokenKind(name)] }]),
  ),
};
