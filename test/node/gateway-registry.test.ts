import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { runGatewayToExit, startGatewayProcess } from '../support/gateway-process.mjs';

const INTEGRITY = `sha256-${'A'.repeat(43)}=`;

describe('gateway registry routes and page policy', () => {
  let gw: Awaited<ReturnType<typeof startGatewayProcess>>;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${gw.origin}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${gw.token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    });

  before(async () => {
    gw = await startGatewayProcess({
      config: {
        mcpServers: {},
        claudeKey: 'kept',
        dashboard: {
          registries: [
            { url: 'http://127.0.0.1:5999/', name: 'local' },
            { url: 'https://registry.example/', bundleOrigins: ['https://cdn.example'] },
          ],
          publisherKeys: [{ publisher: 'Acme', publicKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE'.padEnd(120, 'A') }],
        },
      },
    });
  });
  after(async () => {
    await gw?.stop();
  });

  test('GET /api/registry needs the token and returns registries, pinned keys and installed widgets', async () => {
    assert.equal((await fetch(`${gw.origin}/api/registry`)).status, 401);
    const body = await (await api('/api/registry')).json();
    assert.deepEqual(
      body.registries.map((r: { url: string }) => r.url),
      ['http://127.0.0.1:5999/', 'https://registry.example/'],
    );
    assert.equal(body.publisherKeys[0].publisher, 'Acme');
    assert.deepEqual(body.widgets, {});
  });

  test('MCP-WP-16.4.1 POST records an install in the config file, keeping every other key; DELETE removes it (MCP-WP-16.8.1)', async () => {
    const entry = { version: '1.0.0', integrity: INTEGRITY, registry: 'http://127.0.0.1:5999/' };
    const posted = await api('/api/registry/widgets/%40acme%2Fx', { method: 'POST', body: JSON.stringify(entry) });
    assert.equal(posted.status, 200);
    const file = JSON.parse(await readFile(gw.configFile, 'utf8'));
    assert.deepEqual(file.dashboard.widgets['@acme/x'], entry);
    assert.equal(file.claudeKey, 'kept');
    assert.equal(file.dashboard.registries.length, 2);
    assert.deepEqual((await (await api('/api/registry')).json()).widgets, { '@acme/x': entry });
    assert.equal((await api('/api/registry/widgets/%40acme%2Fx', { method: 'DELETE' })).status, 200);
    assert.equal(JSON.parse(await readFile(gw.configFile, 'utf8')).dashboard.widgets, undefined);
  });

  test('refuses entries that are not valid, and names that are not package names', async () => {
    const bad = await api('/api/registry/widgets/%40acme%2Fx', {
      method: 'POST',
      body: JSON.stringify({ version: '1.0.0', integrity: 'sha512-abc', registry: 'http://127.0.0.1:5999/' }),
    });
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).error, /integrity/);
    const name = await api('/api/registry/widgets/..%2F..%2Fetc', {
      method: 'POST',
      body: JSON.stringify({ version: '1.0.0', integrity: INTEGRITY, registry: 'http://x/' }),
    });
    assert.equal(name.status, 400);
    assert.equal(JSON.parse(await readFile(gw.configFile, 'utf8')).dashboard.widgets, undefined);
  });

  test('the page CSP allows blob: scripts (verified widget bytes) and fetches to the configured registries only', async () => {
    const res = await fetch(`${gw.origin}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self' 'unsafe-eval' blob:;/);
    assert.match(
      csp,
      /connect-src 'self' http:\/\/127\.0\.0\.1:5999 https:\/\/registry\.example https:\/\/cdn\.example;/,
    );
    assert.doesNotMatch(csp, /connect-src[^;]*\*/);
  });

  test('a bad registry entry in the config stops start-up with the path and the problem', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'gw-reg-'));
    const file = join(dir, 'c.json');
    await writeFile(
      file,
      JSON.stringify({ mcpServers: {}, dashboard: { registries: [{ url: 'ftp://registry.example/' }] } }),
    );
    const result = await runGatewayToExit(['--config', file, '--no-open']);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /at \/dashboard\/registries\/0\/url: must be an http:\/\/ or https:\/\/ URL/);
  });
});
