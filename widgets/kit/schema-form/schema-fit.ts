import type { ArgumentProblem } from '../../../src/core/shared/types.js';
import type { SchemaNode } from './schema-model.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The JSON type of a value, in the words `form.type.*` use. */
export function jsonTypeOf(value: unknown): 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as 'string' | 'boolean';
  return 'object';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * True when the form's control for `node` can show `value` (a string in a text field, a number in a
 * number field, a listed option in a select…). A value that does not fit — e.g. a number typed into
 * the JSON view for a text field — is shown as JSON instead of as an empty box.
 */
export function fitsNode(node: SchemaNode, value: unknown): boolean {
  if (value === undefined) return true;
  switch (node.kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
    case 'tuple':
      return Array.isArray(value);
    case 'enum':
      return node.enumValues!.some((v) => same(v, value));
    case 'const':
      return same(node.constValue, value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

function typeMatches(expected: unknown, value: unknown): boolean {
  const types = Array.isArray(expected) ? expected : [expected];
  const actual = jsonTypeOf(value);
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/**
 * Whether a problem the host reported for a field still holds for the field's new value. Only simple
 * keywords are re-checked here; for any other keyword a changed value clears the message (the host
 * checks everything again on the next submit). Lets the form drop a message as soon as it is fixed.
 * A `pattern` is never evaluated here: the browser's backtracking engine can spend minutes on a hostile
 * one, and the host checks patterns with a linear-time engine on submit
 * (docs/decisions/schema-patterns-linear-time.md).
 */
export function stillFails(problem: ArgumentProblem, value: unknown): boolean {
  const p = problem.params ?? {};
  const limit = typeof p.limit === 'number' ? p.limit : undefined;
  if (problem.keyword === 'required') return value === undefined;
  if (value === undefined) return false;
  switch (problem.keyword) {
    case 'type':
      return !typeMatches(p.type, value);
    case 'minLength':
      return typeof value === 'string' && limit !== undefined && [...value].length < limit;
    case 'maxLength':
      return typeof value === 'string' && limit !== undefined && [...value].length > limit;
    case 'minItems':
      return Array.isArray(value) && limit !== undefined && value.length < limit;
    case 'maxItems':
      return Array.isArray(value) && limit !== undefined && value.length > limit;
    case 'minimum':
      return typeof value === 'number' && limit !== undefined && value < limit;
    case 'maximum':
      return typeof value === 'number' && limit !== undefined && value > limit;
    case 'exclusiveMinimum':
      return typeof value === 'number' && limit !== undefined && value <= limit;
    case 'exclusiveMaximum':
      return typeof value === 'number' && limit !== undefined && value >= limit;
    case 'enum':
      return Array.isArray(p.allowedValues) && !p.allowedValues.some((v) => same(v, value));
    case 'const':
      return 'allowedValue' in p && !same(p.allowedValue, value);
    default:
      return false;
  }
}

/**
 * The problems at `pointer` (or below it) that the value now there fixes: a problem at the pointer is
 * re-checked (`stillFails`); one below it counts as fixed once the part it named was replaced.
 */
export function fixedBy(
  problems: readonly ArgumentProblem[],
  pointer: string,
  valueAt: (pointer: string) => unknown,
): ArgumentProblem[] {
  return problems.filter((problem) => {
    if (problem.path === pointer) return !stillFails(problem, valueAt(pointer));
    if (!problem.path.startsWith(`${pointer}/`)) return false;
    return problem.keyword !== 'required' || valueAt(problem.path) !== undefined;
  });
}
