import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { repoRoot, startGatewayProcess } from '../support/gateway-process.mjs';
import { until } from '../support/processes.js';

// No noise we cause: a stdio server is never sent a method a 2025-era server does not know. The fixture
// behaves like a Python SDK 1.x server (slow start, strict validation, a long warning on stderr for an
// unknown method) and writes every unknown method it receives to a file, which must stay empty while a
// page-like client (the SDK's versionNegotiation 'auto', as the dashboard's bridge connects) lists and
// calls its tools through the gateway. Why stdio servers are not probed: docs/decisions/gateway-era-probe.md.
type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;
let gw: Gw;
let dir: string;
const FIXTURE = 'test/fixtures/python-style-server.mjs';
const unknownLog = (name: string) => join(dir, `${name}.unknown`);
const received = (name: string): string[] =>
  existsSync(unknownLog(name)) ? readFileSync(unknownLog(name), 'utf8').split('\n').filter(Boolean) : [];

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'probe-noise-'));
  const python = (name: string, extra = {}) => ({
    command: 'node',
    args: [FIXTURE],
    env: { PY_STYLE_UNKNOWN_LOG: unknownLog(name) },
    ...extra,
  });
  gw = await startGatewayProcess({
    config: {
      mcpServers: {
        python: python('python'),
        'python-shared': python('python-shared', { shared: true }),
        // Said to speak 2026 though it does not: the page's probe reaches it, as it reached every stdio server before.
        'python-says-2026': python('python-says-2026', { protocol: '2026-07-28' }),
        // The SDK's dual-era stdio entry with no "protocol" key: served in 2025 only.
        'dual-era': { command: 'node', args: ['test/fixtures/relay-probe-server.mjs', '--modern'] },
      },
    },
  });
});

after(async () => {
  await gw?.stop();
  await rm(dir, { recursive: true, force: true });
});

const auth = () => ({ headers: { Authorization: `Bearer ${gw.token}` } });

/** A client that connects as the dashboard page does: it negotiates the protocol era (`server/discover` first). */
async function pageLike(name: string): Promise<Client> {
  const client = new Client(
    { name: 'probe-noise-test', version: '1' },
    { capabilities: {}, versionNegotiation: { mode: 'auto' } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), { requestInit: auth() }));
  return client;
}

async function stderrOf(name: string): Promise<string> {
  return (await (await fetch(`${gw.origin}/api/servers/${name}/stderr`, auth())).json()).stderr as string;
}

async function catalogState(name: string): Promise<string> {
  return (await (await fetch(`${gw.origin}/api/catalog`, auth())).json()).servers[name].state as string;
}

describe('no probe a 2025-era stdio server does not understand', () => {
  for (const name of ['python', 'python-shared']) {
    test(`${name}: a page-like client lists and calls its tools, and the server receives no unknown method; its Server log has no validation warning`, async () => {
      const client = await pageLike(name);
      assert.equal(client.getNegotiatedProtocolVersion(), '2025-06-18');
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['echo'],
      );
      const result = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
      assert.equal((result.content as Array<{ text: string }>)[0]!.text, 'hello');
      // A second page is answered the same way.
      const again = await pageLike(name);
      assert.equal(again.getNegotiatedProtocolVersion(), '2025-06-18');
      // The catalog's own discovery has run on its own child too, so every process of this server has been spoken to.
      await until(`a ready catalog entry for ${name}`, async () => (await catalogState(name)) === 'ready');
      await Promise.all([client.close(), again.close()]);
      assert.deepEqual(received(name), [], 'no method outside the 2025 set was sent to the server');
      const log = await stderrOf(name);
      assert.match(log, /Processing request of type InitializeRequest/, 'the Server log holds the server’s own lines');
      assert.doesNotMatch(log, /Failed to validate|validation error/);
    });
  }

  test('the sentinel works: sent server/discover directly, the fixture records it, answers -32602 and writes a long validation warning', async () => {
    const file = join(dir, 'direct.unknown');
    const child = spawn(process.execPath, [FIXTURE], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', PY_STYLE_UNKNOWN_LOG: file, PY_STYLE_START_MS: '100' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } })}\n`,
    );
    const answer = await until('the answer to server/discover', () => stdout.split('\n').find(Boolean), 10_000);
    child.stdin.end();
    await once(child, 'exit');
    assert.deepEqual(JSON.parse(answer).error, { code: -32602, message: 'Invalid request parameters', data: '' });
    assert.deepEqual(readFileSync(file, 'utf8').split('\n').filter(Boolean), ['server/discover']);
    assert.match(stderr, /Failed to validate request: \d+ validation errors for ClientRequest/);
    assert.ok(stderr.split('\n').length > 40, 'the warning is long, as pydantic’s is');
  });

  test('a stdio server configured "protocol": "2026-07-28" is asked; one that only speaks 2025 falls back, on the probe’s own process', async () => {
    const client = await pageLike('python-says-2026');
    assert.equal(client.getNegotiatedProtocolVersion(), '2025-06-18');
    assert.equal((await client.listTools()).tools.length, 1);
    await client.close();
    assert.deepEqual(received('python-says-2026'), ['server/discover'], 'the probe reached it, once');
    const starts = (await stderrOf('python-says-2026')).match(/started \(pid \d+\)/g) ?? [];
    assert.equal(starts.length, 1, 'the child started for the probe is the one the 2025 session uses');
  });

  test('a dual-era SDK stdio server with no "protocol" key is served in 2025-11-25 (it would answer a probe, but is not sent one)', async () => {
    const client = await pageLike('dual-era');
    assert.equal(client.getNegotiatedProtocolVersion(), '2025-11-25');
    const result = await client.callTool({ name: 'era', arguments: {} });
    assert.equal((result.content as Array<{ text: string }>)[0]!.text, 'era 2025-11-25');
    await client.close();
  });
});
