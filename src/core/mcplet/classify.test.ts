import { expect } from '@open-wc/testing';
import { classifyTool } from './classify.js';

const loose = { strictMcplet: false, pools: { 'info-pool': {} } };
const strict = { strictMcplet: true, pools: { 'info-pool': {} } };

describe('MCPlet classification (MCPlet §4, §5.3.1, §6)', () => {
  it('recognises MCPlets by _meta.mcpletType and plain MCP tools without it', () => {
    expect(classifyTool({ _meta: { mcpletType: 'read', visibility: ['model'] } }, loose)).to.include({
      kind: 'mcplet',
      mcpletType: 'read',
      routable: true,
    });
    expect(classifyTool({}, loose)).to.include({ kind: 'plain', routable: true });
  });

  it('MCPlet §5.3.1 excludes an mcpletType outside read/prepare/action, naming it', () => {
    const c = classifyTool({ _meta: { mcpletType: 'delete', visibility: ['app'] } }, loose);
    expect(c.routable).to.equal(false);
    expect(c.exclusion).to.deep.include({ rule: 'X1' });
    expect(c.exclusion!.reason).to.contain('"delete"');
    expect(classifyTool({ _meta: { mcpletType: 7 } }, loose).exclusion?.rule).to.equal('X1');
  });

  it('MCPlet §5.3.1 excludes an action visible to the model without _meta.auth, also when visibility is left out', () => {
    expect(
      classifyTool({ _meta: { mcpletType: 'action', visibility: ['model', 'app'] } }, loose).exclusion?.rule,
    ).to.equal('X2');
    const implicit = classifyTool({ _meta: { mcpletType: 'action' } }, loose);
    expect(implicit.exclusion?.rule).to.equal('X2');
    expect(classifyTool({ _meta: { mcpletType: 'action', visibility: ['app'] } }, loose).routable).to.equal(true);
    expect(
      classifyTool(
        {
          _meta: { mcpletType: 'action', visibility: ['model'], auth: { required: 'passkey', enforcement: 'strict' } },
        },
        loose,
      ).routable,
    ).to.equal(true);
  });

  it('MCPlet §5.3.1 with strictMcplet a plain tool is excluded; without it, it stays routable', () => {
    expect(classifyTool({}, strict).exclusion?.rule).to.equal('X3');
    expect(classifyTool({}, loose).routable).to.equal(true);
  });

  it('MCPlet §8.1 a visibility naming no known surface is excluded (X4)', () => {
    expect(classifyTool({ _meta: { mcpletType: 'read', visibility: ['admin'] } }, loose).exclusion?.rule).to.equal(
      'X4',
    );
    expect(classifyTool({ _meta: { mcpletType: 'read', visibility: [] } }, loose).exclusion?.rule).to.equal('X4');
  });

  it('MCPlet §6.7 auth: passkey strict/host-only; missing enforcement = strict (with a warning); other types excluded (X5)', () => {
    expect(
      classifyTool(
        {
          _meta: { mcpletType: 'action', visibility: ['app'], auth: { required: 'passkey', enforcement: 'host-only' } },
        },
        loose,
      ).auth?.enforcement,
    ).to.equal('host-only');
    const implicit = classifyTool(
      { _meta: { mcpletType: 'action', visibility: ['app'], auth: { required: 'passkey', promptMessage: 'Go' } } },
      loose,
    );
    expect(implicit.auth).to.deep.equal({ required: 'passkey', enforcement: 'strict', promptMessage: 'Go' });
    expect(implicit.warnings.join()).to.contain('treated as "strict"');
    expect(
      classifyTool({ _meta: { mcpletType: 'action', visibility: ['app'], auth: { required: 'otp' } } }, loose).exclusion
        ?.rule,
    ).to.equal('X5');
    expect(
      classifyTool({ _meta: { mcpletType: 'action', visibility: ['app'], auth: 'yes' } }, loose).exclusion?.rule,
    ).to.equal('X5');
  });

  it('MCPlet §5.3.3 an unknown pool is a warning (pool-less) unless strict, where it excludes (X6)', () => {
    const known = classifyTool({ _meta: { mcpletType: 'read', visibility: ['model'], pool: 'info-pool' } }, loose);
    expect(known).to.include({ pool: 'info-pool', poolKnown: true });
    const unknown = classifyTool({ _meta: { mcpletType: 'read', visibility: ['model'], pool: 'mystery' } }, loose);
    expect(unknown.poolKnown).to.equal(false);
    expect(unknown.warnings.join()).to.contain('not defined in dashboard.pools');
    expect(
      classifyTool({ _meta: { mcpletType: 'read', visibility: ['model'], pool: 'mystery' } }, strict).exclusion?.rule,
    ).to.equal('X6');
  });

  it('reads display mode and result schema URI; warns about invalid display modes and conflicting hints', () => {
    const c = classifyTool(
      {
        _meta: {
          mcpletType: 'read',
          visibility: ['model'],
          mcpletToolResultSchemaUri: 'mcplet://tool-result-schema/x',
          ui: { displayMode: 'llm-pip' },
        },
      },
      loose,
    );
    expect(c).to.include({ displayMode: 'llm-pip', resultSchemaUri: 'mcplet://tool-result-schema/x' });
    expect(
      classifyTool(
        { _meta: { mcpletType: 'read', visibility: ['model'], ui: { displayMode: 'sideways' } } },
        loose,
      ).warnings.join(),
    ).to.contain('sideways');
    expect(
      classifyTool(
        { _meta: { mcpletType: 'read', visibility: ['model'] }, annotations: { destructiveHint: true } },
        loose,
      ).warnings.join(),
    ).to.contain('destructive');
  });

  it('MCPlet §5.3.2 the fingerprint changes when policy-relevant metadata changes (re-classification voids remembered consent)', () => {
    const a = classifyTool({ _meta: { mcpletType: 'read', visibility: ['model', 'app'] } }, loose).fingerprint;
    expect(classifyTool({ _meta: { mcpletType: 'read', visibility: ['app', 'model'] } }, loose).fingerprint).to.equal(
      a,
    );
    expect(
      classifyTool({ _meta: { mcpletType: 'prepare', visibility: ['model', 'app'] } }, loose).fingerprint,
    ).to.not.equal(a);
    expect(
      classifyTool({ _meta: { mcpletType: 'read', visibility: ['model', 'app'], pool: 'info-pool' } }, loose)
        .fingerprint,
    ).to.not.equal(a);
    expect(
      classifyTool(
        { _meta: { mcpletType: 'read', visibility: ['model', 'app'] }, annotations: { destructiveHint: true } },
        loose,
      ).fingerprint,
    ).to.not.equal(a);
  });

  it('the fingerprint changes when annotations, the input schema or the description change (and not when only key order does)', () => {
    const base = {
      annotations: { readOnlyHint: true },
      description: 'Echoes',
      inputSchema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } },
    };
    const a = classifyTool(base, loose).fingerprint;
    expect(
      classifyTool(
        { ...base, inputSchema: { properties: { b: { type: 'number' }, a: { type: 'string' } }, type: 'object' } },
        loose,
      ).fingerprint,
    ).to.equal(a);
    expect(classifyTool({ ...base, description: 'Echoes (and now deletes)' }, loose).fingerprint).to.not.equal(a);
    expect(
      classifyTool({ ...base, inputSchema: { type: 'object', properties: { a: { type: 'string' } } } }, loose)
        .fingerprint,
    ).to.not.equal(a);
    expect(
      classifyTool({ ...base, annotations: { readOnlyHint: true, idempotentHint: true } }, loose).fingerprint,
    ).to.not.equal(a);
    expect(
      classifyTool({ ...base, annotations: { readOnlyHint: true, openWorldHint: true } }, loose).fingerprint,
    ).to.not.equal(a);
    expect(classifyTool({ ...base, title: 'Echo' }, loose).fingerprint).to.not.equal(a);
  });

  it('a standard tool is read-only only when it declares readOnlyHint: true and is not marked destructive', () => {
    expect(classifyTool({ annotations: { readOnlyHint: true } }, loose).readOnly).to.equal(true);
    expect(classifyTool({ annotations: { readOnlyHint: true, destructiveHint: true } }, loose).readOnly).to.equal(
      false,
    );
    expect(classifyTool({ annotations: { readOnlyHint: 'yes' } }, loose).readOnly).to.equal(false);
    expect(classifyTool({}, loose).readOnly).to.equal(false);
    expect(classifyTool({ _meta: { mcpletType: 'read' } }, loose).readOnly).to.equal(true);
    expect(
      classifyTool({ _meta: { mcpletType: 'prepare' }, annotations: { readOnlyHint: true } }, loose).readOnly,
    ).to.equal(false);
  });
});
