import { expect } from '@open-wc/testing';
import { webmcpToolName, uniqueNames, hostToolName } from './webmcp-names.js';
import { WebMcpRegistrar, type ModelContextLike, type ModelContextToolLike } from './webmcp-registrar.js';
import { parseCapabilities } from './agent-capabilities.js';
import type { AgentToolSpec } from './agent-surface.js';

/** A model context that behaves like Chromium 156's: registerTool(tool, { signal }), names checked, duplicates refused. */
function fakeContext(): ModelContextLike & { tools: Map<string, ModelContextToolLike> } {
  const tools = new Map<string, ModelContextToolLike>();
  return {
    tools,
    registerTool(tool, options) {
      if (!/^[A-Za-z0-9_.-]{1,128}$/.test(tool.name))
        return Promise.reject(new DOMException('Invalid tool name', 'InvalidStateError'));
      if (tools.has(tool.name)) throw new DOMException('Duplicate tool name', 'InvalidStateError');
      tools.set(tool.name, tool);
      options?.signal?.addEventListener('abort', () => tools.delete(tool.name));
      return Promise.resolve();
    },
  };
}

function spec(
  name: string,
  fingerprint = 'a',
  run: AgentToolSpec['run'] = async () => ({ content: [] }),
): AgentToolSpec {
  return {
    name,
    description: `tool ${name}`,
    inputSchema: { type: 'object' },
    readOnly: false,
    kind: 'server',
    serverName: 's',
    toolName: name,
    fingerprint,
    run,
  };
}

describe('WebMCP names', () => {
  it('keeps <server>__<tool> when both fit WebMCP\u2019s alphabet', () => {
    expect(webmcpToolName('everything', 'get-sum')).to.equal('everything__get-sum');
    expect(hostToolName('list_servers')).to.equal('dashboard__list_servers');
  });

  it('never lets two different tools share a name (cleaned parts get a tag of the exact pair)', () => {
    const pairs: Array<[string, string]> = [
      ['s__a', 't'],
      ['s', 'a__t'],
      ['s_', '_t'],
      ['s', '__t'],
      ['my server', 'tool'],
      ['my_server', 'tool'],
      ['サーバー', 'ツール'],
      ['dashboard', 'list_servers'],
      ['x'.repeat(100), 'y'.repeat(100)],
      ['x'.repeat(100), `${'y'.repeat(99)}z`],
    ];
    const names = pairs.map(([s, t]) => webmcpToolName(s, t));
    expect(new Set(names).size).to.equal(names.length);
    for (const name of names) expect(name).to.match(/^[A-Za-z0-9_.-]{1,128}$/);
    expect(webmcpToolName('dashboard', 'list_servers')).to.not.equal('dashboard__list_servers');
    expect(uniqueNames([{ name: 'a' }, { name: 'a' }]).map((x) => x.name)).to.deep.equal(['a', 'a_2']);
  });
});

describe('WebMcpRegistrar', () => {
  it('registers, re-registers what changed, and unregisters what went away (Chromium\u2019s AbortSignal form)', () => {
    const context = fakeContext();
    const registrar = new WebMcpRegistrar(context);
    registrar.sync([spec('a'), spec('b')]);
    expect([...context.tools.keys()]).to.deep.equal(['a', 'b']);
    const firstA = context.tools.get('a');
    registrar.sync([spec('a'), spec('b', 'changed'), spec('c')]);
    expect(context.tools.get('a')).to.equal(firstA, 'unchanged: not re-registered');
    expect([...context.tools.keys()].sort()).to.deep.equal(['a', 'b', 'c']);
    registrar.sync([spec('c')]);
    expect([...context.tools.keys()]).to.deep.equal(['c']);
    registrar.clear();
    expect(context.tools.size).to.equal(0);
  });

  it('uses unregisterTool where the browser has it (the WebMCP draft\u2019s form)', () => {
    const removed: string[] = [];
    const context: ModelContextLike = { registerTool: () => undefined, unregisterTool: (name) => removed.push(name) };
    const registrar = new WebMcpRegistrar(context);
    registrar.sync([spec('a')]);
    registrar.sync([]);
    expect(removed).to.deep.equal(['a']);
  });

  it('reports a registration the browser refused, and passes requestUserInteraction to the tool where offered', async () => {
    const context = fakeContext();
    const registrar = new WebMcpRegistrar(context);
    let interacted = false;
    registrar.sync([
      spec('bad name'),
      spec('ok', 'a', async (_input, interact) => {
        if (interact) await interact(async () => (interacted = true));
        return { content: [{ type: 'text', text: 'done' }] };
      }),
    ]);
    await new Promise((r) => setTimeout(r, 0));
    expect(registrar.failures().map((f) => f.name)).to.deep.equal(['bad name']);
    expect(registrar.names()).to.deep.equal(['ok']);
    const result = await context.tools.get('ok')!.execute({}, { requestUserInteraction: async (step) => step() });
    expect(interacted).to.equal(true);
    expect(result).to.deep.equal({ content: [{ type: 'text', text: 'done' }] });
    expect(context.tools.get('ok')!.annotations).to.deep.equal({ readOnlyHint: false, untrustedContentHint: true });
  });
});

describe('AgentAPI capabilities (host side)', () => {
  const branch = (action: string, readOnly = true) => ({
    properties: { action: { const: action }, params: { type: 'object' } },
    description: action,
    'x-mcpwp-readOnly': readOnly,
  });

  it('MCP-WP-3.5.2 reads one action per oneOf branch, with its params schema and whether it only reads', () => {
    const parsed = parseCapabilities({ type: 'object', oneOf: [branch('get-status'), branch('invoke-tool', false)] });
    expect('problem' in parsed).to.equal(false);
    if ('problem' in parsed) return;
    expect(parsed.actions.map((a) => [a.action, a.readOnly])).to.deep.equal([
      ['get-status', true],
      ['invoke-tool', false],
    ]);
  });

  it('refuses documents it cannot use, saying why', () => {
    const problem = (doc: unknown) => (parseCapabilities(doc) as { problem?: string }).problem;
    expect(problem(undefined)).to.match(/not a JSON Schema object/);
    expect(problem({ type: 'object' })).to.match(/oneOf/);
    expect(problem({ oneOf: [branch('a'), branch('a')] })).to.match(/listed twice/);
    expect(problem({ oneOf: [{ properties: { action: { const: 'Bad Name!' } } }] })).to.match(/branch 0/);
    const circular: Record<string, unknown> = { oneOf: [] };
    circular.self = circular;
    expect(problem(circular)).to.match(/not JSON/);
  });
});
