import { expect } from '@open-wc/testing';
import type { JSONSchema } from '../../src/core/shared/types.js';
import { click, field, mount, root, submit, type } from '../support/schema-form.js';

// The schema form engine where schemas and input go wrong: $ref (local, recursive, looping, remote), the JSON
// view, host problems on nested fields, text that does not parse, huge and odd schemas, and axe-core.

describe('<mcp-schema-form>: references, bad schemas, bad input and errors (MCP-WP-7.1.2)', () => {
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
