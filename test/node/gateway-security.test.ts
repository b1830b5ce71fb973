import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { request } from 'node:http';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { childPids } from '../support/wtr-gateway-plugin.mjs';

type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;

/** A raw HTTP request so Host and Origin can be set freely (fetch forbids both). */
function raw(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; host?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.host ?? '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { Host: `127.0.0.1:${port}`, ...(options.headers ?? {}) },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, unknown>, body }),
        );
      },
    );
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

describe('gateway security', () => {
  let gw: Gw;
  let auth: Record<string, string>;

  before(async () => {
    gw = await startGatewayProcess({
      config: {
        mcpServers: {
          everything: { command: 'mcp-server-everything', args: ['stdio'], env: { SECRET_VALUE: 'env-secret-123' } },
          remote: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer header-secret-456' } },
        },
      },
    });
    auth = { Authorization: `Bearer ${gw.token}` };
  });
  after(async () => {
    await gw?.stop();
  });

  test('the printed address is localhost with a 256-bit launch code in the fragment; the token it buys is 256 bits too', () => {
    assert.match(gw.printedUrl, /^http:\/\/localhost:\d+\/#code=[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(gw.code!, 'base64url').length, 32);
    assert.equal(Buffer.from(gw.token!, 'base64url').length, 32);
    assert.notEqual(gw.token, gw.code);
  });

  test('binds 127.0.0.1 only: other local addresses refuse the connection', async () => {
    const ok = await raw(gw.port, '/healthz');
    assert.equal(ok.status, 200);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!external) {
      // No other IPv4 address on this machine: show that ::1 (a different loopback socket) is refused instead.
      await assert.rejects(raw(gw.port, '/healthz', { host: '::1' }), /ECONNREFUSED|EADDRNOTAVAIL/);
      return;
    }
    await assert.rejects(raw(gw.port, '/healthz', { host: external.address }), /ECONNREFUSED/);
  });

  test('GET /healthz is open without a token', async () => {
    const res = await raw(gw.port, '/healthz');
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { ok: true, status: 'ok' });
  });

  test('401 without a token, with a wrong token, and with a non-Bearer scheme', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: 'Bearer wrong' },
      { Authorization: `Bearer ${gw.token}x` },
      { Authorization: `Basic ${gw.token}` },
    ]) {
      for (const path of ['/api/servers', '/api/servers/everything/stderr', '/mcp/everything']) {
        const res = await raw(gw.port, path, { headers });
        assert.equal(res.status, 401, `${path} with ${JSON.stringify(headers)}`);
      }
    }
    const post = await raw(gw.port, '/mcp/everything', { method: 'POST', headers: MCP_HEADERS, body: INIT });
    assert.equal(post.status, 401);
  });

  test('403 for a foreign Origin, even with the right token', async () => {
    for (const origin of [
      'http://evil.example',
      'http://127.0.0.1:1',
      'null',
      `http://localhost.evil.example:${gw.port}`,
    ]) {
      const res = await raw(gw.port, '/api/servers', { headers: { ...auth, Origin: origin } });
      assert.equal(res.status, 403, origin);
    }
    const preflight = await raw(gw.port, '/mcp/everything', {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(preflight.status, 403);
  });

  test("the dashboard's own origin is accepted", async () => {
    for (const origin of [`http://127.0.0.1:${gw.port}`, `http://localhost:${gw.port}`]) {
      const res = await raw(gw.port, '/api/servers', { headers: { ...auth, Origin: origin } });
      assert.equal(res.status, 200, origin);
    }
  });

  test('403 for a Host other than 127.0.0.1:<port> or localhost:<port> (DNS rebinding)', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${gw.port}`,
      '127.0.0.1',
      `127.0.0.1:${gw.port + 1}`,
      `[::1]:${gw.port}`,
    ]) {
      const res = await raw(gw.port, '/healthz', { headers: { Host: host } });
      assert.equal(res.status, 403, host);
      const api = await raw(gw.port, '/api/servers', { headers: { ...auth, Host: host } });
      assert.equal(api.status, 403, host);
    }
    const ok = await raw(gw.port, '/healthz', { headers: { Host: `localhost:${gw.port}` } });
    assert.equal(ok.status, 200);
  });

  test('GET /api/servers lists names, transport, state, restarts — never env values or headers', async () => {
    const res = await raw(gw.port, '/api/servers', { headers: auth });
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.body, /env-secret-123|header-secret-456|SECRET_VALUE|Authorization/);
    const { servers } = JSON.parse(res.body);
    assert.deepEqual(
      servers.map((s: { name: string; transport: string }) => [s.name, s.transport]),
      [
        ['everything', 'stdio'],
        ['remote', 'http'],
      ],
    );
    for (const s of servers) {
      assert.equal(typeof s.state, 'string');
      assert.equal(typeof s.restarts, 'number');
      assert.equal('command' in s || 'args' in s || 'env' in s || 'headers' in s || 'url' in s, false);
    }
  });

  test('the UI is served with a strict CSP and no framing', async () => {
    const res = await raw(gw.port, '/');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.match(String(res.headers['content-security-policy']), /object-src 'none'/);
    assert.doesNotMatch(String(res.headers['content-security-policy']), /script-src[^;]*'unsafe-inline'/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const traversal = await raw(gw.port, '/..%2f..%2fpackage.json');
    assert.equal(traversal.status, 404);
  });

  test('no route, query or body can make it spawn a command that is not in the config', async () => {
    // The gateway keeps one warm process of "everything" before any page connects: the baseline, once the
    // catalog's short-lived listing process (it starts first) has come and gone.
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      const catalog = await raw(gw.port, '/api/catalog', { headers: auth });
      const listed = !catalog.body.includes('"pending"');
      if (listed && childPids(gw.pid).length === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const before = childPids(gw.pid).length;
    const attempts: Array<[string, string, string | undefined]> = [
      ['POST', '/mcp/__proto__', INIT],
      ['POST', '/mcp/constructor', INIT],
      ['POST', '/mcp/toString', INIT],
      ['POST', '/mcp/..%2F..%2Fbin%2Fsh', INIT],
      ['POST', '/mcp/%2Fbin%2Fsh', INIT],
      ['POST', '/mcp/sh', INIT],
      ['POST', '/mcp?command=/bin/sh', INIT],
      ['POST', '/mcp/everything/../../sh', INIT],
      ['POST', '/api/servers', JSON.stringify({ name: 'x', command: '/bin/sh', args: ['-c', 'touch /tmp/pwned'] })],
      ['POST', '/api/spawn', JSON.stringify({ command: '/bin/sh' })],
      ['GET', '/mcp/everything?command=/bin/sh&args=-c', undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await raw(gw.port, path, { method, headers: { ...auth, ...MCP_HEADERS }, body });
      assert.ok([400, 404, 405].includes(res.status), `${method} ${path} answered ${res.status}`);
    }
    // A body that names another command, sent to a configured server, still starts only the configured one.
    const res = await raw(gw.port, '/mcp/everything', {
      method: 'POST',
      headers: { ...auth, ...MCP_HEADERS },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 't', version: '1' },
          command: '/bin/sh',
          args: ['-c', 'id'],
        },
      }),
    });
    assert.equal(res.status, 200);
    const pids = childPids(gw.pid);
    assert.equal(before, 1);
    assert.ok(pids.length >= 1, 'the session runs on a process');
    const { execFileSync } = await import('node:child_process');
    // Every process the gateway runs (the session's, and a new warm one if it has come) is the configured command.
    for (const pid of pids)
      assert.match(
        execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }),
        /server-everything|mcp-server-everything/,
      );
  });

  test('an unknown server name is a 404 with a specific message', async () => {
    const res = await raw(gw.port, '/mcp/nope', { method: 'POST', headers: { ...auth, ...MCP_HEADERS }, body: INIT });
    assert.equal(res.status, 404);
    assert.match(JSON.parse(res.body).error.message, /No server named "nope"/);
  });

  test('malformed JSON in a POST is a parse error, not a crash', async () => {
    const res = await raw(gw.port, '/mcp/everything', {
      method: 'POST',
      headers: { ...auth, ...MCP_HEADERS },
      body: '{"jsonrpc": "2.0", ',
    });
    assert.equal(res.status, 400);
    assert.equal(JSON.parse(res.body).error.code, -32700);
    const health = await raw(gw.port, '/healthz');
    assert.equal(health.status, 200);
  });
});
