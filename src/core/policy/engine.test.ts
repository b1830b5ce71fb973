import { expect } from '@open-wc/testing';
import { classifyTool } from '../mcplet/classify.js';
import type { CallerContext, MCPTool, TrustLevel } from '../types.js';
import { decide, type PolicyInput } from './engine.js';
import { POLICY_MATRIX } from './matrix.js';
import { effectivePermissions } from './trust.js';

const settings = { strictMcplet: false, pools: { 'notes-pool': {} } };
const strict = { strictMcplet: true, pools: { 'notes-pool': {} } };
const ALL_OPS = { mcpOperations: { invokeTool: true, readResource: true, getPrompt: true, subscribeToUpdates: true } };

const tools = {
  read: { _meta: { mcpletType: 'read', visibility: ['model', 'app'] } },
  readPooled: { _meta: { mcpletType: 'read', visibility: ['model', 'app'], pool: 'notes-pool' } },
  readAppOnly: { _meta: { mcpletType: 'read', visibility: ['app'] } },
  readModelOnly: { _meta: { mcpletType: 'read', visibility: ['model'] } },
  readDestructive: { _meta: { mcpletType: 'read', visibility: ['model', 'app'] }, annotations: { destructiveHint: true } },
  prepare: { _meta: { mcpletType: 'prepare', visibility: ['model', 'app'] } },
  action: { _meta: { mcpletType: 'action', visibility: ['app'] } },
  actionModelNoAuth: { _meta: { mcpletType: 'action', visibility: ['model', 'app'] } },
  actionStrict: { _meta: { mcpletType: 'action', visibility: ['model', 'app'], auth: { required: 'passkey', enforcement: 'strict', promptMessage: 'Sign' } } },
  actionHostOnly: { _meta: { mcpletType: 'action', visibility: ['app'], auth: { required: 'passkey', enforcement: 'host-only' } } },
  badType: { _meta: { mcpletType: 'write', visibility: ['app'] } },
  badVisibility: { _meta: { mcpletType: 'read', visibility: ['admin'] } },
  badAuth: { _meta: { mcpletType: 'action', visibility: ['app'], auth: { required: 'otp' } } },
  unknownPool: { _meta: { mcpletType: 'read', visibility: ['model'], pool: 'mystery-pool' } },
  plain: {},
  plainAppOnly: { _meta: { ui: { visibility: ['app'] } } },
} satisfies Record<string, Pick<MCPTool, '_meta' | 'annotations'>>;

type ToolKey = keyof typeof tools;

const user: CallerContext = { surface: 'user', id: 'host' };
const widget: CallerContext = { surface: 'widget', id: 'server-panel:notes' };
const app: CallerContext = { surface: 'app', id: 'app:notes:ui://x', serverName: 'notes' };
const agent: CallerContext = { surface: 'agent', id: 'helper' };

function input(tool: ToolKey, caller: CallerContext, extra: Partial<PolicyInput> & { trust?: TrustLevel; strictMode?: boolean; declared?: object } = {}): PolicyInput {
  const { trust = 'community', strictMode = false, declared = ALL_OPS, ...rest } = extra;
  return {
    serverName: 'notes',
    toolName: tool,
    classification: classifyTool(tools[tool], strictMode ? strict : settings),
    caller,
    callerServerName: caller.surface === 'widget' ? 'notes' : caller.serverName,
    widget: caller.surface === 'widget' ? { trust, permissions: effectivePermissions(declared, trust) } : undefined,
    agentPools: [],
    remembered: false,
    ...rest,
  };
}

/** At least one example per matrix row: [row, description, input]. */
const EXAMPLES: Array<[string, string, PolicyInput]> = [
  ['X1', 'mcpletType "write"', input('badType', widget)],
  ['X4', 'visibility ["admin"]', input('badVisibility', user)],
  ['X5', 'auth.required "otp"', input('badAuth', widget)],
  ['X2', 'action visible to the model without auth', input('actionModelNoAuth', widget)],
  ['X3', 'plain tool under strictMcplet', input('plain', widget, { strictMode: true })],
  ['X6', 'unknown pool under strictMcplet', input('unknownPool', agent, { strictMode: true })],
  ['D1', 'widget of another server', input('read', widget, { callerServerName: 'other' })],
  ['D1', 'app without a server', input('read', { surface: 'app', id: 'app:x' })],
  ['D1', 'app of another server', input('read', { surface: 'app', id: 'app:x', serverName: 'other' })],
  ['D2', 'untrusted widget', input('read', widget, { trust: 'untrusted' })],
  ['D2', 'unknown widget (no grant)', { ...input('read', widget), widget: undefined }],
  ['D3', 'widget without invokeTool', input('read', widget, { declared: { mcpOperations: { readResource: true } } })],
  ['D3', 'widget with no permissions at all (MCP-WP-11.4.2)', { ...input('read', widget), widget: { trust: 'community', permissions: effectivePermissions(undefined, 'community') } }],
  ['D4', 'app calls a model-only tool', input('readModelOnly', app)],
  ['D5', 'agent calls an app-only tool', input('readAppOnly', agent)],
  ['D5', 'agent calls an app-only plain tool', input('plainAppOnly', agent)],
  ['D6', 'agent without the pool grant', input('readPooled', agent)],
  ['K1', 'strict passkey action from a widget', input('actionStrict', widget)],
  ['K1', 'strict passkey action from an enterprise widget', input('actionStrict', widget, { trust: 'enterprise' })],
  ['K1', 'strict passkey action from an agent', input('actionStrict', agent)],
  ['K1', 'remembered consent does not skip the passkey', input('actionStrict', widget, { remembered: true })],
  ['C1', 'host-only passkey action', input('actionHostOnly', widget)],
  ['C2', 'action from a widget', input('action', widget)],
  ['C2', 'action from an enterprise widget', input('action', widget, { trust: 'enterprise' })],
  ['C2', 'action from its app', input('action', app)],
  ['C5', 'read tool marked destructive', input('readDestructive', widget, { remembered: true })],
  ['C3', 'app calls its app-only plain tool', input('plainAppOnly', app)],
  ['C4', 'plain tool from a widget', input('plain', widget)],
  ['C4', 'plain tool from an enterprise widget', input('plain', widget, { trust: 'enterprise' })],
  ['C4', 'plain tool from an app (not app-only)', input('plain', app)],
  ['C4', 'plain tool from an agent', input('plain', agent)],
  ['C4', 'remembered consent does not skip a plain tool', input('plain', widget, { remembered: true })],
  ['A1', 'read tool from an enterprise widget', input('read', widget, { trust: 'enterprise' })],
  ['A1', 'prepare tool from an enterprise widget', input('prepare', widget, { trust: 'enterprise' })],
  ['C6', 'read tool from a community widget', input('read', widget)],
  ['C6', 'read tool from a verified widget', input('read', widget, { trust: 'verified' })],
  ['C6', 'read tool from the dashboard', input('read', user)],
  ['C6', 'read tool from its app', input('read', app)],
  ['C6', 'read tool from an agent', input('read', agent)],
  ['C6', 'pooled read tool from an agent with the grant', input('readPooled', agent, { agentPools: ['notes-pool'] })],
  ['C6', 'unknown pool, not strict: pool-less for agents', input('unknownPool', agent)],
  ['C7', 'prepare tool from a community widget', input('prepare', widget)],
  ['C7', 'prepare tool from the dashboard', input('prepare', user)],
  ['C8', 'prepare tool from an app', input('prepare', app)],
  ['C8', 'prepare tool from an agent', input('prepare', agent)],
  ['A2', 'remembered read consent (widget)', input('read', widget, { remembered: true })],
  ['A2', 'remembered prepare consent (widget)', input('prepare', widget, { remembered: true })],
  ['A2', 'remembered consent for an app-only plain tool (app)', input('plainAppOnly', app, { remembered: true })],
];

describe('policy matrix (docs/policy.md): every row', () => {
  for (const [row, description, example] of EXAMPLES) {
    const expected = POLICY_MATRIX.find((r) => r.id === row)!;
    it(`${row} → ${expected.decision}: ${description}`, () => {
      const decision = decide(example);
      expect(decision.rule, decision.reason).to.equal(row);
      expect(decision.decision).to.equal(expected.decision);
      expect(decision.rememberable).to.equal(expected.rememberable);
      expect(decision.reason).to.be.a('string').and.not.equal('');
    });
  }

  it('has an example for every row of the matrix', () => {
    const covered = new Set(EXAMPLES.map(([row]) => row));
    expect(POLICY_MATRIX.map((r) => r.id).filter((id) => !covered.has(id))).to.deep.equal([]);
  });

  it('A2 names the row the remembered consent stands in for', () => {
    expect(decide(input('read', widget, { remembered: true })).rememberedRule).to.equal('C6');
    expect(decide(input('prepare', user, { remembered: true })).rememberedRule).to.equal('C7');
  });

  it('denials carry what kind of rule refused them', () => {
    expect(decide(input('badType', widget)).refusal).to.equal('classification');
    expect(decide(input('read', widget, { trust: 'untrusted' })).refusal).to.equal('trust');
    expect(decide(input('read', widget, { declared: {} })).refusal).to.equal('permission');
    expect(decide(input('readAppOnly', agent)).refusal).to.equal('visibility');
    expect(decide(input('readPooled', agent)).refusal).to.equal('pool');
  });

  it('MCPlet §8.2 every app-only tool is refused to agents and every model-only tool to apps', () => {
    for (const key of Object.keys(tools) as ToolKey[]) {
      const c = classifyTool(tools[key], settings);
      if (!c.routable) continue;
      const asAgent = decide(input(key, agent, { agentPools: ['notes-pool'] }));
      const asApp = decide(input(key, app));
      if (!c.visibility.includes('model')) expect(asAgent.decision, key).to.equal('deny');
      if (!c.visibility.includes('app')) expect(asApp.decision, key).to.equal('deny');
    }
  });

  it('MCP-WP-11.2.1 nothing is allowed without a confirmation except enterprise read/prepare and remembered rows', () => {
    for (const key of Object.keys(tools) as ToolKey[]) {
      for (const caller of [user, widget, app, agent]) {
        for (const trust of ['community', 'verified', 'enterprise'] as TrustLevel[]) {
          const d = decide(input(key, caller, { trust, agentPools: ['notes-pool'] }));
          if (d.decision === 'allow') expect(d.rule, `${key} ${caller.surface} ${trust}`).to.equal('A1');
        }
      }
    }
  });
});
