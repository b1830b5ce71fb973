import { expect } from '@open-wc/testing';
import { SchemaValidator } from '../../src/core/invocation/validation.js';
import { choose, click, everyControlLabelled, field, mount, root, submit, type } from '../support/schema-form.js';

// The schema form engine over the shapes of JSON Schema; references, bad schemas, bad input and error
// mapping are in schema-form-errors.test.ts.

describe('<mcp-schema-form>: the recursive schema form engine (MCP-WP-7.1.2)', () => {
  it('nested objects: required nested fields become a nested value', async () => {
    const el = await mount({
      type: 'object',
      required: ['address'],
      properties: {
        name: { type: 'string' },
        address: {
          type: 'object',
          title: 'Address',
          required: ['city'],
          properties: { city: { type: 'string' }, zip: { type: 'string' } },
        },
      },
    });
    await type(el, 'name', 'Ada');
    await type(el, 'city', 'London');
    expect(await submit(el)).to.deep.equal({ name: 'Ada', address: { city: 'London' } });
    everyControlLabelled(el);
  });

  it('arrays of primitives: add, reorder and remove items', async () => {
    const el = await mount({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } });
    await click(el, 'Add tags item');
    await click(el, 'Add tags item');
    await type(el, 'tags item 1', 'a');
    await type(el, 'tags item 2', 'b');
    await click(el, 'Move tags item 2 up');
    expect((await submit(el))!.tags).to.deep.equal(['b', 'a']);
    await click(el, 'Remove tags item 1');
    expect((await submit(el))!.tags).to.deep.equal(['a']);
  });

  it('arrays of objects with minItems start filled and respect the minimum', async () => {
    const el = await mount({
      type: 'object',
      required: ['people'],
      properties: {
        people: {
          type: 'array',
          minItems: 1,
          items: { type: 'object', required: ['age'], properties: { age: { type: 'integer' } } },
        },
      },
    });
    await type(el, 'age', '42');
    const remove = [...root(el).querySelectorAll('button')].find(
      (b) => b.getAttribute('aria-label') === 'Remove people item 1',
    )!;
    expect(remove.getAttribute('aria-disabled')).to.equal('true');
    expect(await submit(el)).to.deep.equal({ people: [{ age: 42 }] });
  });

  it('enums keep their JSON types (numbers stay numbers, booleans stay booleans)', async () => {
    const el = await mount({
      type: 'object',
      properties: {
        size: { enum: [1, 2, 3] },
        flag: { enum: [true, false] },
        label: {
          oneOf: [
            { const: 'a', title: 'Alpha' },
            { const: 'b', title: 'Beta' },
          ],
        },
      },
    });
    await choose(el, 'size', '2');
    await choose(el, 'flag', 'false');
    await choose(el, 'label', 'Beta');
    expect(await submit(el)).to.deep.equal({ size: 2, flag: false, label: 'b' });
  });

  it('oneOf with a variant chooser: switching the variant changes the fields and the value', async () => {
    const el = await mount({
      type: 'object',
      required: ['shape'],
      properties: {
        shape: {
          oneOf: [
            {
              title: 'Circle',
              type: 'object',
              required: ['kind', 'r'],
              properties: { kind: { const: 'circle' }, r: { type: 'number' } },
            },
            {
              title: 'Square',
              type: 'object',
              required: ['kind', 'side'],
              properties: { kind: { const: 'square' }, side: { type: 'number' } },
            },
          ],
        },
      },
    });
    await type(el, 'r', '2.5');
    expect(await submit(el)).to.deep.equal({ shape: { kind: 'circle', r: 2.5 } });
    await choose(el, 'Kind of shape', 'Square');
    await type(el, 'side', '3');
    expect(await submit(el)).to.deep.equal({ shape: { kind: 'square', side: 3 } });
  });

  it('allOf is merged; const and default are applied', async () => {
    const el = await mount({
      type: 'object',
      allOf: [
        { properties: { a: { type: 'string', default: 'x' } } },
        { properties: { b: { type: 'integer', default: 7 }, v: { const: 2 } }, required: ['v'] },
      ],
    });
    expect(field(el, 'a').value).to.equal('x');
    expect(field(el, 'b').value).to.equal('7');
    expect(await submit(el)).to.deep.equal({ a: 'x', b: 7, v: 2 });
  });

  it('type arrays with null and OpenAPI nullable can be set to null', async () => {
    const el = await mount({
      type: 'object',
      properties: { note: { type: ['string', 'null'] }, n: { type: 'number', nullable: true } },
    });
    const toggle = field(el, 'note: no value (null)');
    toggle.click();
    await el.updateComplete;
    expect(await submit(el)).to.deep.equal({ note: null });
  });

  it('string formats get matching inputs; date-time becomes RFC 3339', async () => {
    const el = await mount({
      type: 'object',
      properties: {
        d: { type: 'string', format: 'date' },
        t: { type: 'string', format: 'date-time' },
        e: { type: 'string', format: 'email' },
        u: { type: 'string', format: 'uri' },
      },
    });
    expect(field(el, 'd').type).to.equal('date');
    expect(field(el, 't').type).to.equal('datetime-local');
    expect(field(el, 'e').type).to.equal('email');
    expect(field(el, 'u').type).to.equal('url');
    await type(el, 'd', '2024-02-29');
    await type(el, 't', '2024-02-29T10:30:00');
    const value = (await submit(el))!;
    expect(value.d).to.equal('2024-02-29');
    expect(value.t).to.match(/^2024-02-29T\d\d:30:00\.000Z$/);
    const validator = new SchemaValidator();
    expect(
      validator.validate({ type: 'object', properties: { t: { type: 'string', format: 'date-time' } } }, value).ok,
    ).to.equal(true);
  });

  it('constraints are shown as text next to the field', async () => {
    const el = await mount({
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 3, maxLength: 5, pattern: '^[A-Z]+$' },
        n: { type: 'integer', minimum: 1, maximum: 9 },
      },
    });
    const text = root(el).textContent!;
    expect(text).to.contain('3\u20135 characters');
    expect(text).to.contain('pattern ^[A-Z]+$');
    expect(text).to.contain('\u2265 1 and \u2264 9');
  });

  it('2020-12 prefixItems become fixed positions', async () => {
    const el = await mount({
      type: 'object',
      properties: {
        point: {
          type: 'array',
          prefixItems: [
            { type: 'number', title: 'x' },
            { type: 'number', title: 'y' },
          ],
        },
      },
    });
    await type(el, 'x', '1');
    await type(el, 'y', '2');
    expect(await submit(el)).to.deep.equal({ point: [1, 2] });
  });

  it('arrays of unique enum values are a group of checkboxes', async () => {
    const el = await mount({
      type: 'object',
      properties: { days: { type: 'array', uniqueItems: true, items: { enum: [1, 2, 3] } } },
    });
    field(el, '2').click();
    field(el, '3').click();
    await el.updateComplete;
    expect(await submit(el)).to.deep.equal({ days: [2, 3] });
  });

  it('a re-listed copy of the same schema keeps what was typed; a changed schema starts afresh', async () => {
    const schema = {
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { type: 'number', title: 'a' }, b: { type: 'number', title: 'b' } },
    };
    const el = await mount(schema);
    await type(el, 'a', '30');
    await type(el, 'b', '12');
    // tools/list answered again while the person types: an equal schema in a new object.
    el.schema = structuredClone(schema);
    await el.updateComplete;
    expect(field(el, 'a').value).to.equal('30');
    expect(await submit(el)).to.deep.equal({ a: 30, b: 12 });
    // The server changed the tool's arguments: the old values do not carry over.
    el.schema = { ...schema, properties: { ...schema.properties, c: { type: 'string', title: 'c' } } };
    await el.updateComplete;
    expect(field(el, 'a').value).to.equal('');
  });
});
