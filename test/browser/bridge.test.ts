import { expect } from '@open-wc/testing';
import { EventBus } from '../../src/core/services/event-bus.js';
import { GatewayClient } from '../../src/core/shared/gateway-api/gateway-client.js';
import { MCPBridge } from '../../src/core/bridge/mcp-bridge.js';
import { MCPError } from '../../src/core/bridge/mcp-error.js';
import { useDashboard } from '../support/setup.js';

// One gateway for the file: each describe opens its own sessions on it.
const env = useDashboard({
  mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'] } },
  mount: 'none',
});

describe('MCPBridge against server-everything through the real gateway', () => {
  let bus: EventBus;
  let bridge: MCPBridge;
  const events: Array<{ event: string; data: any }> = [];

  before(() => {
    bus = new EventBus();
    bus.on('mcp:*', (data, meta) => events.push({ event: meta.event, data }));
    bridge = new MCPBridge({
      bus,
      gateway: new GatewayClient({ baseUrl: env.gateway.origin, token: env.gateway.token }),
    });
  });

  after(() => bridge?.disconnect('everything'));

  it('MCP-WP-10.1.2 connects, initialises and lists tools, resources and prompts (all pages)', async () => {
    const info = await bridge.connect('everything', 'stdio');
    expect(info.serverName).to.equal('everything');
    expect(info.transport).to.equal('stdio');
    expect(info.protocolVersion).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.tools.map((t) => t.name)).to.include.members(['echo', 'get-sum', 'trigger-long-running-operation']);
    expect(info.resources.length).to.be.greaterThan(0);
    expect(info.prompts.map((p) => p.name)).to.include('simple-prompt');
    expect(bridge.isConnected('everything')).to.equal(true);
    expect(events.some((e) => e.event === 'mcp:server:connected' && e.data.serverName === 'everything')).to.equal(true);
  });

  it('MCP-WP-6.2.2 callTool sends tools/call and emits calling then result with latency', async () => {
    events.length = 0;
    const result = await bridge.callTool('everything', 'echo', { message: 'round trip' }, { requestId: 'r1' });
    expect(result.content[0]!.text).to.equal('Echo: round trip');
    const names = events.map((e) => e.event);
    expect(names.indexOf('mcp:tool:calling')).to.be.lessThan(names.indexOf('mcp:tool:result'));
    const done = events.find((e) => e.event === 'mcp:tool:result')!;
    expect(done.data).to.include({ serverName: 'everything', toolName: 'echo', requestId: 'r1' });
    expect(done.data.latency).to.be.a('number');
  });

  it('MCP-WP-6.2.3 readResource sends resources/read and emits mcp:resource:read', async () => {
    const info = bridge.getServer('everything')!.info!;
    const uri = info.resources[0]!.uri;
    const contents = await bridge.readResource('everything', uri);
    expect(contents.contents[0]!.uri).to.equal(uri);
    expect(events.some((e) => e.event === 'mcp:resource:read' && e.data.uri === uri)).to.equal(true);
  });

  it('MCP-WP-6.2.4 getPrompt sends prompts/get and emits mcp:prompt:result', async () => {
    const messages = await bridge.getPrompt('everything', 'args-prompt', { city: 'Kyoto' });
    expect(JSON.stringify(messages.messages)).to.contain('Kyoto');
    expect(events.some((e) => e.event === 'mcp:prompt:result' && e.data.promptName === 'args-prompt')).to.equal(true);
  });

  it('MCP-WP-6.2.5 turns a JSON-RPC error into an MCPError with jsonrpcCode and emits mcp:tool:error', async () => {
    events.length = 0;
    let caught: unknown;
    try {
      await bridge.getPrompt('everything', 'no-such-prompt', {});
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(MCPError);
    expect((caught as MCPError).jsonrpcCode).to.be.a('number');
    expect((caught as MCPError).guidance)
      .to.be.a('string')
      .and.not.equal('');
    let toolError: unknown;
    try {
      await bridge.callTool('everything', 'get-sum', { a: 'not a number', b: 2 });
    } catch (error) {
      toolError = error;
    }
    // The server either rejects with -32602 or reports isError; both must reach the caller visibly.
    if (toolError) {
      expect((toolError as MCPError).jsonrpcCode).to.equal(-32602);
      expect(events.some((e) => e.event === 'mcp:tool:error')).to.equal(true);
    } else {
      expect(events.find((e) => e.event === 'mcp:tool:result')!.data.result.isError).to.equal(true);
    }
  });

  it('reports progress notifications of a long-running tool', async () => {
    const progress: number[] = [];
    const result = await bridge.callTool(
      'everything',
      'trigger-long-running-operation',
      { duration: 1, steps: 3 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(progress).to.deep.equal([1, 2, 3]);
    expect(result.content[0]!.text).to.contain('completed');
  });

  it('an unknown server gives a specific MCPError, not a crash', async () => {
    let caught: unknown;
    try {
      await bridge.connect('nope', 'stdio');
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(MCPError);
    expect((caught as Error).message).to.contain('No server named "nope"');
  });
});

describe('MCPBridge when its client code cannot be loaded', () => {
  it('a failed load of the SDK chunk puts the server in error with what to do; the next connect loads it and works', async () => {
    const bus = new EventBus();
    const errors: string[] = [];
    bus.on('mcp:server:error', (data: { error: MCPError }) => errors.push(data.error.message));
    let attempts = 0;
    const bridge = new MCPBridge({
      bus,
      gateway: new GatewayClient({ baseUrl: env.gateway.origin, token: env.gateway.token }),
      // The first load fails as a dynamic import does when the gateway is briefly gone; the second is the real one.
      loadSdk: () =>
        ++attempts === 1
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          : import('@modelcontextprotocol/client'),
    });
    let failure: unknown;
    await bridge.connect('everything', 'stdio').catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(MCPError);
    expect((failure as MCPError).message).to.match(
      /could not load its MCP client code \(Failed to fetch dynamically imported module\)\. .*Reconnect or reload/,
    );
    expect(errors).to.have.length(1);
    expect(bridge.getServer('everything')?.state).to.equal('error');
    const info = await bridge.connect('everything', 'stdio');
    expect(info.tools.map((t) => t.name)).to.include('echo');
    expect(bridge.isConnected('everything')).to.equal(true);
    await bridge.disconnect('everything');
  });
});
