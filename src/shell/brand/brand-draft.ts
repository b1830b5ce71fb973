// The brand editor's form state: a brand as editable text fields, and back (brand-editor.ts).
import type { Brand } from '../../core/shared/brand/brand-schema.js';
import { validateBrand } from '../../core/shared/brand/brand-validate.js';

/** The editable fields of a brand; empty strings mean "not set". */
export interface Draft {
  name: string;
  primary: string;
  secondary: string;
  font: string;
  logo: string;
  favicon: string;
  defaultMode: string;
  /** Fields brand.json may carry that the form does not edit; kept as they are. */
  rest: Partial<Brand>;
}

/** A colour the form accepts: #rgb or #rrggbb. */
export const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The form's fields for a brand (or empty ones for none). */
export function toDraft(brand: Brand | null): Draft {
  const {
    name = '',
    colors,
    fonts,
    logo = '',
    favicon = '',
    defaultMode = '',
    ...rest
  } = brand ?? ({} as Partial<Brand>);
  const keep: Partial<Brand> = { ...rest };
  if (colors?.dark) keep.colors = { dark: colors.dark };
  if (fonts?.mono) keep.fonts = { mono: fonts.mono };
  return {
    name,
    primary: colors?.primary ?? '',
    secondary: colors?.secondary ?? '',
    font: fonts?.body ?? '',
    logo,
    favicon,
    defaultMode,
    rest: keep,
  };
}

/** The brand a draft describes (fields left empty are omitted). */
export function fromDraft(draft: Draft): Record<string, unknown> {
  const brand: Record<string, unknown> = { ...draft.rest, name: draft.name.trim() };
  const colors: Record<string, unknown> = { ...(draft.rest.colors ?? {}) };
  if (draft.primary.trim()) colors.primary = draft.primary.trim();
  if (draft.secondary.trim()) colors.secondary = draft.secondary.trim();
  if (Object.keys(colors).length) brand.colors = colors;
  const fonts: Record<string, unknown> = { ...(draft.rest.fonts ?? {}) };
  if (draft.font.trim()) fonts.body = draft.font.trim();
  if (Object.keys(fonts).length) brand.fonts = fonts;
  if (draft.logo) brand.logo = draft.logo;
  if (draft.favicon) brand.favicon = draft.favicon;
  if (draft.defaultMode) brand.defaultMode = draft.defaultMode;
  return brand;
}

/** The parts of a draft that are valid, for a live preview while the user is still typing. */
export function previewBrand(draft: Draft): Brand {
  const valid = fromDraft({
    ...draft,
    name: draft.name.trim() || 'Preview',
    primary: HEX.test(draft.primary.trim()) ? draft.primary : '',
    secondary: HEX.test(draft.secondary.trim()) ? draft.secondary : '',
  });
  const checked = validateBrand(valid);
  if (checked.ok) return checked.brand;
  delete valid.fonts;
  return validateBrand(valid).ok ? (valid as unknown as Brand) : { name: String(valid.name) };
}
