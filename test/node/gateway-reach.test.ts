import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { startEverythingHttp } from '../support/http-fixtures.mjs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Reaching HTTP servers that are not Streamable HTTP, and surviving their restarts:
// server-everything's legacy `sse` mode by "type": "sse" and by the plain-url fallback, and its
// `streamableHttp` mode restarted in the middle of a session.
type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;
type Summary = {
  name: string;
  state: string;
  restarts: number;
  upstreamTransport?: string;
  problem: { step: string; kind: string } | null;
};

let gw: Gw;
let sse: Awaited<ReturnType<typeof startEverythingHttp>>;
let streamable: Awaited<ReturnType<typeof startEverythingHttp>>;
let recorder: Server;
/** What reached the streamable server through the recording proxy: each POSTed message's method and its MCP-Protocol-Version header. */
const recorded: Array<{ method: string; version: string | undefined }> = [];
/** Behind `/no-get/` the recorder refuses the GET event stream with 404 (not 405), as the conformance suite's servers do. */
const noGet = { initializes: 0, getsRefused: 0 };

/** A loopback proxy to the streamable server that records the MCP-Protocol-Version header of every POST. */
async function startRecorder(): Promise<Server> {
  const hop = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (req.url?.startsWith('/no-get/')) {
      req.url = req.url.slice('/no-get'.length);
      if (req.method === 'GET') {
        noGet.getsRefused += 1;
        res.writeHead(404).end();
        return;
      }
      if (req.method === 'POST' && body.includes('"initialize"')) noGet.initializes += 1;
    } else if (req.method === 'POST') {
      const version = req.headers['mcp-protocol-version'] as string | undefined;
      for (const m of [JSON.parse(body.toString('utf8'))].flat() as Array<{ method?: string }>)
        recorded.push({ method: m.method ?? '(answer)', version });
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k, v]) => !hop.has(k) && typeof v === 'string'),
    ) as Record<string, string>;
    const aborted = new AbortController();
    res.once('close', () => aborted.abort());
    try {
      const answer = await fetch(`http://127.0.0.1:${streamable.port}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'POST' ? body : undefined,
        signal: aborted.signal,
      });
      res.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([k]) => !hop.has(k))));
      if (answer.body) for await (const chunk of answer.body) res.write(chunk);
      res.end();
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

before(async () => {
  [sse, streamable] = await Promise.all([startEverythingHttp('sse'), startEverythingHttp('streamableHttp')]);
  recorder = await startRecorder();
  gw = await startGatewayProcess({
    config: {
      mcpServers: {
        'legacy-sse': { type: 'sse', url: sse.url('/sse') },
        'plain-url': { url: sse.url('/sse') },
        restarting: { type: 'http', url: streamable.url('/mcp') },
        recorded: { type: 'http', url: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/mcp` },
        'no-get': { type: 'http', url: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/no-get/mcp` },
      },
    },
  });
});

after(async () => {
  await gw?.stop();
  recorder?.closeAllConnections();
  recorder?.close();
  await Promise.all([sse?.stop(), streamable?.stop()]);
});

async function connect(name: string, logs: string[] = []): Promise<Client> {
  const client = new Client({ name: 'reach-test', version: '1' }, { capabilities: {} });
  client.setNotificationHandler('notifications/message', (n) => {
    logs.push(String(n.params.data));
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), {
      requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
    }),
  );
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
    const log = await (
      await fetch(`${gw.origin}/api/servers/plain-url/stderr`, { headers: { Authorization: `Bearer ${gw.token}` } })
    ).json();
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
    const inFlight = client.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } },
      { timeout: 60_000 },
    );
    await new Promise((r) => setTimeout(r, 300));
    await streamable.stop();
    await assert.rejects(inFlight, (error: Error & { code?: number }) => {
      assert.equal(error.code, -32000);
      assert.match(
        error.message,
        /Server "restarting" \(http:\/\/127\.0\.0\.1:\d+\) lost this session while handling "tools\/call"/,
      );
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
    assert.ok(
      logs.some((l) => /lost its session/.test(l)),
      `the client was told: ${JSON.stringify(logs)}`,
    );
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

describe('protocol version header upstream', () => {
  test('MCP 2025-11-25 transports (Streamable HTTP, "Protocol Version Header"): after initialize, every request the gateway relays upstream carries MCP-Protocol-Version', async () => {
    recorded.length = 0;
    const client = await connect('recorded');
    assert.equal(await echo(client, 'versioned'), 'Echo: versioned');
    const negotiated = (client.transport as StreamableHTTPClientTransport).protocolVersion;
    assert.ok(negotiated, 'the client negotiated a version');
    await client.close();
    const init = recorded.findIndex((r) => r.method === 'initialize');
    assert.ok(init >= 0, `initialize went through the recorder: ${JSON.stringify(recorded)}`);
    const after = recorded.slice(init + 1);
    assert.ok(
      after.some((r) => r.method === 'tools/call'),
      `the call went through the recorder: ${JSON.stringify(recorded)}`,
    );
    assert.deepEqual(
      after.filter((r) => r.version !== negotiated),
      [],
      `every message after initialize says ${negotiated}`,
    );
  });

  test('a server that answers the GET event stream with 404 instead of 405 keeps its session: the gateway checks with a ping and does not re-initialize', async () => {
    const client = await connect('no-get');
    try {
      assert.equal(await echo(client, 'first'), 'Echo: first');
      // The refusal happened (the sentinel), and the session outlived it.
      const deadline = Date.now() + 10_000;
      while (noGet.getsRefused === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.ok(noGet.getsRefused >= 1, 'the gateway tried the GET stream and was refused');
      assert.equal(await echo(client, 'second'), 'Echo: second');
      assert.equal(await echo(client, 'third'), 'Echo: third');
      assert.equal(
        noGet.initializes,
        1,
        `one initialize upstream, not a re-open per refused GET (refused ${noGet.getsRefused})`,
      );
      assert.equal((await summary('no-get')).state, 'running');
    } finally {
      await client.close();
    }
  });
});
