import { expect } from '@open-wc/testing';
import { SchemaValidator } from './validation.js';

describe('schema patterns in linear time', () => {
  const validator = new SchemaValidator();

  it('checks a catastrophic-backtracking pattern against hostile input and answers (the browser engine would take minutes)', () => {
    const schema = { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } };
    const hostile = validator.validate(schema, { name: `${'a'.repeat(40)}!` });
    expect(hostile.ok).to.equal(false);
    expect(validator.validate(schema, { name: 'aaaa' }).ok).to.equal(true);
  });

  it('applies patternProperties and Unicode classes as JSON Schema means them', () => {
    const schema = {
      type: 'object',
      patternProperties: { '^x-': { type: 'string', pattern: '^\\p{L}+$' } },
    };
    expect(validator.validate(schema, { 'x-name': '日本語' }).ok).to.equal(true);
    expect(validator.validate(schema, { 'x-name': '123' }).ok).to.equal(false);
    expect(validator.validate(schema, { other: 123 }).ok).to.equal(true);
  });

  it('refuses a pattern with a look-around or back-reference, saying why, instead of evaluating it', () => {
    const problem = validator.schemaProblem({ type: 'string', pattern: '^(?=.*\\d)\\w+$' });
    expect(problem).to.match(/pattern "\^\(\?=\.\*\\d\)\\w\+\$" uses a feature the dashboard does not evaluate/);
    expect(validator.schemaProblem({ type: 'string', pattern: '(a)\\1' })).to.match(/linear-time engine/);
  });
});
