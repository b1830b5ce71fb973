import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { request } from 'node:http';
import { startGatewayProcess } from '../support/gateway-process.mjs';

type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;

function raw(
  port: number,
  path: string,
  options: { method?: string; host?: string; address?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.address ?? '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { Host: options.host ?? `127.0.0.1:${port}`, ...(options.headers ?? {}) },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...rest]) => [name!, rest.join(' ')]),
  );
}

describe('MCP Apps sandbox origin served by the gateway', () => {
  let gw: Gw;
  let sandboxPort: number;
  const proxy = (host: string, csp?: unknown) =>
    `/proxy?host=${encodeURIComponent(host)}${csp === undefined ? '' : `&csp=${encodeURIComponent(JSON.stringify(csp))}`}`;

  before(async () => {
    gw = await startGatewayProcess({ config: { mcpServers: {} }, allowOrigins: ['http://localhost:8123'] });
    const res = await raw(gw.port, '/api/sandbox', { headers: { Authorization: `Bearer ${gw.token}` } });
    sandboxPort = JSON.parse(res.body).port;
  });
  after(async () => {
    await gw?.stop();
  });

  test('the sandbox is a second port; /api/sandbox needs the token', async () => {
    assert.equal(typeof sandboxPort, 'number');
    assert.notEqual(sandboxPort, gw.port);
    assert.equal((await raw(gw.port, '/api/sandbox')).status, 401);
  });

  test('the dashboard page may frame the sandbox under the other loopback name and the per-app origins on its port, nothing else', async () => {
    const onIp = directives((await raw(gw.port, '/')).headers['content-security-policy']);
    assert.equal(onIp['frame-src'], `http://localhost:${sandboxPort} http://*.localhost:${sandboxPort}`);
    const onName = directives(
      (await raw(gw.port, '/', { host: `localhost:${gw.port}` })).headers['content-security-policy'],
    );
    assert.equal(onName['frame-src'], `http://127.0.0.1:${sandboxPort} http://*.localhost:${sandboxPort}`);
    assert.equal(onIp['frame-ancestors'], "'none'");
  });

  test('MCP Apps "Sandbox proxy": the proxy page carries the view\'s CSP as a header, framable only by the dashboard', async () => {
    const res = await raw(sandboxPort, proxy(gw.origin, { connectDomains: ['https://api.example.com'] }), {
      host: `localhost:${sandboxPort}`,
    });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    const d = directives(res.headers['content-security-policy']);
    assert.equal(d['frame-ancestors'], gw.origin);
    assert.equal(d['connect-src'], 'https://api.example.com');
    assert.equal(d['default-src'], "'none'");
    assert.equal(d['object-src'], "'none'");
    assert.equal(d['frame-src'], "'none'");
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.match(res.body, /<script src="\/proxy\.js" defer><\/script>/);
    // An allowed development origin (--allow-origin) may frame it too.
    assert.equal((await raw(sandboxPort, proxy('http://localhost:8123'))).status, 200);
  });

  test('MCP Apps "No Loosening": the gateway re-validates the declaration; hostile entries never reach the header', async () => {
    const hostile = {
      connectDomains: [
        "'unsafe-eval'",
        '*',
        'https:',
        `http://127.0.0.1:${gw.port}`,
        `http://localhost:${sandboxPort}`,
        "https://a.example.com; script-src 'unsafe-eval'",
        'https://ok.example.com',
      ],
      frameDomains: ['*', 'data:'],
      baseUriDomains: ["'self'"],
    };
    const res = await raw(sandboxPort, proxy(gw.origin, hostile));
    const header = String(res.headers['content-security-policy']);
    const d = directives(header);
    assert.equal(d['connect-src'], 'https://ok.example.com');
    assert.equal(d['frame-src'], "'none'");
    assert.equal(d['base-uri'], "'none'");
    assert.doesNotMatch(header, /\*/);
    // The declaration's keywords are not added anywhere: the header is the one for the accepted origin alone.
    const plain = String(
      (await raw(sandboxPort, proxy(gw.origin, { connectDomains: ['https://ok.example.com'] }))).headers[
        'content-security-policy'
      ],
    );
    assert.equal(header, plain);
  });

  test('refuses pages other than the dashboard, foreign Host headers, other methods and paths', async () => {
    assert.equal((await raw(sandboxPort, proxy('https://evil.example.com'))).status, 403);
    assert.equal((await raw(sandboxPort, '/proxy')).status, 403);
    assert.equal((await raw(sandboxPort, proxy(gw.origin), { host: `evil.example.com:${sandboxPort}` })).status, 403);
    assert.equal((await raw(sandboxPort, proxy(gw.origin), { method: 'POST' })).status, 405);
    assert.equal((await raw(sandboxPort, '/api/servers')).status, 404);
    assert.equal((await raw(sandboxPort, '/mcp/everything')).status, 404);
    assert.equal((await raw(sandboxPort, '/../package.json')).status, 404);
    assert.equal((await raw(sandboxPort, `/proxy?host=${encodeURIComponent(gw.origin)}&csp=%7Bnot-json`)).status, 400);
    const refused = await raw(sandboxPort, proxy('https://evil.example.com'));
    assert.equal(directives(refused.headers['content-security-policy'])['frame-ancestors'], "'none'");
  });

  test('per-app origins: the proxy is served under <label>.localhost on the sandbox port only, never as a worker', async () => {
    const perApp = { host: `app--abc.localhost:${sandboxPort}` };
    const page = await raw(sandboxPort, proxy(gw.origin), perApp);
    assert.equal(page.status, 200);
    assert.equal(directives(page.headers['content-security-policy'])['frame-ancestors'], gw.origin);
    assert.equal((await raw(sandboxPort, '/proxy.js', { host: `my-app.localhost:${sandboxPort}` })).status, 200);
    // Another port, a name with two labels, an invalid label, or another suffix: refused.
    for (const host of [
      `app--abc.localhost:${gw.port}`,
      `a.b.localhost:${sandboxPort}`,
      `-bad.localhost:${sandboxPort}`,
      `app.localhost.evil.example:${sandboxPort}`,
      `app.example.com:${sandboxPort}`,
    ])
      assert.equal((await raw(sandboxPort, proxy(gw.origin), { host })).status, 403, host);
    // A view may not install a service worker on its origin (it would outlive the view).
    const asWorker = await raw(sandboxPort, '/proxy.js', { ...perApp, headers: { 'Service-Worker': 'script' } });
    assert.equal(asWorker.status, 403);
    const dest = await raw(sandboxPort, '/proxy.js', { ...perApp, headers: { 'Sec-Fetch-Dest': 'serviceworker' } });
    assert.equal(dest.status, 403);
  });

  test("per-app origins: the gateway's routes refuse a view's origin and Host (a sentinel call never runs)", async () => {
    const viewOrigin = `http://app--abc.localhost:${sandboxPort}`;
    const auth = { Authorization: `Bearer ${gw.token}` };
    // Control: the same authenticated request from the page's origin is answered.
    assert.equal((await raw(gw.port, '/api/sandbox', { headers: { ...auth, Origin: gw.origin } })).status, 200);
    const fromView = await raw(gw.port, '/api/sandbox', { headers: { ...auth, Origin: viewOrigin } });
    assert.equal(fromView.status, 403);
    assert.match(fromView.body, /Origin/);
    assert.equal(
      (await raw(gw.port, '/api/sandbox', { host: `app--abc.localhost:${gw.port}`, headers: auth })).status,
      403,
    );
    assert.equal((await raw(gw.port, '/', { host: `app--abc.localhost:${gw.port}` })).status, 403);
  });

  test('serves the proxy script as JavaScript that cannot be sniffed as anything else', async () => {
    const res = await raw(sandboxPort, '/proxy.js');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /text\/javascript/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin');
    assert.match(res.body, /sandbox-resource-ready/);
  });

  test('binds 127.0.0.1 only', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!external) return;
    await assert.rejects(raw(sandboxPort, '/proxy.js', { address: external.address }), /ECONNREFUSED/);
  });
});
