import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { buildRegistryFixture, makeRegistry, startRegistryProcess } from '../support/registry-fixture.mjs';

function raw(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string | undefined>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('reference registry (mcpwp serve)', () => {
  let registry: Awaited<ReturnType<typeof startRegistryProcess>>;

  before(async () => {
    const fixture = await buildRegistryFixture();
    registry = await startRegistryProcess(
      await makeRegistry(fixture, ['@acme/echo-widget@1.0.0', '@acme/echo-widget@1.0.1', '@acme/sparkline@1.0.0']),
    );
  });
  after(async () => {
    await registry?.stop();
  });

  test('listens on loopback only', () => {
    assert.match(registry.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test('MCP-WP-16.3.3 GET /widgets?q=&server= searches the index by text and server', async () => {
    const all = JSON.parse((await raw(registry.url, '/widgets?q=')).body.toString());
    assert.deepEqual(
      all.widgets.map((w: { name: string; version: string }) => `${w.name}@${w.version}`),
      ['@acme/echo-widget@1.0.1', '@acme/sparkline@1.0.0'],
    );
    const echo = JSON.parse((await raw(registry.url, '/widgets?q=hear%20back')).body.toString());
    assert.deepEqual(
      echo.widgets.map((w: { name: string }) => w.name),
      ['@acme/echo-widget'],
    );
    assert.equal(echo.widgets[0].trustLevel, 'verified');
    assert.equal(echo.widgets[0].publisher, 'Acme Widgets');
    const other = JSON.parse((await raw(registry.url, '/widgets?q=&server=github')).body.toString());
    assert.deepEqual(
      other.widgets.map((w: { name: string }) => w.name),
      ['@acme/sparkline'],
    );
  });

  test('MCP-WP-16.3.2 GET /widgets/{name} serves the latest manifest byte for byte; versions and exact versions too', async () => {
    const latest = await raw(registry.url, '/widgets/@acme/echo-widget');
    assert.equal(latest.status, 200);
    assert.deepEqual(
      latest.body,
      await readFile(join(registry.dir, 'packages', '@acme', 'echo-widget', '1.0.1', 'widget.json')),
    );
    const encoded = await raw(registry.url, '/widgets/%40acme%2Fecho-widget/1.0.0');
    assert.equal(JSON.parse(encoded.body.toString()).version, '1.0.0');
    const versions = JSON.parse((await raw(registry.url, '/widgets/@acme/echo-widget/versions')).body.toString());
    assert.deepEqual(versions, { name: '@acme/echo-widget', versions: ['1.0.1', '1.0.0'], latest: '1.0.1' });
    assert.equal((await raw(registry.url, '/widgets/@acme/nope')).status, 404);
    assert.equal((await raw(registry.url, '/widgets/@acme/echo-widget/3.0.0')).status, 404);
  });

  test('ETag: a matching If-None-Match gets 304 with no body; bundles are immutable', async () => {
    const first = await raw(registry.url, '/widgets/@acme/echo-widget');
    assert.match(first.headers.etag ?? '', /^"[A-Za-z0-9_-]{43}"$/);
    const again = await raw(registry.url, '/widgets/@acme/echo-widget', { 'If-None-Match': first.headers.etag! });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    const bundle = await raw(registry.url, '/packages/@acme/echo-widget/1.0.0/bundle.js');
    assert.equal(bundle.status, 200);
    assert.match(bundle.headers['content-type'] ?? '', /text\/javascript/);
    assert.match(bundle.headers['cache-control'] ?? '', /immutable/);
    assert.ok(bundle.headers.etag);
  });

  test('CORS: loopback dashboard origins are allowed, other origins get no CORS headers; preflight answers', async () => {
    const dash = await raw(registry.url, '/widgets/@acme/echo-widget', { Origin: 'http://127.0.0.1:41234' });
    assert.equal(dash.headers['access-control-allow-origin'], 'http://127.0.0.1:41234');
    assert.match(dash.headers['access-control-expose-headers'] ?? '', /ETag/);
    const foreign = await raw(registry.url, '/widgets/@acme/echo-widget', { Origin: 'https://evil.example' });
    assert.equal(foreign.headers['access-control-allow-origin'], undefined);
    const preflight = await raw(
      registry.url,
      '/widgets',
      { Origin: 'http://localhost:8000', 'Access-Control-Request-Method': 'GET' },
      'OPTIONS',
    );
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'http://localhost:8000');
  });

  test('paths cannot leave the registry folder, and the registry is read-only', async () => {
    for (const path of [
      '/packages/../../../etc/passwd',
      '/packages/%2e%2e/%2e%2e/etc/bundle.js',
      '/widgets/..%2F..%2Fetc',
      '/packages/@acme/echo-widget/..%2F..%2F..%2Findex.json/bundle.js',
    ]) {
      const res = await raw(registry.url, path);
      assert.equal(res.status, 404, path);
    }
    assert.equal((await raw(registry.url, '/widgets/@acme/echo-widget', {}, 'POST')).status, 405);
  });
});
