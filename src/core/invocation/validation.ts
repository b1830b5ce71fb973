import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ArgumentProblem, JSONSchema } from '../shared/types.js';
import { linearRegExp, UnsupportedPatternError } from './linear-regexp.js';

/** Result of validating a value against a schema. */
export type ValidationResult = { ok: true } | { ok: false; problems: ArgumentProblem[] };

/** A schema that cannot be used (invalid, or asks for something we never do, like a network `$ref`). */
export class SchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaError';
  }
}

const DRAFT_2020 = /json-schema\.org\/draft\/(2020-12|2019-09)\/schema/;

function makeAjv<T extends Ajv>(Ctor: new (opts: object) => T): T {
  // strict:false — server schemas use keywords ajv does not know; those are annotations, not errors.
  const ajv = new Ctor({
    allErrors: true,
    strict: false,
    validateFormats: true,
    loadSchema: undefined,
    // Server patterns run in linear time (linear-regexp.ts): none can stall the page.
    code: { regExp: linearRegExp },
  });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/** Every `$ref` in a schema must be local ('#...'); we never fetch a schema. */
export function findRemoteRefs(schema: unknown, path = '', out: string[] = [], seen = new Set<unknown>()): string[] {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return out;
  seen.add(schema);
  if (Array.isArray(schema)) {
    schema.forEach((item, i) => findRemoteRefs(item, `${path}/${i}`, out, seen));
    return out;
  }
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if ((key === '$ref' || key === '$dynamicRef') && typeof value === 'string' && !value.startsWith('#'))
      out.push(`${path}/${key}: ${value}`);
    else findRemoteRefs(value, `${path}/${key}`, out, seen);
  }
  return out;
}

function problemsFrom(errors: ErrorObject[] | null | undefined): ArgumentProblem[] {
  const problems: ArgumentProblem[] = [];
  for (const error of errors ?? []) {
    let path = error.instancePath;
    let message = error.message ?? 'is not valid';
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
      path = `${path}/${escapePointer(params.missingProperty)}`;
      message = 'is required';
    } else if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      path = `${path}/${escapePointer(params.additionalProperty)}`;
      message = 'is not an allowed property';
    } else if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    if (!problems.some((p) => p.path === path && p.message === message))
      problems.push({ path, message, keyword: error.keyword, params });
  }
  return problems;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * JSON Schema validation for tool arguments and other wire data (draft-07 and 2020-12),
 * built on ajv. Compiled validators are cached per schema object.
 */
export class SchemaValidator {
  // Each made on first use: an ajv instance with its formats costs tens of ms of main thread at start-up.
  private draft07: Ajv | undefined;
  private draft2020: Ajv | undefined;
  private readonly cache = new WeakMap<object, ValidateFunction>();

  /** Compiles (or returns the cached) validator; throws SchemaError with a readable reason. */
  compile(schema: JSONSchema): ValidateFunction {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
      throw new SchemaError('The schema is not a JSON object.');
    }
    const cached = this.cache.get(schema);
    if (cached) return cached;
    const remote = findRemoteRefs(schema);
    if (remote.length > 0)
      throw new SchemaError(`The schema refers to other documents, which are never fetched: ${remote.join('; ')}`);
    const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
    const use2020 = DRAFT_2020.test(declared);
    // Older drafts (04/06) are close enough to 07 for argument checking; drop the marker ajv cannot resolve.
    const copy: JSONSchema = { ...schema };
    delete copy.$schema;
    delete copy.$id;
    let validate: ValidateFunction;
    try {
      const ajv = use2020
        ? (this.draft2020 ??= makeAjv(Ajv2020 as unknown as new (opts: object) => Ajv))
        : (this.draft07 ??= makeAjv(Ajv));
      validate = ajv.compile(copy);
    } catch (error) {
      if (error instanceof UnsupportedPatternError) throw new SchemaError(error.message);
      // ajv recurses through $ref: a loop of $refs that never reaches a schema overflows the stack.
      if (error instanceof RangeError)
        throw new SchemaError(
          'The schema cannot be used: its $ref entries point at each other in a loop (or it is nested too deeply).',
        );
      throw new SchemaError(`The schema is not valid JSON Schema: ${(error as Error).message}`);
    }
    this.cache.set(schema, validate);
    return validate;
  }

  /** Why the schema cannot be used to check anything (a SchemaError's reason), or undefined when it can. */
  schemaProblem(schema: JSONSchema): string | undefined {
    try {
      this.compile(schema);
      return undefined;
    } catch (error) {
      if (error instanceof SchemaError) return error.message;
      throw error;
    }
  }

  /** Validates `value`; a schema that cannot be compiled is reported as a problem at the root. */
  validate(schema: JSONSchema, value: unknown): ValidationResult {
    let validate: ValidateFunction;
    try {
      validate = this.compile(schema);
    } catch (error) {
      return { ok: false, problems: [{ path: '', message: (error as Error).message }] };
    }
    if (validate(value)) return { ok: true };
    return { ok: false, problems: problemsFrom(validate.errors) };
  }
}
