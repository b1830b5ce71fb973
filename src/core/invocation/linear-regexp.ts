import { RE2JS } from 're2js';

// A schema's `pattern` comes from a server. With the browser's backtracking engine, a pattern such as
// `^(a+)+$` against 30 characters of input keeps the main thread busy for minutes; RE2 (here its JavaScript
// port) matches in time linear in the input, so no pattern can stall the page. RE2 does not do look-arounds or
// back-references; a schema that uses them is refused with a reason instead of being evaluated by the
// backtracking engine (docs/decisions/schema-patterns-linear-time.md).

/** A pattern a linear-time engine cannot evaluate. */
export class UnsupportedPatternError extends Error {
  constructor(
    readonly pattern: string,
    reason: string,
  ) {
    super(
      `The schema's pattern "${pattern.length > 80 ? `${pattern.slice(0, 79)}\u2026` : pattern}" uses a feature the ` +
        `dashboard does not evaluate (${reason}); it checks patterns only with a linear-time engine, so no pattern can stall the page.`,
    );
    this.name = 'UnsupportedPatternError';
  }
}

/** What ajv calls to build a pattern's matcher (its `code.regExp` option). */
export interface RegExpEngine {
  (pattern: string, flags: string): { test(value: string): boolean; toString(): string };
  code: string;
}

function compile(pattern: string, flags: string): { test(value: string): boolean; toString(): string } {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    throw new UnsupportedPatternError(pattern, reason);
  }
  // ajv keys its cache of patterns by `toString()`: each pattern must name itself.
  return { test: (value: string) => re.matcher(value).find(), toString: () => `/${pattern}/${flags}` };
}

/** The linear-time engine ajv uses for every `pattern` and `patternProperties` in a server's schema. */
export const linearRegExp: RegExpEngine = Object.assign(compile, { code: 'linearRegExp' });
