import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { startHttpServer } from '../support/http-fixtures.mjs';

// Both protocol eras through the gateway: a client that negotiates (the SDK's
// versionNegotiation 'auto', as the dashboard's bridge does) gets 2026-07-28 from upstreams that speak
// it — over stdio (the SDK's serveStdio, configured "protocol": "2026-07-28") and over HTTP
// (createMcpHandler) — and 2025-11-25 from the rest; a 2025-only client still gets 2025 sessions from
// the 2026-capable servers.
type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;
let gw: Gw;
let modernHttp: Awaited<ReturnType<typeof startHttpServer>>;

before(async () => {
  modernHttp = await startHttpServer({
    script: 'test/fixtures/relay-probe-server.mjs',
    args: ['--http', '0', '--modern'],
  });
  gw = await startGatewayProcess({
    config: {
      mcpServers: {
        // A stdio server is asked about 2026 only when its config says it speaks it (gateway-era-probe.md).
        'modern-stdio': {
          command: 'node',
          args: ['test/fixtures/relay-probe-server.mjs', '--modern'],
          protocol: '2026-07-28',
        },
        'modern-http': { type: 'http', url: modernHttp.url() },
        'legacy-stdio': { command: 'node', args: ['test/fixtures/relay-probe-server.mjs'] },
      },
    },
  });
});

after(async () => {
  await gw?.stop();
  await modernHttp?.stop();
});

async function connect(name: string, negotiate: boolean): Promise<Client> {
  const client = new Client(
    { name: 'era-test', version: '1' },
    { capabilities: {}, ...(negotiate ? { versionNegotiation: { mode: 'auto' as const } } : {}) },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), {
      requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
    }),
  );
  return client;
}

async function era(client: Client): Promise<string> {
  const result = await client.callTool({ name: 'era', arguments: {} });
  return (result.content as Array<{ text: string }>)[0]!.text;
}

async function stderrOf(name: string): Promise<string> {
  const res = await fetch(`${gw.origin}/api/servers/${name}/stderr`, {
    headers: { Authorization: `Bearer ${gw.token}` },
  });
  return (await res.json()).stderr as string;
}

describe('protocol eras', () => {
  for (const name of ['modern-stdio', 'modern-http']) {
    test(`${name}: a negotiating client gets 2026-07-28 through the gateway, calls work, and no session is opened`, async () => {
      const client = await connect(name, true);
      assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
      assert.equal(await era(client), 'era 2026-07-28');
      const counted = await client.callTool({ name: 'count', arguments: { n: 3, delayMs: 0 } });
      assert.equal((counted.content as Array<{ text: string }>)[0]!.text, 'counted 3');
      const servers = (
        await (await fetch(`${gw.origin}/api/servers`, { headers: { Authorization: `Bearer ${gw.token}` } })).json()
      ).servers as Array<{ name: string; sessions: number }>;
      assert.equal(
        servers.find((s) => s.name === name)!.sessions,
        0,
        '2026 requests are relayed without a gateway session',
      );
      await client.close();
    });

    test(`${name}: a 2025-only client still gets a 2025-11-25 session`, async () => {
      const client = await connect(name, false);
      assert.equal(client.getNegotiatedProtocolVersion(), '2025-11-25');
      // createMcpHandler serves 2025 requests statelessly (a fresh server per request), which then cannot name its version.
      assert.match(await era(client), name === 'modern-http' ? /^era (2025-11-25|unknown)$/ : /^era 2025-11-25$/);
      await client.close();
    });
  }

  test('two negotiating clients share the 2026 stdio child without mixing up their answers', async () => {
    const [a, b] = await Promise.all([connect('modern-stdio', true), connect('modern-stdio', true)]);
    const results = await Promise.all([
      a.callTool({ name: 'count', arguments: { n: 5, delayMs: 20 } }),
      b.callTool({ name: 'count', arguments: { n: 2, delayMs: 20 } }),
      a.callTool({ name: 'env', arguments: { name: 'NO_SUCH_VARIABLE' } }),
    ]);
    assert.deepEqual(
      results.map((r) => (r.content as Array<{ text: string }>)[0]!.text),
      ['counted 5', 'counted 2', '(unset)'],
    );
    await Promise.all([a.close(), b.close()]);
  });

  test('a 2025-only stdio server: the negotiating client falls back to 2025-11-25 (the gateway answers its probe), on one process', async () => {
    const client = await connect('legacy-stdio', true);
    assert.equal(client.getNegotiatedProtocolVersion(), '2025-11-25');
    assert.equal(await era(client), 'era 2025-11-25');
    const starts = (await stderrOf('legacy-stdio')).match(/started \(pid \d+\)/g) ?? [];
    assert.equal(starts.length, 1, 'the 2025 session uses the one child started (the warm spare)');
    // The next negotiating client is told at once too, without a process.
    const again = await connect('legacy-stdio', true);
    assert.equal(again.getNegotiatedProtocolVersion(), '2025-11-25');
    await Promise.all([client.close(), again.close()]);
  });
});
