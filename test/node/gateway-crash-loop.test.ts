import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { until } from '../support/processes.js';

// Issue 30, item 3: a server that keeps failing soon after it starts is stopped (marked "failing") after a few
// quick failures instead of being restarted for ever, and starts again only when the person presses Restart
// (POST /api/servers/<name>/restart) or its config entry changes. The restart counter counts the restarts.

type Summary = {
  name: string;
  state: string;
  restarts: number;
  problem: { step: string; kind: string; message: string; action: string; details: Record<string, unknown> } | null;
};

const dir = await mkdtemp(join(tmpdir(), 'crash-loop-'));
const startsFile = join(dir, 'starts.log');
// Restarts wait 100, 200, 400, 800 ms instead of 0.5–4 s, so the five quick failures take about 1.5 s; the next
// wait would be 1.6 s, so 4 s without a start shows the gateway stopped restarting.
const QUIET_MS = 4_000;
const gw = await startGatewayProcess({
  limits: { restartBackoffMs: 100 },
  config: {
    mcpServers: {
      early: {
        command: 'node',
        args: ['test/fixtures/crash-loop-server.mjs', 'early'],
        env: { CRASH_LOOP_STARTS: startsFile },
      },
      late: {
        command: 'node',
        args: ['test/fixtures/crash-loop-server.mjs', 'late'],
        env: { CRASH_LOOP_STARTS: startsFile },
      },
    },
  },
});
const auth = { Authorization: `Bearer ${gw.token}` };
after(async () => {
  await gw.stop();
  await rm(dir, { recursive: true, force: true });
});

async function servers(): Promise<Summary[]> {
  return ((await (await fetch(`${gw.origin}/api/servers`, { headers: auth })).json()) as { servers: Summary[] })
    .servers;
}
async function server(name: string): Promise<Summary> {
  return (await servers()).find((s) => s.name === name)!;
}
async function starts(mode: string): Promise<number> {
  const text = await readFile(startsFile, 'utf8').catch(() => '');
  return text.split('\n').filter((l) => l.startsWith(`${mode} `)).length;
}
async function connect(name: string): Promise<Client> {
  const client = new Client({ name: 'node-test', version: '1' }, { capabilities: {} });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), { requestInit: { headers: auth } }),
  );
  return client;
}

test('a server that exits at every start is stopped after five quick failures, says why, and starts no more', async () => {
  const failing = await until(
    '"early" to be marked failing',
    async () => ((await server('early')).state === 'failing' ? server('early') : false),
    60_000,
  );
  assert.equal(failing.problem?.kind, 'crash-loop');
  assert.match(
    failing.problem!.message,
    /^"node" failed 5 times in a row soon after starting \(last: exited with code 3\); the gateway stopped restarting it\.$/,
  );
  assert.match(failing.problem!.action, /then press Restart in its card/);
  // The cause, not the stack: the line that explains is in the card's diagnosis.
  assert.deepEqual(failing.problem!.details.stderrTail, ['Error: DATABASE_URL is not set']);
  assert.ok(failing.restarts >= 1, `the restart counter counts (${failing.restarts})`);
  // Sentinel: it was really started over and over, then not any more.
  // A process started just before the stop writes its start line a moment later.
  await new Promise((r) => setTimeout(r, 1500));
  const before = await starts('early');
  assert.ok(before >= 5, `started ${before} times before it was stopped`);
  await new Promise((r) => setTimeout(r, QUIET_MS));
  assert.equal(await starts('early'), before, 'nothing starts a failing server on its own');
  // A page that connects meanwhile gets the diagnosis, and starts no process.
  await assert.rejects(
    connect('early'),
    /"node" failed 5 times in a row soon after starting.*press Restart in its card/s,
  );
  assert.equal(await starts('early'), before);
  // The terminal says it once.
  const lines = gw
    .stderr()
    .split('\n')
    .filter((l) => l.includes('server "early"') && l.includes('failed 5 times'));
  assert.equal(lines.length, 1, lines.join('\n'));
});

test('a server that crashes soon after every handshake is stopped too; its page session ends saying why', async () => {
  const client = await connect('late');
  const failing = await until(
    '"late" to be marked failing',
    async () => ((await server('late')).state === 'failing' ? server('late') : false),
    60_000,
  );
  assert.equal(failing.problem?.kind, 'crash-loop');
  assert.match(failing.problem!.message, /failed 5 times in a row soon after starting \(last: exited with code 2\)/);
  assert.deepEqual(failing.problem!.details.stderrTail, ['Error: lost the connection to the backend (ECONNRESET)']);
  assert.ok(failing.restarts >= 4, `each restart of the session's process is counted (${failing.restarts})`);
  await new Promise((r) => setTimeout(r, 1500));
  const before = await starts('late');
  await new Promise((r) => setTimeout(r, QUIET_MS));
  const log = (
    (await (await fetch(`${gw.origin}/api/servers/late/stderr`, { headers: auth })).json()) as { stderr: string }
  ).stderr;
  assert.equal(await starts('late'), before, `nothing starts a failing server on its own; its log:\n${log}`);
  await assert.rejects(client.listTools(), /Session not found|ended/);
  await client.close().catch(() => {});
});

test('Restart starts a failing server again (until it fails again); an unknown server or a GET is refused', async () => {
  const before = await starts('early');
  const answer = await fetch(`${gw.origin}/api/servers/early/restart`, { method: 'POST', headers: auth });
  assert.deepEqual(await answer.json(), { restarted: true });
  await until('a new start after Restart', async () => (await starts('early')) > before, 15_000);
  const summary = await server('early');
  assert.notEqual(summary.problem?.kind, 'crash-loop', 'the old diagnosis is gone until it fails again');
  // It still fails (nothing was fixed): after five more quick failures it is stopped again.
  await until('"early" to be stopped again', async () => (await server('early')).state === 'failing', 60_000);
  const again = await fetch(`${gw.origin}/api/servers/nope/restart`, { method: 'POST', headers: auth });
  assert.equal(again.status, 404);
  const get = await fetch(`${gw.origin}/api/servers/early/restart`, { headers: auth });
  assert.equal(get.status, 405);
});
