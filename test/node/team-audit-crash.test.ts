// Team mode's audit log through failures, on both stores (the embedded file and PostgreSQL): a gateway killed
// (SIGKILL) while a member's call runs loses no record; a database that goes away refuses calls with a clear
// message, never forwarding one unaudited, and takes them again when it is back; `mcp-dashboard audit verify`
// finds an edited record. Real IdP, real gateway process, real server, real PostgreSQL.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runGatewayToExit } from '../support/gateway-process.mjs';
import { startPostgres, type Postgres } from '../support/postgres.js';
import { startTeam, type TeamGateway } from '../support/team-fixture.js';

interface Rec {
  seq: number;
  kind: string;
  begin?: number;
  name?: string;
  outcome?: string;
  decision?: string;
  actor?: { sub: string };
}
const LONG = { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 3 } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const store of ['file', 'postgres'] as const) {
  describe(`team audit on the ${store} store`, { timeout: 300_000 }, () => {
    let team: TeamGateway;
    let pg: Postgres | undefined;
    let dbUrl = '';
    before(async () => {
      if (store === 'postgres') {
        pg = await startPostgres();
        dbUrl = await pg.database('team_audit');
      }
      team = await startTeam(dbUrl ? { database: { url: dbUrl } } : {});
    });
    after(async () => {
      await team?.stop();
      await pg?.stop();
    });
    const records = async (): Promise<Rec[]> => {
      if (store === 'file')
        return (await readFile(join(team.dataDir, 'audit.jsonl'), 'utf8'))
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Rec);
      const out = await pg!.sql('SELECT record FROM audit_records ORDER BY seq', 'team_audit');
      return out
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Rec);
    };

    test('a gateway killed mid-call keeps exactly one complete record of the call, with the person', async () => {
      const bob = await team.signIn('bob');
      const session = await bob.open('everything');
      const running = bob
        .rpc('everything', session, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: LONG })
        .catch((error: unknown) => ({ error }));
      let begin: Rec | undefined;
      for (let i = 0; i < 300 && !begin; i += 1) {
        begin = (await records().catch(() => [])).find((r) => r.kind === 'begin' && r.name === LONG.name);
        if (!begin) await sleep(50);
      }
      assert.ok(begin, 'the begin record is stored while the call runs, before any answer');
      team.gateway.child.kill('SIGKILL');
      await running;
      await team.restart();

      const stored = await records();
      const ends = stored.filter((r) => r.kind === 'end' && r.begin === begin!.seq);
      assert.equal(ends.length, 1, JSON.stringify(stored));
      assert.equal(ends[0]!.outcome, 'lost');
      const begins = stored.filter((r) => r.kind === 'begin' && r.name === LONG.name);
      assert.equal(begins.length, 1);
      assert.equal(begins[0]!.actor!.sub, 'bob');
      const ada = await team.signIn('ada');
      const people = (await (await ada.api('GET', '/api/team/people')).json()) as { people: { sub: string }[] };
      assert.ok(
        people.people.some((p) => p.sub === 'bob'),
        'people seen before the restart are still listed for admins',
      );
      const rows = (await (await ada.api('GET', `/api/audit?name=${LONG.name}`)).json()) as {
        rows: { outcome: string; sub: string }[];
      };
      assert.deepEqual(
        rows.rows.map((r) => [r.sub, r.outcome]),
        [['bob', 'lost']],
      );
    });

    if (store === 'postgres')
      test('a database that goes away refuses calls with a clear message, and takes them again when it is back', async () => {
        const bob = await team.signIn('bob');
        const session = await bob.open('everything');
        const sum = (id: number) => ({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'get-sum', arguments: { a: id, b: 1 } },
        });
        const before = (await records()).length;
        await pg!.pause();
        const refused = await bob.rpc('everything', session, sum(100));
        assert.equal(refused.answer.error?.code, -32052, JSON.stringify(refused.answer));
        assert.match(refused.answer.error.message, /audit log cannot be written.*refused until it can/);
        await pg!.resume();
        let answer;
        for (let i = 0; i < 100; i += 1) {
          answer = (await bob.rpc('everything', session, sum(101 + i))).answer;
          if (answer.result) break;
          await sleep(200);
        }
        assert.match(JSON.stringify(answer?.result), /The sum of/, JSON.stringify(answer));
        const after = await records();
        assert.ok(
          !after.some((r) => r.kind === 'begin' && r.name === 'get-sum' && JSON.stringify(r).includes('"a":100')),
        );
        const allowed = after.slice(before).filter((r) => r.kind === 'begin' && r.decision === 'allow');
        const ended = new Set(after.filter((r) => r.kind === 'end').map((r) => r.begin));
        assert.ok(allowed.length >= 1 && allowed.every((r) => ended.has(r.seq)), JSON.stringify(after.slice(before)));
      });

    test('preferences are kept per person in this store', async () => {
      const bob = await team.signIn('bob');
      const ada = await team.signIn('ada');
      assert.equal((await bob.api('PUT', '/api/team/preferences/theme.mode', { body: { value: 'dark' } })).status, 200);
      const mine = (await (await bob.api('GET', '/api/team/preferences')).json()) as {
        values: Record<string, unknown>;
      };
      assert.equal(mine.values['theme.mode'], 'dark');
      const theirs = (await (await ada.api('GET', '/api/team/preferences')).json()) as {
        values: Record<string, unknown>;
      };
      assert.equal(theirs.values['theme.mode'], undefined);
      if (store === 'postgres')
        assert.match(
          await pg!.sql("SELECT sub, key FROM person_state WHERE key = 'theme.mode'", 'team_audit'),
          /bob\|theme\.mode/,
        );
    });

    test('`mcp-dashboard audit verify` passes the log, then finds a record edited by hand', async () => {
      const target = store === 'file' ? join(team.dataDir, 'audit.jsonl') : dbUrl;
      const good = await runGatewayToExit(['audit', 'verify', target]);
      assert.equal(good.code, 0, good.stdout + good.stderr);
      if (store === 'file') {
        const text = await readFile(target, 'utf8');
        const edited = text.replace('"actor":{"sub":"bob"', '"actor":{"sub":"eve"');
        assert.notEqual(edited, text, 'the sentinel edit happened');
        await writeFile(target, edited);
      } else {
        const changed = await pg!.sql(
          `UPDATE audit_records SET record = replace(record::text, '"sub":"bob"', '"sub":"eve"')::json WHERE record::text LIKE '%"sub":"bob"%' RETURNING seq`,
          'team_audit',
        );
        assert.ok(changed.trim().length > 0, 'the sentinel edit happened');
      }
      const bad = await runGatewayToExit(['audit', 'verify', target]);
      assert.equal(bad.code, 1, bad.stdout + bad.stderr);
      assert.match(bad.stdout + bad.stderr, /record \d+|seq \d+/);
    });
  });
}
