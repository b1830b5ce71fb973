import type { JSONSchema } from '../../../src/core/shared/types.js';
import { englishTranslate, type Translate } from '../i18n/translate.js';
import { derefSchema } from './schema-ref.js';

export { derefSchema, mergeAllOf, resolveRef } from './schema-ref.js';

/** How one schema node is edited. */
export type NodeKind =
  | 'object'
  | 'array'
  | 'tuple'
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'null'
  | 'enum'
  | 'const'
  | 'choice'
  | 'json';

/** One alternative of a `oneOf`/`anyOf` or of a type array. */
export interface Variant {
  label: string;
  schema: JSONSchema;
}

/** A schema resolved (local `$ref`, `allOf`) and classified for the form. */
export interface SchemaNode {
  kind: NodeKind;
  schema: JSONSchema;
  title?: string;
  description?: string;
  /** `null` is allowed besides the main kind (type arrays with "null", OpenAPI `nullable`). */
  nullable: boolean;
  enumValues?: unknown[];
  enumLabels?: string[];
  constValue?: unknown;
  variants?: Variant[];
  /** Why this part is degraded to a JSON editor or simplified (shown to the user). */
  note?: string;
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);
/** Keywords the form does not turn into fields; the host still checks them on submit. */
const UNSUPPORTED = [
  'not',
  'if',
  'patternProperties',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function labelOf(schema: JSONSchema, fallback: string, t: Translate): string {
  if (typeof schema.title === 'string' && schema.title.trim()) return schema.title;
  if ('const' in schema) return typeof schema.const === 'string' ? schema.const : JSON.stringify(schema.const);
  if (typeof schema.type === 'string') return schema.type;
  if (isObject(schema.properties))
    return t('schema.objectLabel', { names: Object.keys(schema.properties).slice(0, 3).join(t('list.separator')) });
  return fallback;
}

function typeList(schema: JSONSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type))
    return schema.type.filter((t): t is string => typeof t === 'string' && SCALARS.has(t));
  return [];
}

/** Classifies a (raw) schema for the form. */
export function describeNode(root: unknown, input: unknown, t: Translate = englishTranslate): SchemaNode {
  const { schema, note } = derefSchema(root, input, t);
  const base = {
    schema,
    title: typeof schema.title === 'string' && schema.title.trim() ? schema.title : undefined,
    description: typeof schema.description === 'string' ? schema.description : undefined,
    nullable: schema.nullable === true,
  };
  if (note) return { ...base, kind: 'json', note: t('schema.note.part', { note }) };
  const unsupported = UNSUPPORTED.filter((k) => k in schema);
  const extra = unsupported.length
    ? t('schema.note.unsupported', { rules: unsupported.map((k) => `"${k}"`).join(t('list.separator')) })
    : undefined;
  if ('const' in schema) return { ...base, kind: 'const', constValue: schema.const, note: extra };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const values = schema.enum as unknown[];
    return {
      ...base,
      kind: 'enum',
      enumValues: values,
      enumLabels: values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      nullable: base.nullable || values.includes(null),
      note: extra,
    };
  }
  const alternatives = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : undefined;
  if (alternatives && alternatives.length > 0) {
    const resolved = alternatives.map((alt) => derefSchema(root, alt, t).schema);
    const nonNull = resolved.filter(
      (r) => !(r.type === 'null' || (Array.isArray(r.enum) && r.enum.length === 1 && r.enum[0] === null)),
    );
    const nullable = base.nullable || nonNull.length < resolved.length;
    // oneOf of titled consts is how many schemas spell a labelled enum.
    if (nonNull.length > 0 && nonNull.every((r) => 'const' in r)) {
      return {
        ...base,
        kind: 'enum',
        nullable,
        enumValues: nonNull.map((r) => r.const),
        enumLabels: nonNull.map((r, i) => labelOf(r, t('schema.option', { n: i + 1 }), t)),
        note: extra,
      };
    }
    if (nonNull.length === 1) {
      const { oneOf: _o, anyOf: _a, ...rest } = schema;
      const inner = describeNode(root, { ...rest, ...nonNull[0] }, t);
      return {
        ...inner,
        nullable,
        title: inner.title ?? base.title,
        description: inner.description ?? base.description,
      };
    }
    const variants = nonNull.map((r, i) => ({
      label: labelOf(r, t('schema.option', { n: i + 1 }), t),
      schema: mergeSiblings(schema, r),
    }));
    return { ...base, kind: 'choice', nullable, variants, note: extra };
  }
  const types = typeList(schema);
  const nonNullTypes = types.filter((t) => t !== 'null');
  const nullable = base.nullable || types.includes('null');
  if (nonNullTypes.length > 1) {
    const variants = nonNullTypes.map((t) => ({ label: t, schema: { ...schema, type: t, nullable: false } }));
    return { ...base, kind: 'choice', nullable, variants, note: extra };
  }
  let type = nonNullTypes[0];
  if (!type && types.includes('null')) type = 'null';
  if (!type) {
    if (isObject(schema.properties)) type = 'object';
    else if (schema.items !== undefined || Array.isArray(schema.prefixItems)) type = 'array';
  }
  switch (type) {
    case 'object':
      if (!isObject(schema.properties) || Object.keys(schema.properties).length === 0) {
        if (schema.additionalProperties === false) return { ...base, kind: 'object', nullable, note: extra };
        return { ...base, kind: 'json', nullable, note: t('schema.note.freeObject') };
      }
      return { ...base, kind: 'object', nullable, note: extra };
    case 'array':
      if (Array.isArray(schema.prefixItems) || Array.isArray(schema.items))
        return { ...base, kind: 'tuple', nullable, note: extra };
      return { ...base, kind: 'array', nullable, note: extra };
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return { ...base, kind: type, nullable: type === 'null' ? false : nullable, note: extra };
    default:
      return {
        ...base,
        kind: 'json',
        nullable,
        note: typeof schema.type === 'string' ? t('schema.note.unknownType', { type: schema.type }) : extra,
      };
  }
}

function mergeSiblings(parent: JSONSchema, variant: JSONSchema): JSONSchema {
  const { oneOf: _o, anyOf: _a, title: _t, description: _d, nullable: _n, ...rest } = parent;
  return { ...rest, ...variant };
}

/** Rough check of a value against a variant, to pick which alternative an existing value matches. */
export function matchesVariant(root: unknown, variant: JSONSchema, value: unknown): boolean {
  const node = describeNode(root, variant);
  switch (node.kind) {
    case 'const':
      return JSON.stringify(node.constValue) === JSON.stringify(value);
    case 'enum':
      return node.enumValues!.some((v) => JSON.stringify(v) === JSON.stringify(value));
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
    case 'tuple':
      return Array.isArray(value);
    case 'object': {
      if (!isObject(value)) return false;
      const props = isObject(node.schema.properties) ? node.schema.properties : {};
      // Discriminate by const properties when the variants have them ("kind": "circle").
      return Object.entries(props).every(
        ([k, p]) => !(isObject(p) && 'const' in p) || JSON.stringify(p.const) === JSON.stringify(value[k]),
      );
    }
    default:
      return true;
  }
}

/** The value a new field starts with: its `default`, a `const`, or nothing. */
export function initialValue(root: unknown, input: unknown, depth = 0): unknown {
  const node = describeNode(root, input);
  if (node.schema.default !== undefined) return structuredClone(node.schema.default);
  if (node.kind === 'const') return structuredClone(node.constValue);
  if (depth > 8) return undefined;
  if (node.kind === 'object') {
    const out: Record<string, unknown> = {};
    const props = isObject(node.schema.properties) ? node.schema.properties : {};
    const required = new Set(Array.isArray(node.schema.required) ? node.schema.required.map(String) : []);
    for (const [name, prop] of Object.entries(props)) {
      const child = describeNode(root, prop);
      // Required nested objects, and anything with a default or const, start filled in.
      const value = initialValue(root, prop, depth + 1);
      if (value !== undefined && (required.has(name) || child.schema.default !== undefined || child.kind === 'const'))
        out[name] = value;
      else if (required.has(name) && child.kind === 'boolean') out[name] = false;
      // A required list starts empty ([] is a value; leaving it out would be "is required").
      else if (required.has(name) && child.kind === 'array') out[name] = [];
    }
    return out;
  }
  if (node.kind === 'choice' && node.variants!.length) return initialValue(root, node.variants![0]!.schema, depth + 1);
  if (node.kind === 'array' && typeof node.schema.minItems === 'number' && node.schema.minItems > 0) {
    return Array.from(
      { length: Math.min(node.schema.minItems, 50) },
      () => initialValue(root, node.schema.items, depth + 1) ?? null,
    );
  }
  return undefined;
}

/** Counts the fields a schema would need, stopping at `budget` (huge or deeply recursive schemas). */
export function estimateFields(root: unknown, input: unknown, budget = 400, depth = 0): number {
  if (depth > 6) return 1;
  const node = describeNode(root, input);
  switch (node.kind) {
    case 'object': {
      let total = 0;
      for (const prop of Object.values(isObject(node.schema.properties) ? node.schema.properties : {})) {
        total += estimateFields(root, prop, budget - total, depth + 1);
        if (total >= budget) return total;
      }
      return total;
    }
    case 'array':
      return 1 + estimateFields(root, node.schema.items, budget, depth + 1);
    case 'choice':
      return (
        1 + Math.max(0, ...node.variants!.slice(0, 20).map((v) => estimateFields(root, v.schema, budget, depth + 1)))
      );
    default:
      return 1;
  }
}

/** Human summary of constraints, e.g. "3–20 characters · format: email"; `t` words it in a locale. */
export function constraintText(schema: JSONSchema, t: Translate = englishTranslate): string {
  const parts: string[] = [];
  const num = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  const range = (lo: number | undefined, hi: number | undefined, unit: 'characters' | 'items') => {
    if (lo !== undefined && hi !== undefined) parts.push(t(`constraint.range.${unit}`, { lo, hi }));
    else if (lo !== undefined) parts.push(t(`constraint.atLeast.${unit}`, { lo }));
    else if (hi !== undefined) parts.push(t(`constraint.atMost.${unit}`, { hi }));
  };
  range(num('minLength'), num('maxLength'), 'characters');
  range(num('minItems'), num('maxItems'), 'items');
  const min = num('minimum') ?? num('exclusiveMinimum');
  const max = num('maximum') ?? num('exclusiveMaximum');
  if (min !== undefined || max !== undefined) {
    parts.push(
      `${min !== undefined ? `${num('exclusiveMinimum') !== undefined ? '>' : '\u2265'} ${min}` : ''}${min !== undefined && max !== undefined ? t('constraint.and') : ''}${max !== undefined ? `${num('exclusiveMaximum') !== undefined ? '<' : '\u2264'} ${max}` : ''}`,
    );
  }
  if (num('multipleOf') !== undefined) parts.push(t('constraint.multipleOf', { n: num('multipleOf') }));
  if (typeof schema.pattern === 'string') parts.push(t('constraint.pattern', { pattern: schema.pattern }));
  if (typeof schema.format === 'string') parts.push(t('constraint.format', { format: schema.format }));
  if (schema.uniqueItems === true) parts.push(t('constraint.unique'));
  return parts.join(t('schema.separator'));
}
