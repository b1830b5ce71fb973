// Warm servers: the gateway starts every enabled stdio server before any page connects,
// keeps one started, not-yet-initialized spare per server, hands it to the next session and makes a
// new one; a "single" server never runs twice; a crashing spare is backed off; shutdown stops all.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startGatewayProcess, repoRoot } from '../support/gateway-process.mjs';
import { childPids } from '../support/wtr-gateway-plugin.mjs';
import { alive, until } from '../support/processes.js';

type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;

const SYNTHETIC = join(repoRoot, 'bench', 'synthetic-server.mjs');
const synthetic = (name: string, extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [SYNTHETIC, '--name', name, '--tools', '3'],
  ...extra,
});

async function connect(gw: Gw, name: string): Promise<Client> {
  const client = new Client({ name: 'warm-test', version: '1' }, { capabilities: {} });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), {
      requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
    }),
  );
  return client;
}

async function servers(gw: Gw): Promise<Array<{ name: string; state: string; sessions: number; restarts: number }>> {
  const res = await fetch(`${gw.origin}/api/servers`, { headers: { Authorization: `Bearer ${gw.token}` } });
  return (await res.json()).servers;
}

async function stderrOf(gw: Gw, name: string): Promise<string> {
  const res = await fetch(`${gw.origin}/api/servers/${name}/stderr`, {
    headers: { Authorization: `Bearer ${gw.token}` },
  });
  return (await res.json()).stderr as string;
}

const startedPids = (log: string) => [...log.matchAll(/started \(pid (\d+)\)/g)].map((m) => Number(m[1]));

/** Waits for a state the gateway reaches by itself (process starts), checking every 50 ms. */

describe('warm servers', () => {
  let gw: Gw;
  before(async () => {
    gw = await startGatewayProcess({
      config: {
        mcpServers: {
          alpha: synthetic('alpha'),
          beta: synthetic('beta'),
          solo: synthetic('solo', { single: true }),
          off: synthetic('off', { disabled: true }),
          crashing: { command: process.execPath, args: [join(repoRoot, 'test', 'fixtures', 'exit-with-stderr.mjs')] },
        },
      },
    });
  });
  after(async () => {
    await gw?.stop();
  });

  test('every enabled stdio server is running before any page connects (a disabled one is not started)', async () => {
    const list = await until('alpha, beta and solo to be running', async () => {
      const all = await servers(gw);
      return ['alpha', 'beta', 'solo'].every((n) => all.find((s) => s.name === n)?.state === 'running') && all;
    });
    assert.deepEqual(
      list.filter((s) => ['alpha', 'beta', 'solo'].includes(s.name)).map((s) => s.sessions),
      [0, 0, 0],
      'no page has connected',
    );
    assert.equal(list.find((s) => s.name === 'off')!.state, 'disabled');
    assert.deepEqual(startedPids(await stderrOf(gw, 'off')), []);
    for (const name of ['alpha', 'beta', 'solo']) {
      const [pid, ...more] = startedPids(await stderrOf(gw, name));
      assert.equal(more.length, 0, `${name} was started once`);
      assert.ok(childPids(gw.pid).includes(pid!), `${name}'s process (pid ${pid}) is a running child of the gateway`);
    }
  });

  test('a page session takes the warm spare, and a new spare appears in the background', async () => {
    await until(
      'alpha to be warm',
      async () => (await servers(gw)).find((s) => s.name === 'alpha')?.state === 'running',
    );
    const [spare] = startedPids(await stderrOf(gw, 'alpha'));
    const client = await connect(gw, 'alpha');
    const { tools } = await client.listTools();
    assert.equal(tools.length, 3);
    // The session runs on the spare: no process was started for it.
    assert.deepEqual(startedPids(await stderrOf(gw, 'alpha')), [spare]);
    const next = await until('a new spare for alpha', async () => startedPids(await stderrOf(gw, 'alpha'))[1]);
    assert.notEqual(next, spare);
    assert.ok(alive(spare!) && alive(next), 'the session\u2019s process and the new spare both run');
    // The new spare serves the next session at once.
    await until(
      'the new spare to be warm',
      async () => !(await servers(gw)).some((s) => s.name === 'alpha' && s.state === 'starting'),
    );
    const second = await connect(gw, 'alpha');
    assert.equal((await second.listTools()).tools.length, 3);
    assert.deepEqual(startedPids(await stderrOf(gw, 'alpha')).slice(0, 2), [spare, next]);
    await Promise.all([client.close(), second.close()]);
  });

  test('a server marked "single" is never duplicated: no spare beside its session, a second session is refused with what to do, the warm process returns after', async () => {
    await until('solo to be warm', async () => (await servers(gw)).find((s) => s.name === 'solo')?.state === 'running');
    const livingSolo = async () => startedPids(await stderrOf(gw, 'solo')).filter(alive);
    assert.equal((await livingSolo()).length, 1);
    const client = await connect(gw, 'solo');
    assert.equal((await client.listTools()).tools.length, 3);
    // Longer than the refill delay of other servers (1.5 s): still one process.
    await new Promise((r) => setTimeout(r, 2_000));
    assert.equal((await livingSolo()).length, 1, 'one solo process while its session runs');
    await assert.rejects(
      connect(gw, 'solo'),
      /is marked .{0,3}single.{0,3} in the config: it runs as one process.*Close the other tab/,
    );
    assert.equal((await livingSolo()).length, 1, 'the refused session started nothing');
    const [first] = await livingSolo();
    // The tab ends its session (a closed tab's session ends when it has been idle; the same path).
    await (client.transport as StreamableHTTPClientTransport).terminateSession();
    await client.close();
    const back = await until('solo\u2019s warm process after the session ended', async () => {
      const living = await livingSolo();
      return living.length === 1 && living[0] !== first && living[0];
    });
    assert.ok(!alive(first!), 'the session\u2019s process has ended before the new one');
    assert.ok(back > 0);
  });

  test('a spare that crashes is restarted with the supervisor\u2019s growing backoff, and the problem is reported once', async () => {
    const log = await until('two backoff delays for the crashing spare', async () => {
      const text = await stderrOf(gw, 'crashing');
      const delays = [...text.matchAll(/starting a spare again in (\d+) ms/g)].map((m) => Number(m[1]));
      return delays.length >= 2 && { text, delays };
    });
    assert.ok(log.delays[1]! > log.delays[0]!, `delays grow: ${log.delays.join(', ')}`);
    assert.match(log.text, /NOTES_API_KEY is not set/);
    const summary = (await servers(gw)).find((s) => s.name === 'crashing')!;
    // Crashed, or already stopped as a crash loop (5 quick failures: the spare's and the catalog's count alike).
    assert.ok(['crashed', 'failing'].includes(summary.state), summary.state);
    const lines = gw
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('mcp-dashboard: server "crashing"'));
    // The exit once, and the stop once when it came.
    assert.ok(lines[0]?.includes('exited with code 3'), lines.join('\n'));
    assert.equal(lines.filter((l) => l.includes('exited with code 3 before')).length, 1, lines.join('\n'));
    assert.ok(
      lines.length <= 2 && lines.slice(1).every((l) => l.includes('failed 5 times in a row')),
      lines.join('\n'),
    );
  });

  test('stopping the gateway leaves no process behind (sessions, spares, all of them)', async () => {
    const other = await startGatewayProcess({
      config: { mcpServers: { a: synthetic('a'), b: synthetic('b'), c: synthetic('c', { single: true }) } },
    });
    try {
      // The catalog's short-lived children (catalog.ts) have come and gone before the count.
      await until('the catalog to be ready', async () => {
        const res = await fetch(`${other.origin}/api/catalog`, { headers: { Authorization: `Bearer ${other.token}` } });
        return !Object.values((await res.json()).servers as Record<string, { state: string }>).some(
          (e) => e.state === 'pending',
        );
      });
      const client = await connect(other, 'a');
      await until('a new spare for a', async () => startedPids(await stderrOf(other, 'a')).length === 2);
      const pids = childPids(other.pid);
      assert.equal(pids.length, 4, 'a: session + spare; b: spare; c: one process');
      await other.stop();
      await until('every child to be gone', () => pids.every((p) => !alive(p)), 5_000);
      await client.close().catch(() => {});
    } finally {
      await other.stop();
    }
  });
});
