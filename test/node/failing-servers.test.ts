import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { failureKind } from '../../src/core/shared/errors/retry-advice.js';
import { failingServers } from '../support/failing-servers.mjs';
import { repoRoot, startGatewayProcess } from '../support/gateway-process.mjs';
import { until } from '../support/processes.js';
import { startPostgres, type Postgres } from '../support/postgres.js';

// Issue 30: real servers that fail the ways people meet, each with the exact text its card shows and the exact
// line the terminal prints, from one table (test/support/failing-servers.mjs) that docs/servers.md lists too.

type Row = ReturnType<typeof failingServers>[number];
type Problem = { kind: string; message: string; details: { stderrTail?: string[]; configFile?: string } };
type Summary = { name: string; state: string; problem: Problem | null };

let pg: Postgres;
let gw: Awaited<ReturnType<typeof startGatewayProcess>>;
let rows: Row[];
const auth = () => ({ Authorization: `Bearer ${gw.token}` });

before(async () => {
  pg = await startPostgres();
  rows = failingServers(pg.url, await pg.passwordRole('reader', 'right-password', 'wrong-password'));
  gw = await startGatewayProcess({
    config: { mcpServers: Object.fromEntries(rows.map((r) => [r.name, r.config])) },
  });
});
after(async () => {
  await gw?.stop();
  await pg?.stop();
});

const row = (name: string) => rows.find((r) => r.name === name)!;
async function summary(name: string): Promise<Summary> {
  const body = (await (await fetch(`${gw.origin}/api/servers`, { headers: auth() })).json()) as { servers: Summary[] };
  return body.servers.find((s) => s.name === name)!;
}
async function connect(name: string): Promise<Client> {
  const client = new Client({ name: 'node-test', version: '1' }, { capabilities: {} });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), { requestInit: { headers: auth() } }),
  );
  return client;
}
function terminalLine(r: Row): string {
  return r.terminal!.replace('CONFIG', gw.configFile);
}
for (const name of ['files', 'cache']) {
  test(`${name}: the card says how it exited and the lines that explain it; the terminal says it once`, async () => {
    const r = row(name);
    await assert.rejects(connect(name), (error: Error) => error.message.startsWith(r.card!));
    const problem = (await summary(name)).problem!;
    assert.equal(problem.kind, 'exited');
    assert.equal(problem.message, r.card);
    assert.deepEqual(problem.details.stderrTail, r.cardLines);
    const lines = gw.stderr().split('\n');
    assert.equal(lines.filter((l) => l === terminalLine(r)).length, 1, gw.stderr());
  });
}

test('sql: a refused statement from a real PostgreSQL reaches the card as the server said it, and is not offered a retry', async () => {
  const r = row('sql');
  const client = await connect('sql');
  let message: string;
  let code: number | undefined;
  try {
    const result = await client.callTool({ name: r.call!.tool, arguments: r.call!.arguments });
    // A server that reports it as a tool error (isError) rather than a JSON-RPC error.
    message = JSON.stringify(result.content);
    assert.equal(result.isError, true);
  } catch (error) {
    message = (error as Error).message;
    code = (error as { code?: number }).code;
  }
  assert.ok(message.includes(r.card!), message);
  assert.equal(failureKind(code, message), r.advice, 'no "Try again" for a statement the database refused');
  // Sentinel: the statement really reached PostgreSQL and was refused there — pg_class is still full.
  assert.ok(Number((await pg.sql('SELECT count(*) FROM pg_class')).match(/\d+/)![0]) > 100);
  await client.close();
});

test('login: a wrong database password — the list error names it, and the terminal says it once although the server runs', async () => {
  const r = row('login');
  const client = await connect('login');
  await assert.rejects(client.listResources(), (error: Error) => error.message.includes(r.card!));
  await client.close();
  // The catalog's discovery met it first; its retries and the page's own lists do not print it again.
  const printed = () =>
    gw
      .stderr()
      .split('\n')
      .filter((l) => l === terminalLine(r)).length;
  await until('the terminal line', () => printed() > 0, 30_000);
  // Sentinel: the server really asked PostgreSQL, which refused the password (its log says so).
  assert.match(await pg.log(), /password authentication failed for user "reader"/);
  assert.equal(printed(), 1, gw.stderr());
  assert.equal((await summary('login')).state === 'failing', false, 'a running server is not a crash loop');
});

test('loop: a server that exits at every start is stopped, with the cause, and the terminal says so once', async () => {
  const r = row('loop');
  const s = await until(
    'the crash loop to be stopped',
    async () => ((await summary('loop')).state === 'failing' ? summary('loop') : false),
    60_000,
  );
  assert.equal(s.problem!.message, r.card);
  assert.deepEqual(s.problem!.details.stderrTail, r.cardLines);
  assert.equal(
    gw
      .stderr()
      .split('\n')
      .filter((l) => l === terminalLine(r)).length,
    1,
    gw.stderr(),
  );
});

test('strict: a server that rejects unknown methods is never sent one; its log starts with its own lines', async () => {
  const client = await connect('strict');
  const tools = await client.listTools();
  assert.ok(tools.tools.length > 0);
  await client.close();
  const log = (
    (await (await fetch(`${gw.origin}/api/servers/strict/stderr`, { headers: auth() })).json()) as {
      stderr: string;
    }
  ).stderr;
  assert.doesNotMatch(log, /validation error|Method not found|server\/discover/i, log);
  assert.ok(!gw.stderr().includes('server "strict"'), 'nothing for it at the terminal');
});

test('docs/servers.md lists every card text and terminal line of the table', async () => {
  const docs = await readFile(join(repoRoot, 'docs', 'servers.md'), 'utf8');
  for (const r of rows) {
    for (const text of [r.card, ...(r.cardLines ?? [])].filter((t): t is string => Boolean(t)))
      assert.ok(docs.includes(text), `${r.name}: "${text}" is not in docs/servers.md`);
    if (r.terminal) {
      const line = r.terminal.replace('CONFIG', 'mcp-dashboard.config.json');
      assert.ok(docs.includes(line), `${r.name}: the terminal line is not in docs/servers.md:\n${line}`);
    }
  }
});
