/**
 * The white-label brand file (`brand.json`) as a JSON Schema, shared by the gateway (which loads
 * it from the dashboard config) and the browser (which imports and exports it in the Theme panel).
 * Pure: no I/O, no DOM.
 */
import { SCALE_HINTS, scaleTokenKind, scaleTokensSchema } from './scale-tokens.js';

/** Brand colours; `dark` optionally gives different colours for dark mode. */
export interface BrandColors {
  primary?: string;
  secondary?: string;
}

/** What `brand.json` holds. */
export interface Brand {
  $schema?: string;
  /** Product name shown in the header and the page title instead of "MCP Dashboard". */
  name: string;
  /** Logo: a path relative to brand.json (in the file) or a `data:` URL (after loading). */
  logo?: string;
  /** Text alternative of the logo when it says more than the product name (default: decorative). */
  logoAlt?: string;
  /** Favicon: a path relative to brand.json or a `data:` URL. */
  favicon?: string;
  colors?: BrandColors & { dark?: BrandColors };
  /** CSS font-family lists (names of installed or system fonts). */
  fonts?: { body?: string; mono?: string };
  /** Size tokens (type scale, spacing, component measures; `scale-tokens.ts`) → CSS values. */
  tokens?: Record<string, string>;
  defaultMode?: 'light' | 'dark' | 'high-contrast' | 'auto';
  defaultColorScheme?: 'vibrant' | 'muted' | 'accessible';
}

/** Largest logo and favicon accepted (bytes, decoded). */
export const BRAND_IMAGE_LIMITS = { logo: 512 * 1024, favicon: 128 * 1024 } as const;

const color = { type: 'string', pattern: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' } as const;
const colors = {
  type: 'object',
  additionalProperties: false,
  properties: { primary: color, secondary: color },
} as const;
// Font lists are written into CSS: letters, digits, spaces, quotes, commas, dots and dashes only.
const fontList = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\p{L}\\p{N} ,\'"_.-]+$' } as const;
// A relative path or a base64 data URL. No scheme other than data:, no absolute or home paths.
const image = {
  type: 'string',
  minLength: 1,
  maxLength: 1_000_000,
  pattern:
    '^(?:data:image/(?:svg\\+xml|png|jpeg|gif|webp|x-icon|vnd\\.microsoft\\.icon);base64,[A-Za-z0-9+/]+={0,2}|(?![A-Za-z][A-Za-z0-9+.-]*:)(?![/\\\\~])[^\\u0000-\\u001f]+)$',
} as const;

/** JSON Schema (draft-07) of `brand.json`. */
export const brandSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://mcp-dashboard.local/schemas/brand.json',
  title: 'mcp-dashboard brand',
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    name: { type: 'string', minLength: 1, maxLength: 60, pattern: '^[^\\u0000-\\u001f<>]+$' },
    logo: image,
    logoAlt: { type: 'string', maxLength: 200 },
    favicon: image,
    colors: { ...colors, properties: { ...colors.properties, dark: colors } },
    fonts: { type: 'object', additionalProperties: false, properties: { body: fontList, mono: fontList } },
    tokens: scaleTokensSchema,
    defaultMode: { enum: ['light', 'dark', 'high-contrast', 'auto'] },
    defaultColorScheme: { enum: ['vibrant', 'muted', 'accessible'] },
  },
} as const;

/** Minimal shape of an ajv error, so this module needs no ajv import. */
export interface SchemaErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const HINTS: Record<string, string> = {
  colors: 'a colour like "#0b5cad" (3 or 6 hex digits)',
  fonts: 'a font-family list with letters, digits, spaces, quotes, commas, dots and dashes',
  logo: 'a path relative to brand.json, or a data:image/…;base64 URL',
  favicon: 'a path relative to brand.json, or a data:image/…;base64 URL',
  name: 'text without < > or control characters',
};

/** One readable line per problem: where in the JSON and what is wrong. */
export function describeBrandErrors(errors: readonly SchemaErrorLike[], prefix = ''): string[] {
  const lines: string[] = [];
  for (const e of errors) {
    const at = `${prefix}${e.instancePath}` || '(top level)';
    let line: string;
    switch (e.keyword) {
      case 'required':
        line = `at ${at}: missing required key "${String(e.params.missingProperty)}"`;
        break;
      case 'additionalProperties':
        line = `at ${at}: unknown ${at.endsWith('/tokens') ? 'size token' : 'key'} "${String(e.params.additionalProperty)}"`;
        break;
      case 'pattern': {
        const [, top = '', token = ''] = e.instancePath.split('/');
        const kind = top === 'tokens' && token ? scaleTokenKind(token) : undefined;
        line = `at ${at}: must be ${(kind && SCALE_HINTS[kind]) ?? HINTS[top] ?? 'in the documented format'}`;
        break;
      }
      case 'enum':
        line = `at ${at}: must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      case 'type':
        line = `at ${at}: must be ${e.params.type === 'object' ? 'an object' : `a ${String(e.params.type)}`}`;
        break;
      case 'minLength':
        line = `at ${at}: must not be empty`;
        break;
      case 'maxLength':
        line = `at ${at}: is too long (at most ${String(e.params.limit)} characters)`;
        break;
      default:
        line = `at ${at}: ${e.message ?? 'is not valid'}`;
    }
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}
