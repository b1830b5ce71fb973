import { expect } from '@open-wc/testing';
import { LazySchemaValidator, type ValidatorLoader } from './lazy-validator.js';
import { SchemaValidator } from './validation.js';

const schema = { type: 'object', properties: { count: { type: 'integer', minimum: 1 } }, required: ['count'] };

describe('LazySchemaValidator', () => {
  it('loads ajv on first use (the real dynamic import) and validates with it', async () => {
    const validator = new LazySchemaValidator();
    expect(validator.ready).to.equal(false);
    expect(await validator.validate(schema, { count: 2 })).to.deep.equal({ ok: true });
    expect(validator.ready).to.equal(true);
    const verdict = await validator.validate(schema, { count: 0 });
    expect(verdict.ok).to.equal(false);
    expect(verdict.ok === false && verdict.problems[0]!.path).to.equal('/count');
  });

  it('loads the chunk once for concurrent calls and for preload()', async () => {
    let loads = 0;
    const loader: ValidatorLoader = async () => {
      loads += 1;
      return { SchemaValidator };
    };
    const validator = new LazySchemaValidator(loader);
    validator.preload();
    const verdicts = await Promise.all([
      validator.validate(schema, { count: 1 }),
      validator.validate(schema, {}),
      validator.load(),
    ]);
    expect(loads).to.equal(1);
    expect((verdicts[0] as { ok: boolean }).ok).to.equal(true);
    expect((verdicts[1] as { ok: boolean }).ok).to.equal(false);
  });

  it('MCP-WP-11.2.3 fails closed with a reason when the validator cannot be loaded, and retries on the next call', async () => {
    let attempts = 0;
    const loader: ValidatorLoader = async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { SchemaValidator };
    };
    const validator = new LazySchemaValidator(loader);
    const first = await validator.validate(schema, { count: 3 });
    expect(first.ok).to.equal(false);
    expect(first.ok === false && first.problems[0]!.message).to.match(
      /argument checker could not be loaded \(Failed to fetch dynamically imported module\); nothing was sent/,
    );
    expect(await validator.validate(schema, { count: 3 })).to.deep.equal({ ok: true });
    expect(attempts).to.equal(2);
  });

  it('schemaProblem() gives the reason a schema cannot be used (remote $ref) and nothing for a usable one', async () => {
    const validator = new LazySchemaValidator();
    expect(await validator.schemaProblem(schema)).to.equal(undefined);
    const remote = { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } };
    expect(await validator.schemaProblem(remote)).to.match(
      /never fetched: \/properties\/a\/\$ref: https:\/\/example\.com\/a\.json/,
    );
    expect(validator.current).to.be.instanceOf(SchemaValidator);
  });

  it('schemaProblem() leaves a load failure to validate(), which refuses', async () => {
    const validator = new LazySchemaValidator(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    expect(await validator.schemaProblem(schema)).to.equal(undefined);
    expect(validator.current).to.equal(undefined);
    expect((await validator.validate(schema, { count: 1 })).ok).to.equal(false);
  });
});
