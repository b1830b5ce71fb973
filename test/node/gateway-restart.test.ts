import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { backoffDelay } from '../../gateway/src/relay/backoff.js';
import { StderrBuffer } from '../../gateway/src/relay/stderr-buffer.js';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { alive } from '../support/processes.js';

type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;

async function connect(gw: Gw, name: string): Promise<Client> {
  const client = new Client({ name: 'node-test', version: '1' }, { capabilities: {} });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), {
      requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
    }),
  );
  return client;
}

async function servers(gw: Gw) {
  const res = await fetch(`${gw.origin}/api/servers`, { headers: { Authorization: `Bearer ${gw.token}` } });
  return (await res.json()).servers as Array<{
    name: string;
    state: string;
    restarts: number;
    lastExit: { code: number } | null;
  }>;
}

async function stderr(gw: Gw, name: string): Promise<string> {
  const res = await fetch(`${gw.origin}/api/servers/${name}/stderr`, {
    headers: { Authorization: `Bearer ${gw.token}` },
  });
  return (await res.json()).stderr as string;
}

async function until<T>(check: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('restart with capped exponential backoff', () => {
  test('backoff doubles and is capped', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 10].map((n) => backoffDelay(n, 500, 5000)),
      [500, 1000, 2000, 4000, 5000, 5000],
    );
  });

  test('stderr is kept bounded, newest lines last', () => {
    const buffer = new StderrBuffer(100);
    for (let i = 0; i < 50; i += 1) buffer.append(`line ${i}\n`);
    assert.ok(buffer.text().length <= 100);
    assert.match(buffer.text(), /line 49$/);
    assert.doesNotMatch(buffer.text(), /line 0\n/);
  });

  const gateways: Gw[] = [];
  after(async () => {
    await Promise.all(gateways.map((g) => g.stop()));
  });

  test('a server that crashes mid-call: the call gets a specific error, the server is restarted with growing delays, the session survives', async () => {
    const gw = await startGatewayProcess({
      config: { mcpServers: { hostile: { command: 'node', args: ['test/fixtures/hostile-server.mjs'] } } },
    });
    gateways.push(gw);
    const client = await connect(gw, 'hostile');
    const started = Date.now();
    for (let round = 1; round <= 3; round += 1) {
      await until(async () => (await servers(gw))[0]!.state === 'running');
      await assert.rejects(client.callTool({ name: 'crash', arguments: {} }), (error: Error & { code?: number }) => {
        assert.equal(error.code, -32000);
        assert.match(
          error.message,
          /Server "hostile" exited with code 3 while handling "tools\/call"\. The gateway is restarting it\./,
        );
        return true;
      });
    }
    await until(async () => (await servers(gw))[0]!.restarts >= 3 && (await servers(gw))[0]!.state === 'running');
    const elapsed = Date.now() - started;
    const log = await stderr(gw, 'hostile');
    const delays = [...log.matchAll(/restarting in (\d+) ms/g)].map((m) => Number(m[1]));
    assert.deepEqual(delays.slice(0, 3), [500, 1000, 2000]);
    assert.ok(elapsed >= 3400, `three restarts should take at least 3.5 s of backoff, took ${elapsed} ms`);
    assert.match(log, /crashing on purpose/);
    // The same browser session keeps working after the restarts.
    const result = await client.callTool({ name: 'strict-args', arguments: { count: 1, mode: 'fast' } });
    assert.equal((result.content as Array<{ text: string }>)[0]!.text, 'count=1');
    const summary = (await servers(gw))[0]!;
    assert.equal(summary.lastExit?.code, 3);
    await client.close();
  });

  test('a server that fails to start is reported with the reason, and the gateway keeps serving', async () => {
    const gw = await startGatewayProcess({
      config: {
        mcpServers: {
          ghost: { command: 'definitely-not-a-command-xyz' },
          everything: { command: 'mcp-server-everything', args: ['stdio'] },
        },
      },
    });
    gateways.push(gw);
    await assert.rejects(
      connect(gw, 'ghost'),
      /The command "definitely-not-a-command-xyz" was not found\. Install it, or give its full path in "command" for "mcpServers\.ghost"/,
    );
    const summary = (await servers(gw)).find((s) => s.name === 'ghost')! as Awaited<
      ReturnType<typeof servers>
    >[number] & { problem: { step: string; kind: string } };
    assert.equal(summary.state, 'failed');
    assert.deepEqual([summary.problem.step, summary.problem.kind], ['spawn', 'command-not-found']);
    assert.match(
      gw.stderr(),
      /mcp-dashboard: server "ghost" \[spawn\]: The command "definitely-not-a-command-xyz" was not found\./,
    );
    const ok = await connect(gw, 'everything');
    const tools = await ok.listTools();
    assert.ok(tools.tools.length > 0);
    await ok.close();
  });

  test('closing the gateway stops every server it started', async () => {
    const gw = await startGatewayProcess({
      config: { mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'] } } },
    });
    const client = await connect(gw, 'everything');
    const { childPids } = await import('../support/wtr-gateway-plugin.mjs');
    // The session's process, and perhaps the catalog's short-lived listing process or a new warm one beside it.
    const pids = childPids(gw.pid);
    assert.ok(pids.length >= 1, 'the session runs on a process');
    await gw.stop();
    // Each is gone within a moment of the gateway's exit (a process being stopped as it exits is reaped then).
    await until(async () => pids.every((pid) => !alive(pid)), 5_000);
    await client.close().catch(() => {});
  });
});
