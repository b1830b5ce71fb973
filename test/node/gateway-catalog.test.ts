// The gateway's discovery catalog: GET /api/catalog lists every enabled server's tools,
// resources and prompts before any page connects, discovered by a short-lived child of the gateway's
// own; broken, single-instance, hostile and remote servers get a specific reason instead; a relayed
// list_changed re-discovers; shutdown leaves no process behind.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startGatewayProcess, repoRoot } from '../support/gateway-process.mjs';
import { alive, until } from '../support/processes.js';
import { clientCapabilities } from '../../src/core/shared/client-capabilities.js';

type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;
interface Entry {
  state: 'pending' | 'ready' | 'unavailable';
  reason?: string;
  stale?: boolean;
  discoveredAt?: string;
  info?: {
    protocolVersion: string;
    capabilities: Record<string, unknown>;
    serverVersion?: { name: string };
    tools: Array<{ name: string }>;
    resources: unknown[];
    resourceTemplates: unknown[];
    prompts: unknown[];
  };
}

const node = process.execPath;
const fixture = (file: string) => join(repoRoot, 'test', 'fixtures', file);
const synthetic = (name: string, extra: Record<string, unknown> = {}) => ({
  command: node,
  args: [
    join(repoRoot, 'bench', 'synthetic-server.mjs'),
    '--name',
    name,
    '--tools',
    '7',
    '--resources',
    '3',
    '--prompts',
    '2',
  ],
  ...extra,
});

const auth = (gw: Gw) => ({ headers: { Authorization: `Bearer ${gw.token}` } });
const catalog = async (gw: Gw): Promise<Record<string, Entry>> =>
  (await (await fetch(`${gw.origin}/api/catalog`, auth(gw))).json()).servers;
const servers = async (
  gw: Gw,
): Promise<Array<{ name: string; state: string; sessions: number; catalogState: string }>> =>
  (await (await fetch(`${gw.origin}/api/servers`, auth(gw))).json()).servers;
const stderrOf = async (gw: Gw, name: string): Promise<string> =>
  (await (await fetch(`${gw.origin}/api/servers/${name}/stderr`, auth(gw))).json()).stderr;

/** A session through the gateway's relay that declares what the dashboard page declares (its client capabilities). */
async function connect(gw: Gw, name: string): Promise<Client> {
  const client = new Client({ name: 'catalog-test', version: '1' }, { capabilities: clientCapabilities() as never });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), { requestInit: auth(gw) }),
  );
  return client;
}

/** Waits for a state the gateway settles in by itself (process starts), checking every 50 ms. */

const settled = (gw: Gw) =>
  until('no pending catalog entry', async () => {
    const all = await catalog(gw);
    return !Object.values(all).some((e) => e.state === 'pending') && all;
  });

/** The gateway's child processes with their command lines. */
function children(gw: Gw): Array<{ pid: number; args: string }> {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(gw.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => ({ pid: Number(l.trim().split(/\s+/)[0]), args: l.trim().replace(/^\d+\s+/, '') }));
  } catch {
    return [];
  }
}

describe('discovery catalog', () => {
  let gw: Gw;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'catalog-test-'));
    gw = await startGatewayProcess({
      config: {
        mcpServers: {
          everything: { command: 'mcp-server-everything', args: ['stdio'] },
          synth: synthetic('synth'),
          broken: { command: node, args: [fixture('exit-with-stderr.mjs')] },
          solo: synthetic('solo', { single: true }),
          hostile: { command: node, args: [fixture('malformed-lists-server.mjs')] },
          changing: { command: node, args: [fixture('list-changing-server.mjs'), join(dir, 'tools.json')] },
          remote: { url: 'http://127.0.0.1:9/mcp' },
          off: synthetic('off', { disabled: true }),
        },
      },
    });
  });
  after(async () => {
    await gw?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('before any session, the catalog lists server-everything\u2019s real tools and the synthetic server\u2019s counts, in config order; a disabled server is not in it', async () => {
    const all = await settled(gw);
    assert.deepEqual(Object.keys(all), ['everything', 'synth', 'broken', 'solo', 'hostile', 'changing', 'remote']);
    assert.deepEqual(
      (await servers(gw)).map((s) => s.sessions),
      [0, 0, 0, 0, 0, 0, 0, 0],
      'no session has been opened',
    );
    const everything = all.everything!;
    assert.equal(everything.state, 'ready');
    assert.ok(!Number.isNaN(Date.parse(everything.discoveredAt!)));
    assert.equal(everything.info!.serverVersion?.name, 'mcp-servers/everything');
    assert.ok(everything.info!.capabilities.tools, 'the server\u2019s own capabilities');
    assert.match(everything.info!.protocolVersion, /^\d{4}-\d{2}-\d{2}$/);
    // The same set a real session through the gateway's relay lists — all of them: server-everything offers its
    // sampling, elicitation and roots tools only to a client that declares those capabilities, as the page does.
    const client = await connect(gw, 'everything');
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(everything.info!.tools.map((t) => t.name).sort(), tools.map((t) => t.name).sort());
      assert.ok(tools.length > 5);
      for (const byCapability of ['trigger-sampling-request', 'trigger-elicitation-request', 'get-roots-list']) {
        assert.ok(
          everything.info!.tools.some((t) => t.name === byCapability),
          `${byCapability} is in the catalog`,
        );
      }
      const { resourceTemplates } = await client.listResourceTemplates();
      assert.equal(everything.info!.resourceTemplates.length, resourceTemplates.length);
    } finally {
      await client.close();
    }
    const synth = all.synth!.info!;
    assert.deepEqual(
      [synth.tools.length, synth.resources.length, synth.resourceTemplates.length, synth.prompts.length],
      [7, 3, 0, 2],
    );
    const summary = await servers(gw);
    assert.deepEqual(Object.fromEntries(summary.map((s) => [s.name, s.catalogState])), {
      everything: 'ready',
      synth: 'ready',
      broken: 'unavailable',
      solo: 'unavailable',
      hostile: 'unavailable',
      changing: 'ready',
      remote: 'unavailable',
      off: 'unavailable',
    });
    assert.match(all.remote!.reason!, /Remote servers are discovered by the page.s own session/);
  });

  test('a server that exits at start is unavailable with what happened (command by its base name, its stderr), the others are ready and /api/servers still answers', async () => {
    const all = await settled(gw);
    const reason = all.broken!.reason!;
    assert.match(
      reason,
      /^"node" exited with code 3 before it answered "initialize"\. What it wrote on stderr: .*NOTES_API_KEY is not set/,
    );
    assert.ok(
      !reason.includes(node) && !reason.includes('exit-with-stderr'),
      `no path or argument reaches the page: ${reason}`,
    );
    assert.equal(all.synth!.state, 'ready');
    assert.equal((await servers(gw)).find((s) => s.name === 'broken')!.state, 'crashed');
    // It is tried again with the supervisor's backoff.
    await until('a catalog retry for broken', async () =>
      /catalog: discovering again in \d+ ms/.test(await stderrOf(gw, 'broken')),
    );
  });

  test('a "single" server is unavailable with the reason, and never runs more than one process', async () => {
    const all = await settled(gw);
    assert.equal(all.solo!.state, 'unavailable');
    assert.match(all.solo!.reason!, /single-instance server .* is discovered by the page.s own session/);
    // Its warm process starts after the catalog's discoveries (they go first in the start-up queue).
    await until('solo\u2019s warm process', async () => /started \(pid \d+\)/.test(await stderrOf(gw, 'solo')));
    const log = await stderrOf(gw, 'solo');
    assert.equal([...log.matchAll(/started \(pid \d+\)/g)].length, 1, 'one process was ever started');
    assert.doesNotMatch(log, /catalog:/);
    assert.equal(children(gw).filter((c) => c.args.includes('--name solo')).length, 1);
  });

  test('hostile data: a tools/list the SDK refuses makes the entry unavailable saying the shape was refused, and the gateway stays up', async () => {
    const all = await settled(gw);
    assert.equal(all.hostile!.state, 'unavailable');
    assert.match(
      all.hostile!.reason!,
      /answer to "tools\/list" has a shape the MCP SDK refuses \(tools\[1\]\.name: .*\); the page lists this server itself/,
    );
    const health = await fetch(`${gw.origin}/healthz`);
    assert.equal(health.status, 200);
    assert.equal(all.synth!.state, 'ready');
  });

  test('a relayed tools/list_changed marks the entry stale (still served) and it is discovered again with the new tool', async () => {
    const before = (await settled(gw)).changing!;
    assert.deepEqual(
      before.info!.tools.map((t) => t.name),
      ['add_tool'],
    );
    const client = await connect(gw, 'changing');
    try {
      await client.callTool({ name: 'add_tool', arguments: { name: 'fresh_tool' } });
      // The notification passed the relay before the call's answer; re-discovery waits ≥ 300 ms (debounce).
      const stale = (await catalog(gw)).changing!;
      assert.equal(stale.state, 'ready');
      assert.equal(stale.stale, true);
      assert.deepEqual(
        stale.info!.tools.map((t) => t.name),
        ['add_tool'],
        'the old entry is served meanwhile',
      );
      const after = await until('the re-discovered entry', async () => {
        const e = (await catalog(gw)).changing!;
        return e.state === 'ready' && !e.stale && e.discoveredAt !== before.discoveredAt && e;
      });
      assert.deepEqual(
        after.info!.tools.map((t) => t.name),
        ['add_tool', 'fresh_tool'],
      );
    } finally {
      await client.close();
    }
  });
});

test('stopping the gateway stops catalog children too, even one in the middle of a discovery: no process is left', async () => {
  // "silent" starts and never answers: its catalog child is still waiting for "initialize" at shutdown.
  const other = await startGatewayProcess({
    config: {
      mcpServers: {
        a: synthetic('a'),
        silent: { command: node, args: ['-e', 'setInterval(() => {}, 1000)', '--', 'silent-server'] },
      },
    },
  });
  try {
    await until('a ready entry for a', async () => (await catalog(other)).a!.state === 'ready');
    const pids = await until('silent\u2019s catalog child beside its spare', async () => {
      const silent = children(other).filter((c) => c.args.includes('silent-server'));
      return silent.length === 2 && children(other).map((c) => c.pid);
    });
    assert.equal((await catalog(other)).silent!.state, 'pending');
    await other.stop();
    await until('every child to be gone', async () => pids.every((p) => !alive(p)), 10_000);
  } finally {
    await other.stop();
  }
});
