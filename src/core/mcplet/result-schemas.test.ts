import { expect } from '@open-wc/testing';
import { SchemaValidator } from '../invocation/validation.js';
import { parseEnvelope } from './envelope.js';
import { ResultSchemaCache, schemaFromResource } from './result-schemas.js';

const schemaText = (payload: unknown) => ({
  contents: [{ uri: 'mcplet://tool-result-schema/t', text: JSON.stringify(payload) }],
});
const tool = { name: 't', inputSchema: {}, _meta: { mcpletToolResultSchemaUri: 'mcplet://tool-result-schema/t' } };

describe('MCPlet result envelopes and schema resources (§9)', () => {
  it('MCPlet §9.1 finds the envelope in structuredContent or in JSON text, with error meaning and guidance', () => {
    const ok = parseEnvelope({
      content: [],
      structuredContent: { result: { a: 1 }, _meta: { toolId: 't', mcpletType: 'read' } },
    });
    expect(ok).to.deep.include({ kind: 'result', result: { a: 1 } });
    const err = parseEnvelope({
      isError: true,
      content: [
        { type: 'text', text: JSON.stringify({ error: { code: 'AUTH_FAILED', message: 'bad sig' }, _meta: {} }) },
      ],
    });
    expect(err).to.include({ kind: 'error', code: 'AUTH_FAILED', message: 'bad sig' });
    expect(err!.guidance).to.contain('passkey');
    expect(
      parseEnvelope({ content: [], structuredContent: { error: { code: 'X_MINE', message: 'x' } } })!.meaning,
    ).to.contain('domain-specific');
    expect(parseEnvelope({ content: [{ type: 'text', text: 'plain' }] })).to.equal(undefined);
  });

  it('MCPlet §9.4 reads the {version, schema, _meta} payload or a bare schema; refuses anything else', () => {
    expect(
      schemaFromResource(schemaText({ version: 2, schema: { type: 'object' }, _meta: { deprecated: true } })),
    ).to.deep.equal({ state: 'loaded', schema: { type: 'object' }, version: 2, deprecated: true });
    expect(schemaFromResource(schemaText({ type: 'string' })).state).to.equal('loaded');
    expect(schemaFromResource({ contents: [{ uri: 'x', text: 'not json' }] })).to.deep.equal({
      state: 'unavailable',
      reason: 'the resource is not JSON',
    });
    expect(schemaFromResource(schemaText([1, 2])).state).to.equal('unavailable');
  });

  it('MCPlet §5.3.4 prefetches once and validates results without a read per call (§9.2)', async () => {
    const cache = new ResultSchemaCache();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return schemaText({
        version: 1,
        schema: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
      });
    };
    await cache.prefetch('s', [tool], read);
    await cache.prefetch('s', [tool], read);
    expect(reads).to.equal(1);
    const validator = new SchemaValidator();
    const good = cache.check('s', tool, { content: [], structuredContent: { result: { n: 1 }, _meta: {} } }, validator);
    expect(good.schema?.state).to.equal('valid');
    const bad = cache.check(
      's',
      tool,
      { content: [], structuredContent: { result: { n: 'one' }, _meta: {} } },
      validator,
    );
    expect(bad.schema?.state).to.equal('invalid');
    expect(bad.schema?.problems?.[0]?.path).to.equal('/n');
    const error = cache.check(
      's',
      tool,
      { isError: true, content: [], structuredContent: { error: { code: 'NOT_FOUND' }, _meta: {} } },
      validator,
    );
    expect(error.schema?.state).to.equal('not-applicable');
  });

  it('a schema that cannot be read or never answers is marked unavailable (bounded wait)', async () => {
    const cache = new ResultSchemaCache();
    await cache.prefetch('s', [tool], () => Promise.reject(new Error('boom')));
    expect(cache.get('s', 'mcplet://tool-result-schema/t')).to.deep.equal({
      state: 'unavailable',
      reason: 'it could not be read: boom',
    });
    const slow = new ResultSchemaCache();
    await slow.prefetch('s', [tool], () => new Promise(() => {}), 50);
    expect(slow.get('s', 'mcplet://tool-result-schema/t')?.state).to.equal('unavailable');
  });
});
