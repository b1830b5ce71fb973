// Resolving a schema before the form classifies it: local `$ref` chains (never fetched, cycles detected) and
// `allOf` merged into one schema.

import type { JSONSchema } from '../../../src/core/shared/types.js';
import { englishTranslate, type Translate } from '../i18n/translate.js';
import { pointerSegments } from './schema-pointer.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Resolves a local `$ref` ('#', '#/$defs/x', '#/definitions/x', …) against the root schema. */
export function resolveRef(
  root: unknown,
  ref: string,
  t: Translate = englishTranslate,
): { schema?: JSONSchema; error?: string } {
  if (!ref.startsWith('#')) return { error: t('schema.note.remoteRef', { ref }) };
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return { error: t('schema.note.badRef', { ref }) };
  }
  if (pointer !== '' && !pointer.startsWith('/')) return { error: t('schema.note.anchorRef', { ref }) };
  let current: unknown = root;
  for (const segment of pointerSegments(pointer)) {
    if (!isObject(current) && !Array.isArray(current)) return { error: t('schema.note.missingRef', { ref }) };
    current = (current as Record<string, unknown>)[segment];
  }
  if (current === true || current === undefined)
    return current === true ? { schema: {} } : { error: t('schema.note.missingRef', { ref }) };
  if (!isObject(current)) return { error: t('schema.note.notSchema', { ref }) };
  return { schema: current };
}

/** Merges `allOf` members into one schema: properties and required combined, other keywords last wins. */
export function mergeAllOf(schema: JSONSchema, deref: (s: unknown) => JSONSchema): JSONSchema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  let merged: JSONSchema = { ...rest };
  for (const member of allOf as unknown[]) {
    const part = mergeAllOf(deref(member), deref);
    const properties = { ...(isObject(merged.properties) ? merged.properties : {}) } as Record<string, unknown>;
    for (const [name, prop] of Object.entries(isObject(part.properties) ? part.properties : {})) {
      properties[name] =
        name in properties && isObject(properties[name]) && isObject(prop)
          ? { ...(properties[name] as object), ...prop }
          : prop;
    }
    const required = [
      ...new Set([
        ...(Array.isArray(merged.required) ? merged.required : []),
        ...(Array.isArray(part.required) ? part.required : []),
      ]),
    ];
    merged = { ...part, ...merged, properties, required };
    if (!Object.keys(properties).length) delete merged.properties;
    if (!required.length) delete merged.required;
  }
  return merged;
}

/**
 * Resolves `$ref` chains (local only, cycles detected) and `allOf`, keeping sibling keywords.
 * Never throws: a reference that cannot be followed yields `{}` with a note.
 */
export function derefSchema(
  root: unknown,
  input: unknown,
  t: Translate = englishTranslate,
): { schema: JSONSchema; note?: string } {
  if (input === true || input === undefined) return { schema: {} };
  if (input === false) return { schema: { not: {} }, note: t('schema.note.noValue') };
  if (!isObject(input)) return { schema: {}, note: t('schema.note.invalid') };
  let schema: JSONSchema = input;
  const seen = new Set<string>();
  let note: string | undefined;
  while (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    if (seen.has(ref) || seen.size > 32) {
      note = t('schema.note.selfRef', { ref });
      schema = {};
      break;
    }
    seen.add(ref);
    const target = resolveRef(root, ref, t);
    const { $ref: _ref, ...siblings } = schema;
    if (!target.schema) {
      note = target.error;
      schema = siblings;
      break;
    }
    schema = { ...target.schema, ...siblings };
  }
  const deref = (s: unknown) => derefSchema(root, s, t).schema;
  return { schema: mergeAllOf(schema, deref), note };
}
