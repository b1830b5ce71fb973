// Team mode's audit log on both of its stores: the same TeamAudit scenario (begin, end, a refused call, a call a
// stopped gateway left open, the rows the viewer asks for) against the embedded file store and against PostgreSQL
// (a throwaway cluster, test/support/postgres.ts), and what a database that goes away does to calls.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { argumentsDigest } from '../../gateway/src/audit/audit-chain.js';
import { AuditUnavailable, TeamAudit } from '../../gateway/src/team/team-audit.js';
import { startPostgres, type Postgres } from '../support/postgres.js';

const DIGEST = argumentsDigest({ path: '/plans/q3.md' });

const call = (who: 'ana' | 'bob', name: string, decision: 'allow' | 'deny' = 'allow') => ({
  kind: 'begin' as const,
  actor: { sub: `sub-${who}`, email: `${who}@example.com` },
  server: 'files',
  method: 'tools/call',
  name,
  argsDigest: DIGEST,
  surface: 'user',
  decision,
  rule: decision === 'allow' ? 'role eng' : 'no role allows files/delete_file',
});

let pg: Postgres;
let databases = 0;
const dirs: string[] = [];

before(async () => {
  pg = await startPostgres();
});
after(async () => {
  await pg?.stop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A data folder, and the database URL when the store is PostgreSQL. */
async function place(store: 'file' | 'PostgreSQL'): Promise<[string, string | undefined]> {
  const dir = await mkdtemp(join(tmpdir(), 'team-audit-'));
  dirs.push(dir);
  return [dir, store === 'PostgreSQL' ? await pg.database(`team_audit_${++databases}`) : undefined];
}

for (const store of ['file', 'PostgreSQL'] as const) {
  describe(`TeamAudit on the ${store} store`, () => {
    test('begin and end make rows; a refused call and a call left open show as such after a restart', async () => {
      const [dir, url] = await place(store);
      const audit = await TeamAudit.open(dir, url);
      assert.equal(
        audit.path,
        url ? `PostgreSQL database "team_audit_${databases}" on 127.0.0.1:${pg.port}` : join(dir, 'audit.jsonl'),
      );
      const read = await audit.begin(call('ana', 'read_file'));
      audit.end(read, 'ok');
      const failed = await audit.begin(call('ana', 'search_files'));
      audit.end(failed, 'error', 'the server answered an error '.repeat(20));
      const denied = await audit.begin(call('bob', 'delete_file', 'deny'));
      const open = await audit.begin(call('bob', 'write_file'));
      const pending = (await audit.rows({})).find((row) => row.seq === open);
      assert.equal(pending?.outcome, 'pending');
      await audit.close();

      const reopened = await TeamAudit.open(dir, url);
      try {
        const rows = await reopened.rows({});
        assert.deepEqual(
          rows.map((row) => [row.seq, row.sub, row.name, row.decision, row.outcome]),
          [
            [open, 'sub-bob', 'write_file', 'allow', 'lost'],
            [denied, 'sub-bob', 'delete_file', 'deny', 'refused'],
            [failed, 'sub-ana', 'search_files', 'allow', 'error'],
            [read, 'sub-ana', 'read_file', 'allow', 'ok'],
          ],
        );
        assert.equal(rows[2]!.detail.length, 300, 'an end detail is cut to 300 characters');
        assert.equal(rows[0]!.detail, 'the gateway stopped before the answer');
        assert.match(rows[3]!.endedAt, /^\d{4}-\d\d-\d\dT/);
        assert.deepEqual(
          (await reopened.rows({ sub: 'sub-ana' })).map((row) => row.name),
          ['search_files', 'read_file'],
        );
        assert.deepEqual(
          (await reopened.rows({ name: 'delete_file' })).map((row) => row.seq),
          [denied],
        );
        assert.deepEqual(
          (await reopened.rows({ limit: 1 })).map((row) => row.seq),
          [open],
        );
        assert.equal((await reopened.rows({ since: '2999-01-01T00:00:00.000Z' })).length, 0);
        const next = await reopened.begin(call('ana', 'list_files'));
        assert.deepEqual([read, failed, denied, open, next], [1, 3, 5, 6, 8], 'ends at 2 and 4, the lost end at 7');
      } finally {
        await reopened.close();
      }
    });
  });
}

test('TeamAudit on PostgreSQL: calls are refused while the database is down and audited again once it is back', async () => {
  const [dir, url] = await place('PostgreSQL');
  const audit = await TeamAudit.open(dir, url);
  try {
    await audit.begin(call('ana', 'read_file'));
    await pg.pause();
    try {
      await assert.rejects(audit.begin(call('ana', 'write_file')), (error: Error) => {
        assert.ok(error instanceof AuditUnavailable);
        assert.match(error.message, /audit log cannot be written right now .*ECONNREFUSED.*calls are refused/);
        return true;
      });
    } finally {
      await pg.resume();
    }
    assert.equal(await audit.begin(call('ana', 'write_file')), 2);
  } finally {
    await audit.close();
  }
});
