import { expect } from '@open-wc/testing';
import { SchemaValidator } from '../../src/core/invocation/validation.js';
import type { ArgumentProblem } from '../../src/core/shared/types.js';
import { problemText } from '../../widgets/kit/widget/problem-text.js';
import { englishTranslate, formatMessage } from '../../widgets/kit/i18n/translate.js';
import { KIT_CATALOGS } from '../../widgets/kit/i18n/messages.js';

// Each JSON Schema keyword the kit words from its catalogs, produced by the host's real validator.
const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['must'],
  properties: {
    must: { type: 'string' },
    typed: { type: 'string' },
    either: { type: ['string', 'number'] },
    pick: { enum: ['a', 'b'] },
    fixed: { const: 'x' },
    low: { type: 'number', minimum: 5 },
    high: { type: 'number', maximum: 5000 },
    above: { type: 'number', exclusiveMinimum: 0 },
    below: { type: 'number', exclusiveMaximum: 0 },
    short: { type: 'string', minLength: 3 },
    long: { type: 'string', maxLength: 1 },
    few: { type: 'array', minItems: 2 },
    many: { type: 'array', maxItems: 1 },
    shaped: { type: 'string', pattern: '^a' },
    dated: { type: 'string', format: 'date' },
  },
};
const VALUE = {
  typed: 1,
  either: true,
  pick: 'c',
  fixed: 'y',
  low: 1,
  high: 9999,
  above: 0,
  below: 0,
  short: 'a',
  long: 'ab',
  few: [1],
  many: [1, 2],
  shaped: 'b',
  dated: 'not a date',
  extra: 1,
};

function problems(): ArgumentProblem[] {
  const result = new SchemaValidator().validate(SCHEMA, VALUE);
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

describe('validation problems in the user language', () => {
  it('MCP-WP-6.8.2 in English every keyword reads exactly as the host validator wrote it', () => {
    const list = problems();
    const keywords = new Set(list.map((p) => p.keyword));
    // Control: the value really trips every keyword the catalogs word.
    for (const key of Object.keys(KIT_CATALOGS.en!).filter((k) => k.startsWith('validation.'))) {
      expect(keywords.has(key.slice('validation.'.length)), key).to.equal(true);
    }
    for (const problem of list)
      expect(problemText(problem, englishTranslate), problem.keyword).to.equal(problem.message);
  });

  it('MCP-WP-6.8.1 in Japanese every keyword is translated, with its limit as written', () => {
    const ja = (key: string, variables?: Record<string, unknown>) => {
      const message = KIT_CATALOGS.ja?.[key];
      return message === undefined ? key : formatMessage(message, variables, 'ja');
    };
    for (const problem of problems()) {
      const text = problemText(problem, ja);
      expect(text, problem.keyword).to.not.equal(problem.message);
      expect(text, problem.keyword).to.match(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
    const high = problems().find((p) => p.keyword === 'maximum')!;
    expect(problemText(high, ja)).to.contain('5000');
  });
});
