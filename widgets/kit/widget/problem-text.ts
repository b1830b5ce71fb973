import type { ArgumentProblem } from '../../../src/core/shared/types.js';

type Translate = (key: string, variables?: Record<string, unknown>) => string;

/**
 * Variables for a keyword's message, from ajv-style params. The English catalog words each keyword
 * exactly as the host's validator does, so English output is the host's message unchanged.
 */
function variablesFor(
  keyword: string,
  params: Record<string, unknown>,
  t: Translate,
): Record<string, unknown> | undefined {
  switch (keyword) {
    case 'required':
    case 'additionalProperties':
      return {};
    case 'type':
      return { type: Array.isArray(params.type) ? params.type.join(',') : String(params.type) };
    case 'enum':
      return Array.isArray(params.allowedValues)
        ? { values: params.allowedValues.map((v) => JSON.stringify(v)).join(t('list.separator')) }
        : undefined;
    case 'const':
      return { value: JSON.stringify(params.allowedValue) };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      // A schema literal, shown as written (no digit grouping), as the host's message does.
      return typeof params.limit === 'number' ? { limit: String(params.limit) } : undefined;
    case 'pattern':
      return { pattern: String(params.pattern) };
    case 'format':
      return { format: String(params.format) };
    default:
      return undefined;
  }
}

/**
 * A validation problem in the user's language: known JSON Schema keywords (and the form's own
 * parse codes) are worded from the catalogs; anything else keeps the host's English message.
 */
export function problemText(problem: ArgumentProblem & { code?: string }, t: Translate): string {
  if (problem.code) return t(`form.parse.${problem.code}`);
  if (problem.keyword) {
    const variables = variablesFor(problem.keyword, problem.params ?? {}, t);
    const key = `validation.${problem.keyword}`;
    if (variables) {
      const text = t(key, variables);
      if (text !== key) return text;
    }
  }
  return problem.message;
}
