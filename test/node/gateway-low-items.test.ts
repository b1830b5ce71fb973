import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { gatewayRequest, startGatewayProcess } from '../support/gateway-process.mjs';

type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;

// A command path and arguments a user would not want shown to page code: /api/servers and the stderr route never show them.
const SECRET_DIR = '/opt/secret-tools-d41d8c';
const COMMAND = `${SECRET_DIR}/bin/not-installed-server`;
const ARG = `${SECRET_DIR}/data/private.db`;

describe('the attack run’s low items: no command path in /api/servers or the stderr route; DELETE of a widget validates its name and rewrites nothing', () => {
  let gw: Gw;

  before(async () => {
    gw = await startGatewayProcess({
      config: {
        mcpServers: {
          ghost: { command: COMMAND, args: ['--db', ARG] },
          remote: { url: 'http://127.0.0.1:9/mcp?key=url-secret-77' },
        },
        dashboard: {
          widgets: {
            '@acme/kept': {
              version: '1.0.0',
              integrity: `sha256-${'A'.repeat(43)}=`,
              registry: 'http://127.0.0.1:5999/',
            },
          },
        },
      },
    });
  });
  after(async () => {
    await gw?.stop();
  });

  test('a server that cannot start: lastError and the stderr route say why and name the config entry and the command by its base name, never its folder, its arguments or the URL beyond its origin', async () => {
    for (const name of ['ghost', 'remote']) {
      const client = new Client({ name: 't', version: '1' });
      const transport = new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), {
        requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
      });
      await assert.rejects(
        client.connect(transport),
        (error: Error) => !error.message.includes(SECRET_DIR) && !error.message.includes('url-secret-77'),
      );
    }
    const summary = JSON.parse((await gatewayRequest(gw.port, 'GET', '/api/servers', { token: gw.token })).body) as {
      servers: Array<{ name: string; lastError: string | null }>;
    };
    const ghost = summary.servers.find((s) => s.name === 'ghost')!;
    assert.match(ghost.lastError!, /The command "not-installed-server" was not found/);
    const stderr = JSON.parse(
      (await gatewayRequest(gw.port, 'GET', '/api/servers/ghost/stderr', { token: gw.token })).body,
    ).stderr as string;
    assert.match(stderr, /The command "not-installed-server" was not found/);
    for (const text of [
      JSON.stringify(summary),
      stderr,
      JSON.parse((await gatewayRequest(gw.port, 'GET', '/api/servers/remote/stderr', { token: gw.token })).body).stderr,
    ]) {
      assert.equal(text.includes(SECRET_DIR), false, text);
      assert.equal(text.includes('url-secret-77'), false, text);
    }
  });

  test('DELETE /api/registry/widgets/<name> refuses a name POST would refuse (400), and removing what is not installed leaves the file untouched', async () => {
    const before = await readFile(gw.configFile, 'utf8');
    const mtime = (await stat(gw.configFile)).mtimeMs;
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', 'UPPER', '%40acme%2F', 'a%20b', '%5F_proto__', 'x'.repeat(300)]) {
      const answer = await gatewayRequest(gw.port, 'DELETE', `/api/registry/widgets/${bad}`, { token: gw.token });
      assert.equal(answer.status, 400, `${bad}: ${answer.body}`);
      assert.match(JSON.parse(answer.body).error, /is not an npm-style package name/);
    }
    const missing = await gatewayRequest(gw.port, 'DELETE', '/api/registry/widgets/%40acme%2Fnever-installed', {
      token: gw.token,
    });
    assert.equal(missing.status, 200);
    assert.equal(JSON.parse(missing.body).changed, false);
    assert.equal(await readFile(gw.configFile, 'utf8'), before, 'the config file is byte for byte the same');
    assert.equal((await stat(gw.configFile)).mtimeMs, mtime, 'and was not rewritten');
    // The control: removing an installed widget does change the file.
    const removed = await gatewayRequest(gw.port, 'DELETE', '/api/registry/widgets/%40acme%2Fkept', {
      token: gw.token,
    });
    assert.equal(JSON.parse(removed.body).changed, true);
    assert.equal(JSON.parse(await readFile(gw.configFile, 'utf8')).dashboard.widgets, undefined);
  });
});
