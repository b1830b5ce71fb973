import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { startEverythingHttp } from '../support/http-fixtures.mjs';

// Reaching HTTP servers that are not Streamable HTTP, and surviving their restarts (issue 13):
// server-everything's legacy `sse` mode by "type": "sse" and by the plain-url fallback, and its
// `streamableHttp` mode restarted in the middle of a session.
type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;
type Summary = { name: string; state: string; restarts: number; upstreamTransport?: string; problem: { step: string; kind: string } | null };

let gw: Gw;
let sse: Awaited<ReturnType<typeof startEverythingHttp>>;
let streamable: Awaited<ReturnType<typeof startEverythingHttp>>;

before(async () => {
  [sse, streamable] = await Promise.all([startEverythingHttp('sse'), startEverythingHttp('streamableHttp')]);
  gw = await startGatewayProcess({
    config: {
      mcpServers: {
        'legacy-sse': { type: 'sse', url: sse.url('/sse') },
        'plain-url': { url: sse.url('/sse') },
        restarting: { type: 'http', url: streamable.url('/mcp') },
      },
    },
  });
});

after(async () => {
  await gw?.stop();
  await Promise.all([sse?.stop(), streamable?.stop()]);
});

async function connect(name: string, logs: string[] = []): Promise<Client> {
  const client = new Client({ name: 'reach-test', version: '1' }, { capabilities: {} });
  client.setNotificationHandler('notifications/message', (n) => {
    logs.push(String(n.params.data));
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), { requestInit: { headers: { Authorization: `Bearer ${gw.token}` } } }));
  return client;
}

async function summary(name: string): Promise<Summary> {
  const res = await fetch(`${gw.origin}/api/servers`, { headers: { Authorization: `Bearer ${gw.token}` } });
  return ((await res.json()).servers as Summary[]).find((s) => s.name === name)!;
}

async function echo(client: Client, message: string): Promise<string> {
  const result = await client.callTool({ name: 'echo', arguments: { message } }, { timeout: 15_000 });
  return (result.content as Array<{ text: string }>)[0]!.text;
}

describe('legacy HTTP+SSE servers', () => {
  test('"type": "sse" reaches server-everything in its sse mode', async () => {
    const client = await connect('legacy-sse');
    assert.equal(await echo(client, 'over sse'), 'Echo: over sse');
    assert.equal((await summary('legacy-sse')).upstreamTransport, 'sse');
    await client.close();
  });

  test('a plain url falls back from Streamable HTTP to SSE when the POST is answered 404 (MCP 2025-03-26 backwards compatibility)', async () => {
    const client = await connect('plain-url');
    assert.equal(await echo(client, 'after fallback'), 'Echo: after fallback');
    const s = await summary('plain-url');
    assert.equal(s.upstreamTransport, 'sse');
    assert.equal(s.problem, null, 'no raw "Cannot POST /sse" page or any problem is left on the card');
    const log = await (await fetch(`${gw.origin}/api/servers/plain-url/stderr`, { headers: { Authorization: `Bearer ${gw.token}` } })).json();
    assert.match(log.stderr, /Streamable HTTP POST answered 404; trying the older HTTP\+SSE transport/);
    await client.close();
  });
});

describe('recovery of a lost HTTP session', () => {
  test('server-everything (streamableHttp) restarted mid-session: the call in flight fails saying so, the state is honest, the next call works without reconnecting', async () => {
    const logs: string[] = [];
    const client = await connect('restarting', logs);
    assert.equal(await echo(client, 'before'), 'Echo: before');
    assert.equal((await summary('restarting')).state, 'running');
    const port = streamable.port;
    // A long call is running when the server goes away.
    const inFlight = client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } }, { timeout: 60_000 });
    await new Promise((r) => setTimeout(r, 300));
    await streamable.stop();
    await assert.rejects(inFlight, (error: Error & { code?: number }) => {
      assert.equal(error.code, -32000);
      assert.match(error.message, /Server "restarting" \(http:\/\/127\.0\.0\.1:\d+\/mcp\) lost this session while handling "tools\/call"/);
      assert.match(error.message, /The gateway is opening a new session; try again\./);
      return true;
    });
    // While the server is down the card must not say it is fine.
    const down = await summary('restarting');
    assert.equal(down.state, 'restarting');
    assert.ok(down.problem, 'a diagnosis is shown while it is down');
    // The server comes back on the same port (a new process: it knows none of the old sessions).
    streamable = await startEverythingHttp('streamableHttp', port);
    let answer: string | undefined;
    for (let attempt = 0; attempt < 40 && answer === undefined; attempt += 1) {
      answer = await echo(client, 'after').catch(() => undefined);
      if (answer === undefined) await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(answer, 'Echo: after');
    const up = await summary('restarting');
    assert.equal(up.state, 'running');
    assert.equal(up.problem, null);
    assert.ok(up.restarts >= 1);
    assert.ok(logs.some((l) => /lost its session/.test(l)), `the client was told: ${JSON.stringify(logs)}`);
    await client.close();
  });

  test('an unknown-session answer on the next call (the server restarted while idle) is healed in place: that call succeeds', async () => {
    const client = await connect('restarting');
    assert.equal(await echo(client, 'one'), 'Echo: one');
    const port = streamable.port;
    await streamable.stop();
    streamable = await startEverythingHttp('streamableHttp', port);
    // No wait: the very next call meets the 404, the gateway re-initializes and sends it again.
    assert.equal(await echo(client, 'two'), 'Echo: two');
    await client.close();
  });
});
