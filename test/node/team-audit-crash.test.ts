// Team mode's audit log through a crash: a gateway killed (SIGKILL) while a member's call runs loses no record,
// and `mcp-dashboard audit verify` finds an edited record. Real IdP, real gateway process, real server.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runGatewayToExit } from '../support/gateway-process.mjs';
import { startTeam, type TeamGateway } from '../support/team-fixture.js';

let team: TeamGateway;
before(async () => {
  team = await startTeam();
});
after(async () => team?.stop());

const records = async () =>
  (await readFile(join(team.dataDir, 'audit.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as {
          seq: number;
          kind: string;
          begin?: number;
          name?: string;
          outcome?: string;
          actor?: { sub: string };
        },
    );

test(
  'a gateway killed mid-call keeps exactly one complete record of the call, with the person',
  { timeout: 180_000 },
  async () => {
    const bob = await team.signIn('bob');
    const session = await bob.open('everything');
    const running = bob
      .rpc('everything', session, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 3 } },
      })
      .catch((error: unknown) => ({ error }));
    let begin: { seq: number } | undefined;
    for (let i = 0; i < 200 && !begin; i += 1) {
      begin = (await records().catch(() => [])).find(
        (r) => r.kind === 'begin' && r.name === 'trigger-long-running-operation',
      );
      if (!begin) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(begin, 'the begin record is on disk while the call runs, before any answer');
    team.gateway.child.kill('SIGKILL');
    await running;
    await team.restart();

    const after = await records();
    const ends = after.filter((r) => r.kind === 'end' && r.begin === begin!.seq);
    assert.equal(ends.length, 1, JSON.stringify(after));
    assert.equal(ends[0]!.outcome, 'lost');
    const begins = after.filter((r) => r.kind === 'begin' && r.name === 'trigger-long-running-operation');
    assert.equal(begins.length, 1);
    assert.equal(begins[0]!.actor!.sub, 'bob');

    // After the restart the log goes on, and the admin reads the lost call.
    const ada = await team.signIn('ada');
    const rows = (await (await ada.api('GET', '/api/audit?name=trigger-long-running-operation')).json()) as {
      rows: { outcome: string; sub: string }[];
    };
    assert.deepEqual(
      rows.rows.map((r) => [r.sub, r.outcome]),
      [['bob', 'lost']],
    );
  },
);

test(
  '`mcp-dashboard audit verify` passes the log, then finds a record edited by hand',
  { timeout: 120_000 },
  async () => {
    const file = join(team.dataDir, 'audit.jsonl');
    const good = await runGatewayToExit(['audit', 'verify', file]);
    assert.equal(good.code, 0, good.stdout + good.stderr);
    const text = await readFile(file, 'utf8');
    const edited = text.replace('"actor":{"sub":"bob"', '"actor":{"sub":"eve"');
    assert.notEqual(edited, text, 'the sentinel edit happened');
    await writeFile(file, edited);
    const bad = await runGatewayToExit(['audit', 'verify', file]);
    assert.equal(bad.code, 1, bad.stdout + bad.stderr);
    assert.match(bad.stdout + bad.stderr, /record 1\b|seq 1\b|record \d+/);
  },
);
