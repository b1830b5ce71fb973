import type { JSONSchema } from '../../src/core/types.js';

/** How one property is edited. */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

/** One form field derived from a schema property. */
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  label: string;
  description?: string;
  required: boolean;
  schema: JSONSchema;
  enumValues?: unknown[];
  defaultValue?: unknown;
  inputType?: string;
}

const FORMAT_INPUT: Record<string, string> = {
  email: 'email',
  uri: 'url',
  url: 'url',
  date: 'date',
  'date-time': 'datetime-local',
  time: 'time',
};

function primaryType(schema: JSONSchema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  return undefined;
}

/** Derives flat fields from an object schema; anything nested is edited as JSON. */
export function fieldsFor(schema: JSONSchema | undefined): FieldSpec[] {
  if (!schema || typeof schema !== 'object') return [];
  const properties = (schema.properties && typeof schema.properties === 'object' ? schema.properties : {}) as Record<string, JSONSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as unknown[]).map(String) : []);
  const fields: FieldSpec[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const prop: JSONSchema = raw && typeof raw === 'object' ? raw : {};
    const title = typeof prop.title === 'string' && prop.title.trim() ? prop.title : name;
    const description = typeof prop.description === 'string' ? prop.description : undefined;
    const base = { name, label: title, description, required: required.has(name), schema: prop, defaultValue: prop.default };
    if (Array.isArray(prop.enum) && prop.enum.length > 0) {
      fields.push({ ...base, kind: 'enum', enumValues: prop.enum as unknown[] });
      continue;
    }
    if ('const' in prop) {
      fields.push({ ...base, kind: 'enum', enumValues: [prop.const] });
      continue;
    }
    const type = primaryType(prop);
    switch (type) {
      case 'string':
        fields.push({ ...base, kind: 'string', inputType: FORMAT_INPUT[String(prop.format)] ?? 'text' });
        break;
      case 'number':
      case 'integer':
        fields.push({ ...base, kind: type });
        break;
      case 'boolean':
        fields.push({ ...base, kind: 'boolean' });
        break;
      default:
        fields.push({ ...base, kind: 'json' });
    }
  }
  // Required names that have no property definition still need a way to be filled in.
  for (const name of required) {
    if (!(name in properties)) fields.push({ name, label: name, required: true, schema: {}, kind: 'json' });
  }
  return fields;
}

/** Result of reading a field's raw text into a JSON value. */
export type Parsed = { ok: true; value: unknown; present: boolean } | { ok: false; message: string };

/** Converts raw input text into the JSON value the schema expects. */
export function parseField(field: FieldSpec, raw: string | boolean | undefined, touched: boolean): Parsed {
  if (field.kind === 'boolean') {
    const present = touched || field.required || field.defaultValue !== undefined;
    return { ok: true, value: Boolean(raw), present };
  }
  const text = typeof raw === 'string' ? raw : '';
  if (text === '') return { ok: true, value: undefined, present: false };
  switch (field.kind) {
    case 'enum': {
      const index = Number(text);
      if (!Number.isInteger(index) || !field.enumValues || index < 0 || index >= field.enumValues.length) return { ok: false, message: 'choose one of the options' };
      return { ok: true, value: field.enumValues[index], present: true };
    }
    case 'number':
    case 'integer': {
      const value = Number(text);
      if (!Number.isFinite(value)) return { ok: false, message: 'must be a number' };
      if (field.kind === 'integer' && !Number.isInteger(value)) return { ok: false, message: 'must be a whole number' };
      return { ok: true, value, present: true };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text), present: true };
      } catch {
        return { ok: false, message: 'must be valid JSON' };
      }
    default:
      return { ok: true, value: text, present: true };
  }
}

/** The raw text shown initially for a field (from the default). */
export function initialRaw(field: FieldSpec): string | boolean {
  const value = field.defaultValue;
  if (field.kind === 'boolean') return value === true;
  if (value === undefined) return '';
  if (field.kind === 'enum') {
    const index = field.enumValues?.findIndex((v) => JSON.stringify(v) === JSON.stringify(value)) ?? -1;
    return index >= 0 ? String(index) : '';
  }
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}
