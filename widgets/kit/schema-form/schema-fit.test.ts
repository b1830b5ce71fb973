import { expect } from '@open-wc/testing';
import { describeNode } from './schema-model.js';
import { fitsNode, fixedBy, stillFails } from './schema-fit.js';

const node = (schema: object) => describeNode(schema, schema);

describe('schema-fit: values the form can show, and problems a new value fixes', () => {
  it('a value fits its control only when it has the control\u2019s type (or is not set)', () => {
    expect(fitsNode(node({ type: 'string' }), 'x')).to.equal(true);
    expect(fitsNode(node({ type: 'string' }), 42)).to.equal(false);
    expect(fitsNode(node({ type: 'string' }), undefined)).to.equal(true);
    expect(fitsNode(node({ type: 'integer' }), 1.5)).to.equal(false);
    expect(fitsNode(node({ type: 'number' }), 1.5)).to.equal(true);
    expect(fitsNode(node({ type: 'boolean' }), 'true')).to.equal(false);
    expect(fitsNode(node({ type: 'array', items: { type: 'string' } }), {})).to.equal(false);
    expect(fitsNode(node({ type: 'object', properties: { a: { type: 'string' } } }), [])).to.equal(false);
    expect(fitsNode(node({ enum: ['a', 'b'] }), 'c')).to.equal(false);
    expect(fitsNode(node({ enum: [1, 2] }), 2)).to.equal(true);
  });

  it('re-checks simple keywords against the new value; other keywords count as fixed once the value changed', () => {
    expect(stillFails({ path: '/a', message: 'is required', keyword: 'required' }, undefined)).to.equal(true);
    expect(stillFails({ path: '/a', message: 'is required', keyword: 'required' }, '')).to.equal(false);
    expect(stillFails({ path: '/a', message: '', keyword: 'minLength', params: { limit: 3 } }, 'ab')).to.equal(true);
    expect(stillFails({ path: '/a', message: '', keyword: 'minLength', params: { limit: 3 } }, 'abc')).to.equal(false);
    expect(stillFails({ path: '/a', message: '', keyword: 'maximum', params: { limit: 10 } }, 11)).to.equal(true);
    expect(stillFails({ path: '/a', message: '', keyword: 'type', params: { type: 'string' } }, 5)).to.equal(true);
    expect(stillFails({ path: '/a', message: '', keyword: 'type', params: { type: 'number' } }, 5)).to.equal(false);
    // A pattern is left to the host's linear-time check on submit: a changed value clears its message, and a
    // hostile pattern is never run by the browser's backtracking engine here.
    expect(stillFails({ path: '/a', message: '', keyword: 'pattern', params: { pattern: '^x' } }, 'yx')).to.equal(
      false,
    );
    expect(
      stillFails({ path: '/a', message: '', keyword: 'pattern', params: { pattern: '^(a+)+$' } }, `${'a'.repeat(40)}!`),
    ).to.equal(false);
    expect(stillFails({ path: '/a', message: '', keyword: 'enum', params: { allowedValues: ['a'] } }, 'a')).to.equal(
      false,
    );
    expect(
      stillFails({ path: '/a', message: '', keyword: 'format', params: { format: 'email' } }, 'still wrong?'),
    ).to.equal(false);
  });

  it('fixedBy: problems at the field or below it, re-checked against the value now there', () => {
    const problems = [
      { path: '/a', message: 'is required', keyword: 'required' },
      { path: '/b', message: 'is required', keyword: 'required' },
      { path: '/list/0/x', message: 'is required', keyword: 'required' },
    ];
    const value: Record<string, unknown> = { a: 'now set', list: [{}] };
    const at = (pointer: string) =>
      pointer
        .split('/')
        .slice(1)
        .reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);
    expect(fixedBy(problems, '/a', at).map((p) => p.path)).to.deep.equal(['/a']);
    expect(fixedBy(problems, '/b', at)).to.deep.equal([]);
    expect(fixedBy(problems, '/list', at), 'the item still lacks x').to.deep.equal([]);
  });
});
