import { expect } from '@open-wc/testing';
import type { JSONSchema } from '../../src/core/shared/types.js';
import { SchemaValidator } from '../../src/core/invocation/validation.js';
import { mount, root, field, type, choose, click, submit, everyControlLabelled } from '../support/schema-form.js';

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

  it('local $ref into $defs (2020-12) and definitions (draft-07); recursion expands on demand', async () => {
    const el = await mount({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { node: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/$defs/node' } } } },
      properties: { tree: { $ref: '#/$defs/node' } },
      required: ['tree'],
    });
    await type(el, 'name', 'root');
    await click(el, 'Add child');
    const names = [...root(el).querySelectorAll('label')].filter((l) => l.textContent!.trim().startsWith('name'));
    expect(names.length).to.equal(2);
    (root(el).getElementById(names[1]!.htmlFor) as HTMLInputElement).value = 'leaf';
    root(el).getElementById(names[1]!.htmlFor)!.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(await submit(el)).to.deep.equal({ tree: { name: 'root', child: { name: 'leaf' } } });
    const draft7 = await mount({
      type: 'object',
      definitions: { n: { type: 'integer' } },
      properties: { count: { $ref: '#/definitions/n' } },
    });
    await type(draft7, 'count', '5');
    expect(await submit(draft7)).to.deep.equal({ count: 5 });
  });

  it('a self-referencing $ref loop and a network $ref degrade with a message; the network one is never fetched', async () => {
    const url = `${location.origin}/never-fetched-schema-${Date.now()}.json`;
    const el = await mount({
      type: 'object',
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
      properties: { loop: { $ref: '#/$defs/a' }, remote: { $ref: url } },
    });
    const text = root(el).textContent!;
    expect(text).to.contain('refers to itself');
    expect(text).to.contain('never fetched');
    await new Promise((r) => setTimeout(r, 200));
    expect(performance.getEntriesByType('resource').some((e) => e.name === url)).to.equal(false);
    await type(el, 'remote', '{"x":1}');
    expect(await submit(el)).to.deep.equal({ remote: { x: 1 } });
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

  it('the JSON view round-trips with the form', async () => {
    const el = await mount({
      type: 'object',
      properties: { a: { type: 'integer' }, list: { type: 'array', items: { type: 'string' } } },
    });
    await type(el, 'a', '3');
    await click(el, 'JSON');
    const area = field(el, 'Value as JSON') as unknown as HTMLTextAreaElement;
    expect(JSON.parse(area.value)).to.deep.equal({ a: 3 });
    area.value = '{"a": 9, "list": ["p", "q"]}';
    area.dispatchEvent(new Event('input'));
    await click(el, 'Form');
    expect(field(el, 'a').value).to.equal('9');
    expect(field(el, 'list item 2').value).to.equal('q');
    await click(el, 'JSON');
    const again = field(el, 'Value as JSON') as unknown as HTMLTextAreaElement;
    again.value = '{not json';
    again.dispatchEvent(new Event('input'));
    await click(el, 'Form');
    expect(root(el).textContent).to.contain('The JSON is not valid');
    expect(field(el, 'Value as JSON')).to.exist;
  });

  it('MCP-WP-11.5.10 host problems are mapped onto nested fields and linked with aria-describedby', async () => {
    const el = await mount({
      type: 'object',
      properties: { address: { type: 'object', required: ['zip'], properties: { zip: { type: 'string' } } } },
      required: ['address'],
    });
    el.errors = [
      { path: '/address/zip', message: 'must match pattern "^\\d{5}$"' },
      { path: '/extra', message: 'is not an allowed property' },
    ];
    await el.updateComplete;
    const zip = field(el, 'zip');
    expect(zip.getAttribute('aria-invalid')).to.equal('true');
    const described = zip
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => root(el).getElementById(id)!.textContent)
      .join(' ');
    expect(described).to.contain('must match pattern');
    expect(root(el).textContent).to.contain('/extra: is not an allowed property');
    el.focusFirstInvalid();
    await el.updateComplete;
    await new Promise((r) => setTimeout(r, 0));
    expect(root(el).activeElement).to.equal(zip);
  });

  it('text that does not parse is reported inline and nothing is submitted', async () => {
    const el = await mount({ type: 'object', properties: { n: { type: 'integer' }, j: {} } });
    await type(el, 'n', '1.5');
    expect(await submit(el)).to.equal(undefined);
    expect(field(el, 'n').getAttribute('aria-invalid')).to.equal('true');
    expect(root(el).textContent).to.contain('must be a whole number');
  });

  it('huge, invalid and odd schemas degrade with a message and never throw', async () => {
    const huge: JSONSchema = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`p${i}`, { type: 'string' }])),
    };
    const started = performance.now();
    const big = await mount(huge);
    expect(performance.now() - started).to.be.below(2000);
    expect(root(big).textContent).to.contain('opens as JSON');
    for (const odd of [
      { type: 'object', properties: 'nope' },
      { type: 42 },
      { type: 'object', properties: { a: null, b: 7, c: false } },
      { oneOf: 'x' },
      { type: 'object', properties: { x: { type: 'wat' } } },
      null,
      'string',
    ]) {
      const el = await mount(odd);
      expect(root(el).querySelector('form'), JSON.stringify(odd)).to.exist;
    }
    const unsupported = await mount({ type: 'object', properties: { x: { type: 'string', not: { const: 'a' } } } });
    expect(root(unsupported).textContent).to.contain('"not"');
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

  it('passes axe-core with nested fields, arrays, choices and errors', async () => {
    const el = await mount({
      type: 'object',
      required: ['a'],
      properties: {
        a: { type: 'string', description: 'first' },
        list: { type: 'array', items: { type: 'object', properties: { q: { type: 'number' } } } },
        pick: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        flag: { type: 'boolean' },
      },
    });
    await click(el, 'Add list item');
    el.errors = [{ path: '/a', message: 'is required' }];
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
