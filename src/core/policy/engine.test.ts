import { expect } from '@open-wc/testing';
import { classifyTool } from '../mcplet/classify.js';
import type { CallerContext, MCPTool, TrustLevel } from '../shared/types.js';
import { declaredHints, decide, type PolicyInput } from './engine.js';
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
  readDestructive: {
    _meta: { mcpletType: 'read', visibility: ['model', 'app'] },
    annotations: { destructiveHint: true },
  },
  prepare: { _meta: { mcpletType: 'prepare', visibility: ['model', 'app'] } },
  action: { _meta: { mcpletType: 'action', visibility: ['app'] } },
  actionModelNoAuth: { _meta: { mcpletType: 'action', visibility: ['model', 'app'] } },
  actionStrict: {
    _meta: {
      mcpletType: 'action',
      visibility: ['model', 'app'],
      auth: { required: 'passkey', enforcement: 'strict', promptMessage: 'Sign' },
    },
  },
  actionHostOnly: {
    _meta: { mcpletType: 'action', visibility: ['app'], auth: { required: 'passkey', enforcement: 'host-only' } },
  },
  badType: { _meta: { mcpletType: 'write', visibility: ['app'] } },
  badVisibility: { _meta: { mcpletType: 'read', visibility: ['admin'] } },
  badAuth: { _meta: { mcpletType: 'action', visibility: ['app'], auth: { required: 'otp' } } },
  unknownPool: { _meta: { mcpletType: 'read', visibility: ['model'], pool: 'mystery-pool' } },
  plain: {},
  plainAppOnly: { _meta: { ui: { visibility: ['app'] } } },
  plainReadOnly: { annotations: { readOnlyHint: true, destructiveHint: false } },
  plainReadOnlyOpenWorld: { annotations: { readOnlyHint: true, openWorldHint: true } },
  plainNotReadOnly: { annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } },
  plainDestructive: {
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  plainReadOnlyButDestructive: { annotations: { readOnlyHint: true, destructiveHint: true } },
  plainAppOnlyDestructive: { _meta: { ui: { visibility: ['app'] } }, annotations: { destructiveHint: true } },
  plainAppOnlyReadOnly: { _meta: { ui: { visibility: ['app'] } }, annotations: { readOnlyHint: true } },
  plainWithView: { _meta: { ui: { resourceUri: 'ui://notes/view.html' } } },
  plainWithViewDestructive: {
    _meta: { ui: { resourceUri: 'ui://notes/view.html' } },
    annotations: { destructiveHint: true },
  },
  plainWithOtherView: { _meta: { ui: { resourceUri: 'ui://notes/other.html' } } },
} satisfies Record<string, Pick<MCPTool, '_meta' | 'annotations'>>;

type ToolKey = keyof typeof tools;

const user: CallerContext = { surface: 'user', id: 'host' };
const widget: CallerContext = { surface: 'widget', id: 'server-panel:notes' };
const app: CallerContext = {
  surface: 'app',
  id: 'app:ui://notes/view.html',
  serverName: 'notes',
  viewId: 'app-1-abc',
  resourceUri: 'ui://notes/view.html',
};
const appNoView: CallerContext = {
  surface: 'app',
  id: 'app:ui://notes/view.html',
  serverName: 'notes',
  resourceUri: 'ui://notes/view.html',
};
const agent: CallerContext = { surface: 'agent', id: 'helper' };

function input(
  tool: ToolKey,
  caller: CallerContext,
  extra: Partial<PolicyInput> & { trust?: TrustLevel; strictMode?: boolean; declared?: object } = {},
): PolicyInput {
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
  [
    'D3',
    'widget with no permissions at all (MCP-WP-11.4.2)',
    {
      ...input('read', widget),
      widget: { trust: 'community', permissions: effectivePermissions(undefined, 'community') },
    },
  ],
  ['D4', 'app calls a model-only tool', input('readModelOnly', app)],
  ['D5', 'agent calls an app-only tool', input('readAppOnly', agent)],
  ['D5', 'agent calls an app-only plain tool', input('plainAppOnly', agent)],
  ['D6', 'agent without the pool grant', input('readPooled', agent)],
  ['K1', 'strict passkey action from a widget', input('actionStrict', widget)],
  ['K1', 'strict passkey action from an enterprise widget', input('actionStrict', widget, { trust: 'enterprise' })],
  ['K1', 'strict passkey action from an agent', input('actionStrict', agent)],
  ['K1', 'remembered consent does not skip the passkey', input('actionStrict', widget, { remembered: true })],
  ['T1', 'team passkey rule on a read tool', { ...input('read', widget), teamPasskey: 'every tool of "s"' }],
  [
    'T1',
    'team passkey rule: a remembered consent does not skip it',
    { ...input('read', widget, { remembered: true }), teamPasskey: 'read tools of every server' },
  ],
  [
    'D2',
    'team passkey rule never lets an untrusted widget in',
    { ...input('read', widget, { trust: 'untrusted' }), teamPasskey: 'x' },
  ],
  ['K1', 'strict passkey action under a team rule stays K1', { ...input('actionStrict', widget), teamPasskey: 'x' }],
  ['C1', 'host-only passkey action', input('actionHostOnly', widget)],
  ['C2', 'action from a widget', input('action', widget)],
  ['C2', 'action from an enterprise widget', input('action', widget, { trust: 'enterprise' })],
  ['C2', 'action from its app', input('action', app)],
  ['C5', 'read tool marked destructive', input('readDestructive', widget, { remembered: true })],
  ['C9', 'plain tool marked destructive, from a widget', input('plainDestructive', widget)],
  [
    'C9',
    'plain tool marked destructive, from an enterprise widget',
    input('plainDestructive', widget, { trust: 'enterprise' }),
  ],
  ['C9', 'plain tool marked destructive, from an agent', input('plainDestructive', agent)],
  ['C9', 'read-only and destructive at once: the safer reading wins', input('plainReadOnlyButDestructive', user)],
  [
    'C9',
    'an app\u2019s app-only plumbing tool marked destructive still asks every time',
    input('plainAppOnlyDestructive', app, { remembered: true }),
  ],
  [
    'C9',
    'the app\u2019s own view tool marked destructive still asks every time',
    input('plainWithViewDestructive', app, { remembered: true }),
  ],
  ['C9', 'remembered consent does not skip a destructive tool', input('plainDestructive', user, { remembered: true })],
  ['C3', 'app calls its app-only plain tool', input('plainAppOnly', app)],
  ['C3', 'app calls its app-only read-only plain tool', input('plainAppOnlyReadOnly', app)],
  ['C10', 'agent calls a read-only plain tool that reaches outside systems', input('plainReadOnlyOpenWorld', agent)],
  [
    'C10',
    'remembered consent does not skip it for an agent',
    input('plainReadOnlyOpenWorld', agent, { remembered: true }),
  ],
  ['C11', 'read-only plain tool from the dashboard', input('plainReadOnly', user)],
  ['C11', 'read-only plain tool from a community widget', input('plainReadOnly', widget)],
  [
    'C11',
    'read-only plain tool from an enterprise widget (a hint is not a contract: no A1)',
    input('plainReadOnly', widget, { trust: 'enterprise' }),
  ],
  ['C11', 'read-only plain tool from an app', input('plainReadOnly', app)],
  ['C11', 'read-only plain tool from an agent', input('plainReadOnly', agent)],
  [
    'C11',
    'read-only open-world plain tool from the dashboard (open world matters for agents)',
    input('plainReadOnlyOpenWorld', user),
  ],
  [
    'C11',
    'remembered for this tool, but the row does not allow that scope here: asks',
    input('plainReadOnly', widget, { remembered: ['view'] }),
  ],
  ['C12', 'app calls the tool that opened its own view', input('plainWithView', app)],
  [
    'C12',
    'remembered for the tool (not for this view): still asks',
    input('plainWithView', app, { remembered: ['tool', 'server-reads'] }),
  ],
  ['C12', 'without a view id there is nothing to remember it for', input('plainWithView', appNoView)],
  ['C4', 'plain tool from a widget', input('plain', widget)],
  ['C4', 'plain tool from an enterprise widget', input('plain', widget, { trust: 'enterprise' })],
  ['C4', 'plain tool from an app (not app-only)', input('plain', app)],
  ['C4', 'plain tool from an agent', input('plain', agent)],
  ['C4', 'remembered consent does not skip a plain tool', input('plain', widget, { remembered: true })],
  ['C4', 'plain tool declared not read-only (and not destructive)', input('plainNotReadOnly', user)],
  ['C4', 'the app of another view calls a plain tool with a view', input('plainWithOtherView', app)],
  ['C4', 'a widget calls a plain tool with a view (opening it)', input('plainWithView', widget)],
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
  [
    'A2',
    'read-only plain tool covered by "all read-only tools of this server"',
    input('plainReadOnly', widget, { remembered: ['server-reads'] }),
  ],
  [
    'A2',
    'read-only plain tool remembered for this tool (agent)',
    input('plainReadOnly', agent, { remembered: ['tool'] }),
  ],
  [
    'A2',
    'the app\u2019s own view tool remembered for this view',
    input('plainWithView', app, { remembered: ['view'] }),
  ],
  [
    'A2',
    'MCPlet read tool covered by "all read-only tools of this server"',
    input('read', user, { remembered: ['server-reads'] }),
  ],
];

describe('policy matrix (docs/policy.md): every row', () => {
  for (const [row, description, example] of EXAMPLES) {
    const expected = POLICY_MATRIX.find((r) => r.id === row)!;
    it(`${row} → ${expected.decision}: ${description}`, () => {
      const decision = decide(example);
      expect(decision.rule, decision.reason).to.equal(row);
      expect(decision.decision).to.equal(expected.decision);
      // A row may offer fewer scopes to some callers ("this view" needs a view), never more.
      expect(decision.rememberable).to.equal(decision.scopes.length > 0);
      expect(expected.scopes).to.include.members(decision.scopes);
      if (!expected.rememberable) expect(decision.rememberable).to.equal(false);
      expect(decision.reason).to.be.a('string').and.not.equal('');
    });
  }

  it('has an example for every row of the matrix', () => {
    const covered = new Set(EXAMPLES.map(([row]) => row));
    expect(POLICY_MATRIX.map((r) => r.id).filter((id) => !covered.has(id))).to.deep.equal([]);
  });

  it('offers only the scopes the row allows for this caller ("this view" only to app views)', () => {
    expect(decide(input('plainReadOnly', widget)).scopes).to.deep.equal(['tool', 'server-reads']);
    expect(decide(input('plainReadOnly', app)).scopes).to.deep.equal(['tool', 'server-reads', 'view']);
    expect(decide(input('read', user)).scopes).to.deep.equal(['tool', 'server-reads']);
    expect(decide(input('prepare', user)).scopes).to.deep.equal(['tool']);
    expect(decide(input('plainWithView', app)).scopes).to.deep.equal(['view']);
    expect(decide(input('plainAppOnly', appNoView)).scopes).to.deep.equal(['tool']);
    for (const key of ['plain', 'plainDestructive', 'action', 'actionStrict'] as ToolKey[])
      expect(decide(input(key, widget)).scopes, key).to.deep.equal([]);
  });

  it('the reason says what a standard tool declares (its hints, as claims of the server), never "does not say" when it declares something', () => {
    for (const key of Object.keys(tools) as ToolKey[]) {
      const c = classifyTool(tools[key], settings);
      if (c.kind !== 'plain' || !c.routable) continue;
      for (const caller of [user, widget, app, agent]) {
        const d = decide(input(key, caller, { agentPools: ['notes-pool'] }));
        if (d.decision === 'deny' || d.rule === 'A2') continue;
        const hints = declaredHints(c);
        expect(d.reason, `${key} ${caller.surface}`).to.not.match(/does not say/);
        if (hints) expect(d.reason, `${key} ${caller.surface}`).to.contain(hints).and.contain('claim');
        else expect(d.reason, `${key} ${caller.surface}`).to.contain('declares no hints');
      }
    }
    expect(decide(input('plainNotReadOnly', user)).reason).to.contain(
      'readOnlyHint: false, destructiveHint: false, idempotentHint: true',
    );
  });

  it('destructive standard tools ask every time, whoever asks and whatever was remembered', () => {
    for (const key of [
      'plainDestructive',
      'plainReadOnlyButDestructive',
      'plainAppOnlyDestructive',
      'plainWithViewDestructive',
    ] as ToolKey[]) {
      for (const caller of [user, widget, app, agent]) {
        for (const trust of ['community', 'verified', 'enterprise'] as TrustLevel[]) {
          const d = decide(input(key, caller, { trust, remembered: true }));
          if (d.decision === 'deny') continue;
          expect(d.rule, `${key} ${caller.surface} ${trust}`).to.equal('C9');
          expect(d.rememberable).to.equal(false);
        }
      }
    }
  });

  it('A2 names the row the remembered consent stands in for', () => {
    expect(decide(input('read', widget, { remembered: true })).rememberedRule).to.equal('C6');
    expect(decide(input('prepare', user, { remembered: true })).rememberedRule).to.equal('C7');
    expect(decide(input('plainReadOnly', user, { remembered: ['tool'] })).rememberedRule).to.equal('C11');
    expect(decide(input('plainWithView', app, { remembered: ['view'] })).rememberedRule).to.equal('C12');
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
