import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect as tcpConnect, type Socket } from 'node:net';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { gatewayRequest, startGatewayProcess } from '../support/gateway-process.mjs';
import { childPids } from '../support/wtr-gateway-plugin.mjs';

type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;

// Short limits (MCP_DASHBOARD_TEST_LIMITS) so the bounds can be watched in seconds; docs/security.md lists the defaults.
const LIMITS = {
  idleConnectionMs: 1500,
  keepAliveMs: 500,
  headersTimeoutMs: 1000,
  requestTimeoutMs: 2000,
  maxConnections: 64,
  sessionsPerServer: 3,
};
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** One raw POST to /mcp/<server>; resolves with status, body and the session id it opened, if any. */
function post(
  gw: Gw,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; session?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: gw.port,
        path,
        method: 'POST',
        headers: { Host: `127.0.0.1:${gw.port}`, Authorization: `Bearer ${gw.token}`, ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            session: res.headers['mcp-session-id'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Resolves when `socket` is closed by the other side (an event, not a poll), with the time it took. */
function closedBy(socket: Socket, started: number): Promise<number> {
  return new Promise((resolve) => socket.once('close', () => resolve(Date.now() - started)));
}

/** A TCP connection that sends nothing (but reads what it is sent, so it sees the server close it). */
function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.on('error', reject);
    socket.resume();
  });
}

/** Opens a session's standalone event stream (GET SSE) and keeps it, as a page's does. */
function holdStream(gw: Gw, session: string): Promise<import('node:http').ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: gw.port,
        path: '/mcp/everything',
        headers: {
          Host: `127.0.0.1:${gw.port}`,
          Authorization: `Bearer ${gw.token}`,
          Accept: 'text/event-stream',
          'mcp-session-id': session,
        },
      },
      (res) => {
        res.resume();
        if (res.statusCode === 200) resolve(req);
        else reject(new Error(`GET stream answered ${res.statusCode}`));
      },
    );
    req.on('error', () => {});
    req.end();
  });
}

async function mcpClient(gw: Gw, server: string): Promise<Client> {
  const client = new Client({ name: 'bounds-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${server}`), {
      requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
    }),
  );
  return client;
}

/** Waits (checking every 50 ms) until the gateway has `count` child processes; returns their pids. */
async function untilChildren(gw: Gw, count: number): Promise<number[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const pids = childPids(gw.pid);
    if (pids.length === count) return pids;
    if (Date.now() > deadline) throw new Error(`expected ${count} child processes, the gateway has ${pids.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the gateway has at most `count` child processes (15 s at most); returns the pids it saw last. */
async function untilAtMost(gw: Gw, count: number): Promise<number[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const pids = childPids(gw.pid);
    if (pids.length <= count || Date.now() > deadline) return pids;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until the gateway's children have not changed for 1.5 s (15 s at most): a warm spare refilled or a catalog
 * discovery after an earlier test is not something a later test sent. Returns the pids.
 */
async function untilSettled(gw: Gw): Promise<number[]> {
  const deadline = Date.now() + 15_000;
  let last = childPids(gw.pid).sort().join(',');
  let since = Date.now();
  while (Date.now() - since < 1500 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const now = childPids(gw.pid).sort().join(',');
    if (now !== last) [last, since] = [now, Date.now()];
  }
  return childPids(gw.pid);
}

describe('gateway bounds: nothing spawned for a refused initialize, a session cap, connection limits and timeouts on both ports', () => {
  let gw: Gw;
  let sandboxPort: number;

  before(async () => {
    gw = await startGatewayProcess({
      config: { mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'] } } },
      limits: LIMITS,
    });
    sandboxPort = JSON.parse((await gatewayRequest(gw.port, 'GET', '/api/sandbox', { token: gw.token })).body).port;
    // The catalog's short-lived child (catalog.ts) has come and gone before processes are counted.
    for (let i = 0; i < 300; i++) {
      const { servers } = JSON.parse(
        (await gatewayRequest(gw.port, 'GET', '/api/catalog', { token: gw.token })).body,
      ) as { servers: Record<string, { state: string }> };
      if (Object.values(servers).every((e) => e.state !== 'pending')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  after(async () => {
    await gw?.stop();
  });

  test('an initialize refused for its Accept, Content-Type, JSON-RPC or batch starts no server process; a valid one runs on the warm spare', async () => {
    // The gateway keeps one warm, not-yet-initialized process per server: that one is the baseline.
    const spare = await untilChildren(gw, 1);
    const init = JSON.stringify(INIT);
    const refused: Array<[string, string, Record<string, string>, number]> = [
      ['no SSE in Accept', init, { 'Content-Type': 'application/json', Accept: 'application/json' }, 406],
      ['text/plain body', init, { 'Content-Type': 'text/plain', Accept: MCP_HEADERS.Accept }, 415],
      ['two initializes in a batch', JSON.stringify([INIT, { ...INIT, id: 2 }]), MCP_HEADERS, 400],
      [
        'initialize and ping in a batch',
        JSON.stringify([INIT, { jsonrpc: '2.0', id: 2, method: 'ping' }]),
        MCP_HEADERS,
        400,
      ],
      ['not JSON-RPC', JSON.stringify({ method: 'initialize', id: 1 }), MCP_HEADERS, 400],
    ];
    for (const [what, body, headers, status] of refused) {
      const answer = await post(gw, '/mcp/everything', body, headers);
      assert.equal(answer.status, status, `${what}: ${answer.body}`);
      assert.equal(answer.session, undefined, what);
      assert.deepEqual(childPids(gw.pid), spare, `${what} left a child process`);
    }
    // The control: the same request, valid, gets the warm process; a new spare follows in the background
    // (on a busy machine it may already be there: the spare is still running, and nothing else was started).
    const client = await mcpClient(gw, 'everything');
    try {
      const now = childPids(gw.pid);
      assert.ok(
        spare.every((pid) => now.includes(pid)),
        `the warm spare serves the session: ${now} vs ${spare}`,
      );
      assert.ok(now.length <= 2, `at most the spare and its replacement: ${now}`);
      assert.ok((await client.listTools()).tools.length > 0);
      await untilChildren(gw, 2);
    } finally {
      // Ended as a page ends it (DELETE): its process is gone before the next test counts processes. Left
      // open, it stayed beside the next test's sessions, whose count then depended on when the spare came back.
      await (client.transport as StreamableHTTPClientTransport).terminateSession().catch(() => {});
      await client.close();
    }
    // Ending the session ended the spare's process: the session ran on it, not on one of its own.
    const left = await untilChildren(gw, 1);
    assert.ok(!left.includes(spare[0]!), `the session ran on the warm spare (left: ${left}, spare: ${spare})`);
  });

  test('a per-server session cap: with 3 sessions in use (cap 3 here, 16 by default) the next is refused with what to do; a session whose client left makes room', async () => {
    // Three sessions in use, as pages hold them: each keeps its event stream (a GET SSE) open.
    const streams: Array<import('node:http').ClientRequest> = [];
    for (let i = 0; i < 3; i++) {
      const opened = await post(gw, '/mcp/everything', JSON.stringify(INIT), MCP_HEADERS);
      assert.equal(opened.status, 200, opened.body);
      await post(gw, '/mcp/everything', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), {
        ...MCP_HEADERS,
        'mcp-session-id': opened.session!,
      });
      streams.push(await holdStream(gw, opened.session!));
    }
    try {
      // The three sessions' processes and the warm spare (made again after the first session took it).
      const held = (await untilChildren(gw, 4)).length;
      const refused = await post(gw, '/mcp/everything', JSON.stringify(INIT), MCP_HEADERS);
      assert.equal(refused.status, 503);
      assert.match(
        JSON.parse(refused.body).error.message,
        /all 3 it may run \("maxChildren" in the config\) are in use, so this tab is not connected.*Close dashboard tabs you no longer use/,
      );
      // A process the refused session had started would stay; one the gateway runs for a moment on its own
      // (on a busy machine a catalog listing can land here) goes again.
      assert.equal(
        (await untilChildren(gw, held).catch(() => childPids(gw.pid))).length,
        held,
        'the refused session started no process',
      );
      // One client goes away without saying so (a closed tab): its session makes room for the next.
      streams.pop()!.destroy();
      const client = await mcpClient(gw, 'everything');
      assert.ok((await client.listTools()).tools.length > 0);
      // The left session's process may still be exiting when the new one starts (a busy machine reaps it late):
      // the count settles at the cap and the spare, never above.
      const settled = await untilAtMost(gw, 3 + 1);
      assert.ok(settled.length <= 3 + 1, `never more children than the cap and the spare: ${settled}`);
      await client.close();
    } finally {
      // Whatever failed above, the next tests start with no session of this one held open.
      for (const s of streams) s.destroy();
    }
  });

  for (const which of ['gateway', 'sandbox'] as const) {
    test(`${which} port: 300 connections that send nothing are closed within the idle timeout, and the dashboard keeps working meanwhile`, async () => {
      const port = which === 'gateway' ? gw.port : sandboxPort;
      const started = Date.now();
      const sockets: Socket[] = [];
      const closed: Array<Promise<number>> = [];
      for (let i = 0; i < 300; i++) {
        const socket = await open(port).catch(() => undefined);
        if (!socket) continue; // refused at the limit: also fine
        socket.on('error', () => {});
        sockets.push(socket);
        closed.push(closedBy(socket, started));
      }
      // While they are open (the oldest idle ones make room at the limit), the page's requests get through.
      const servers = await gatewayRequest(gw.port, 'GET', '/api/servers', { token: gw.token });
      assert.equal(servers.status, 200);
      const client = await mcpClient(gw, 'everything');
      assert.ok((await client.listTools()).tools.length > 0);
      await client.close();
      const times = await Promise.all(closed);
      const slowest = Math.max(...times);
      // Node answers 408 after the headers timeout; the guard's own idle timer is the backstop.
      assert.ok(
        slowest < Math.max(LIMITS.headersTimeoutMs, LIMITS.idleConnectionMs) + 3000,
        `every idle connection was closed by the ${which}, the last after ${slowest} ms`,
      );
      assert.equal((await gatewayRequest(gw.port, 'GET', '/healthz')).status, 200);
    });

    test(`${which} port: a request whose headers never finish is cut off after the headers timeout`, async () => {
      const port = which === 'gateway' ? gw.port : sandboxPort;
      const socket = await open(port);
      socket.on('error', () => {});
      const started = Date.now();
      const done = closedBy(socket, started);
      socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
      const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
      const took = await done;
      clearInterval(drip);
      assert.ok(took < LIMITS.headersTimeoutMs + 2500, `cut off after ${took} ms`);
    });
  }

  test('a slow body is cut off after the request timeout (408), and nothing is spawned for it', async () => {
    const children = (await untilSettled(gw)).sort();
    const socket = await open(gw.port);
    socket.on('error', () => {});
    let answer = '';
    socket.removeAllListeners('data');
    socket.on('data', (d) => (answer += d.toString()));
    const started = Date.now();
    const done = closedBy(socket, started);
    const body = JSON.stringify(INIT);
    socket.write(
      `POST /mcp/everything HTTP/1.1\r\nHost: 127.0.0.1:${gw.port}\r\nAuthorization: Bearer ${gw.token}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    const drip = setInterval(() => socket.writable && sent < body.length - 1 && socket.write(body[sent++]!), 100);
    const took = await done;
    clearInterval(drip);
    assert.ok(took < LIMITS.requestTimeoutMs + 2500, `cut off after ${took} ms`);
    assert.match(answer, /^HTTP\/1\.1 408/);
    // Nothing new was started (a child of an earlier test's closed session, or the catalog's short-lived one, may have exited meanwhile).
    assert.deepEqual(
      childPids(gw.pid).filter((pid) => !children.includes(pid)),
      [],
      'no process was started for the slow request',
    );
  });

  test('an authenticated event stream stays open past the idle timeout (long-lived responses are not idle connections)', async () => {
    const stream = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: gw.port,
          path: '/api/events',
          headers: { Host: `127.0.0.1:${gw.port}`, Authorization: `Bearer ${gw.token}` },
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    assert.equal(stream.statusCode, 200);
    let closedEarly = false;
    stream.on('close', () => (closedEarly = true));
    stream.resume();
    await new Promise((r) => setTimeout(r, LIMITS.idleConnectionMs * 2));
    assert.equal(closedEarly, false);
    stream.destroy();
  });
});
