// A server marked "shared": every 2025-era session is served by one stdio child (shared-process.ts), and each
// session still gets only its own answers, progress, resource updates and sampling requests; a crash of the one
// child recovers every session; "maxChildren" caps a non-shared server's processes with a message for the card.
// The built gateway as a process and the real server-everything.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startGatewayProcess, repoRoot } from '../support/gateway-process.mjs';
import { childPids } from '../support/wtr-gateway-plugin.mjs';
import { until } from '../support/processes.js';

type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;

const SESSIONS = 20;
const SYNTHETIC = join(repoRoot, 'bench', 'synthetic-server.mjs');
const CAPABILITIES = { sampling: {}, roots: { listChanged: true } };

/** The gateway's children whose command line names `word`. */
function childrenNamed(gw: Gw, word: string): number[] {
  return childPids(gw.pid!).filter((pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(word);
    } catch {
      return false;
    }
  });
}

async function connect(gw: Gw, name: string, sampled?: string): Promise<Client> {
  const client = new Client({ name: 'shared-test', version: '1' }, { capabilities: CAPABILITIES });
  client.setRequestHandler('sampling/createMessage', async () => ({
    role: 'assistant',
    model: 'test',
    content: { type: 'text', text: sampled ?? 'nobody asked me' },
  }));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), {
      requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
    }),
  );
  return client;
}

const text = (result: any): string => (result.content ?? []).map((c: any) => c.text ?? '').join(' ');

describe('a "shared" server: one process for every session', { timeout: 240_000 }, () => {
  let gw: Gw;
  let clients: Client[] = [];
  before(async () => {
    gw = await startGatewayProcess({
      config: {
        mcpServers: {
          everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true },
          capped: { command: process.execPath, args: [SYNTHETIC, '--name', 'capped', '--tools', '2'], maxChildren: 2 },
        },
      },
    });
    clients = await Promise.all(
      Array.from({ length: SESSIONS }, (_, i) => connect(gw, 'everything', `sampled by ${i}`)),
    );
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    await gw?.stop();
  });

  test(`${SESSIONS} sessions run on one child process and each concurrent call gets its own answer`, async () => {
    await until('one everything process', () => childrenNamed(gw, 'everything').length === 1);
    const answers = await Promise.all(
      clients.map((c, i) => c.callTool({ name: 'echo', arguments: { message: `from session ${i}` } })),
    );
    answers.forEach((a, i) => assert.equal(text(a), `Echo: from session ${i}`));
    const { servers } = (await (
      await fetch(`${gw.origin}/api/servers`, { headers: { Authorization: `Bearer ${gw.token}` } })
    ).json()) as { servers: Array<{ name: string; sessions: number }> };
    assert.equal(servers.find((s) => s.name === 'everything')!.sessions, SESSIONS);
    assert.equal(childrenNamed(gw, 'everything').length, 1, 'still one process after the calls');
  });

  test('progress notifications reach only the session whose request carried the token', async () => {
    const seen: number[][] = [[], []];
    await Promise.all(
      [3, 5].map((steps, k) =>
        clients[k]!.callTool(
          { name: 'trigger-long-running-operation', arguments: { duration: 1, steps } },
          { onprogress: (p) => seen[k]!.push(p.total ?? -1) },
        ),
      ),
    );
    assert.deepEqual(seen[0], [3, 3, 3], 'session 0 sees its own 3 steps');
    assert.deepEqual(seen[1], [5, 5, 5, 5, 5], 'session 1 sees its own 5 steps');
  });

  test('notifications/resources/updated reaches only the subscribed sessions', async () => {
    const uri = 'demo://resource/static/document/architecture.md';
    const got = clients.slice(0, 4).map(() => [] as string[]);
    clients
      .slice(0, 4)
      .forEach((c, k) =>
        c.setNotificationHandler('notifications/resources/updated', (n) => void got[k]!.push(n.params.uri)),
      );
    await clients[0]!.subscribeResource({ uri });
    await clients[1]!.subscribeResource({ uri });
    await clients[2]!.subscribeResource({ uri });
    await clients[2]!.unsubscribeResource({ uri });
    await clients[0]!.callTool({ name: 'toggle-subscriber-updates', arguments: {} });
    await until('the subscribers to be told', () => got[0]!.length > 0 && got[1]!.length > 0, 15_000);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual([...new Set(got[0])], [uri]);
    assert.deepEqual([...new Set(got[1])], [uri]);
    assert.deepEqual(got[2], [], 'a session that unsubscribed is not told');
    assert.deepEqual(got[3], [], 'a session that never subscribed is not told');
    await clients[0]!.callTool({ name: 'toggle-subscriber-updates', arguments: {} });
  });

  test('a sampling request reaches the session whose call caused it; with two calls in flight and no link it is refused', async () => {
    const result = await clients[7]!.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'hi' } });
    assert.match(JSON.stringify(result), /sampled by 7/);
    // Session 9's long call is surely running (its first progress arrived) when session 8's call asks to sample.
    let running!: () => void;
    const inFlight = new Promise<void>((resolve) => (running = resolve));
    const long = clients[9]!.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 3, steps: 3 } },
      { onprogress: () => running() },
    );
    await inFlight;
    const [sampled] = await Promise.all([
      clients[8]!.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'hi' } }),
      long,
    ]);
    assert.doesNotMatch(JSON.stringify(sampled), /sampled by/, 'no session answered it');
    assert.match(JSON.stringify(sampled), /cannot tell which session/);
  });

  test('killing the shared child: every session recovers on one new process', async () => {
    const [pid] = childrenNamed(gw, 'everything');
    process.kill(pid!, 'SIGKILL');
    await Promise.all(
      clients.map((c, i) =>
        until(
          `session ${i} to answer again`,
          async () => {
            try {
              const a = await c.callTool({ name: 'echo', arguments: { message: `again ${i}` } });
              return text(a) === `Echo: again ${i}`;
            } catch {
              return false;
            }
          },
          30_000,
        ),
      ),
    );
    const now = childrenNamed(gw, 'everything');
    assert.equal(now.length, 1, 'one new process');
    assert.notEqual(now[0], pid);
  });

  test('a non-shared server at its "maxChildren" refuses one more session, saying what to do', async () => {
    const first = await connect(gw, 'capped');
    const second = await connect(gw, 'capped');
    try {
      await assert.rejects(connect(gw, 'capped'), (error: Error) => {
        assert.match(error.message, /all 2 it may run \(\\?"maxChildren\\?" in the config\) are in use/);
        assert.match(error.message, /this tab is not connected/);
        return true;
      });
    } finally {
      await first.close();
      await second.close();
    }
  });
});
