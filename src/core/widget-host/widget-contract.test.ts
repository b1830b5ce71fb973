import { expect } from '@open-wc/testing';
import { checkWidgetContract, assertWidgetContract, WidgetContractError } from './widget-contract.js';

const info = { serverName: 'srv', transport: 'stdio' as const };
const fn = async () => {};
function good(over: Record<string, unknown> = {}, api: Record<string, unknown> = {}) {
  return {
    api: { initialize: fn, destroy: fn, refresh: fn, ...api },
    widget: {
      protocolVersion: '1.0.0',
      element: 'mcp-srv-widget',
      displayName: 'Srv',
      icon: 'S',
      category: 'MCP Servers',
      mcpServerName: 'srv',
      transport: 'stdio',
      mcpProtocolVersion: '2025-06-18',
      capabilities: { tools: true, resources: false, prompts: false, sampling: false },
      ...over,
    },
  };
}
const rules = (result: unknown) => checkWidgetContract(result, info).map((v) => v.rule);

describe('widget contract as a JSON Schema (ajv), naming the broken rule', () => {
  it('a conforming result has no violations', () => {
    expect(checkWidgetContract(good(), info)).to.deep.equal([]);
  });
  it('MCP-WP-3.1.4 the factory must return { api, widget }', () => {
    expect(rules(undefined)).to.include('MCP-WP-3.1.4');
    expect(rules({ api: {} })).to.include('MCP-WP-3.1.4');
  });
  it('MCP-WP-3.4.1 lifecycle members must be functions', () => {
    expect(rules(good({}, { initialize: 'soon' }))).to.include('MCP-WP-3.4.1');
  });
  it('MCP-WP-3.5.2 an agent object needs getCapabilities and executeAction', () => {
    expect(rules(good({}, { agent: { getCapabilities: fn } }))).to.include('MCP-WP-3.5.2');
  });
  it('MCP-WP-4.1.1 every required metadata field must be present', () => {
    const r = good();
    delete (r.widget as Record<string, unknown>).icon;
    expect(rules(r)).to.include('MCP-WP-4.1.1');
  });
  it('MCP-WP-4.2.1 protocolVersion must be "1.0.0"', () =>
    expect(rules(good({ protocolVersion: '1.2.0' }))).to.include('MCP-WP-4.2.1'));
  it('MCP-WP-4.2.2 element must match ^mcp-[a-z0-9-]+-widget$', () =>
    expect(rules(good({ element: 'mcp-Srv' }))).to.include('MCP-WP-4.2.2'));
  it('MCP-WP-4.2.3 category must be "MCP Servers"', () =>
    expect(rules(good({ category: 'Servers' }))).to.include('MCP-WP-4.2.3'));
  it('MCP-WP-4.2.4 mcpServerName must match the server', () =>
    expect(rules(good({ mcpServerName: 'other' }))).to.include('MCP-WP-4.2.4'));
  it('MCP-WP-4.2.5 transport must match the server', () =>
    expect(rules(good({ transport: 'http' }))).to.include('MCP-WP-4.2.5'));
  it('MCP-WP-4.2.6 mcpProtocolVersion must be a protocol version date', () =>
    expect(rules(good({ mcpProtocolVersion: 'latest' }))).to.include('MCP-WP-4.2.6'));
  it('MCP-WP-4.2.8 permissions must follow the WidgetPermissions schema', () => {
    expect(rules(good({ permissions: { storage: 'forever' } }))).to.include('MCP-WP-4.2.8');
    expect(
      rules(good({ permissions: { mcpOperations: { invokeTool: true }, network: { domains: ['api.example.com'] } } })),
    ).to.deep.equal([]);
  });
  it('MCP-WP-4.2.9 trustLevel "verified" needs a signature', () => {
    expect(rules(good({ trustLevel: 'verified' }))).to.include('MCP-WP-4.2.9');
    const signature = {
      algorithm: 'ES256',
      publicKey: 'k',
      signature: 's',
      signedAt: '2025-01-01',
      publisher: { name: 'p' },
    };
    expect(rules(good({ trustLevel: 'verified', signature }))).to.deep.equal([]);
  });
  it('MCP-WP-4.2.10 integrity must be sha256-<base64>', () => {
    expect(rules(good({ integrity: 'md5-abc' }))).to.include('MCP-WP-4.2.10');
    expect(rules(good({ integrity: `sha256-${'A'.repeat(43)}=` }))).to.deep.equal([]);
  });
  it('MCP-WP-4.2.11 mcpUICompatible needs api.toMCPUI()', () => {
    expect(rules(good({ mcpUICompatible: true }))).to.include('MCP-WP-4.2.11');
    expect(rules(good({ mcpUICompatible: true }, { toMCPUI: () => ({}) }))).to.deep.equal([]);
  });
  it('assertWidgetContract throws a WidgetContractError listing every violation', () => {
    let caught: unknown;
    try {
      assertWidgetContract(good({ category: 'x', transport: 'http' }), info);
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(WidgetContractError);
    expect((caught as WidgetContractError).violations.map((v) => v.rule)).to.include.members([
      'MCP-WP-4.2.3',
      'MCP-WP-4.2.5',
    ]);
    expect((caught as Error).message).to.contain('MCP-WP-4.2.3');
  });

  it('a violation says where and what the widget returned (the value is read at the error’s path in the result)', () => {
    const messages = (result: unknown) => checkWidgetContract(result, info).map((v) => v.message);
    expect(messages(good({ category: 'Servers' }))).to.include('widget.category must be "MCP Servers", not "Servers"');
    expect(messages(good({ element: 'mcp-Srv' }))).to.include(
      'widget.element "mcp-Srv" must match ^mcp-[a-z0-9-]+-widget$',
    );
    expect(messages(good({}, { initialize: 'soon' }))).to.include('api.initialize must be a function');
    expect(messages(good({ trustLevel: 'verified' }))).to.include('widget is missing "signature"');
  });
});
