import Ajv from 'ajv';
import { brandSchema, describeBrandErrors, type Brand } from './brand-schema.js';

let compiled: ReturnType<Ajv['compile']> | undefined;

/** Result of validating a brand: the brand, or one readable line per problem. */
export type BrandValidation = { ok: true; brand: Brand } | { ok: false; problems: string[] };

/**
 * Validates a parsed `brand.json` against {@link brandSchema} with ajv (compiled once). `prefix`
 * is put before JSON paths in messages, e.g. "/dashboard/brand" for a brand written inline in the config.
 */
export function validateBrand(value: unknown, prefix = ''): BrandValidation {
  compiled ??= new Ajv({ allErrors: true, strict: false }).compile(brandSchema);
  if (compiled(value)) return { ok: true, brand: value as Brand };
  return { ok: false, problems: describeBrandErrors(compiled.errors ?? [], prefix) };
}
