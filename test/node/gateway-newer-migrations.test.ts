// A rolling upgrade's older side (docs/decisions/rolling-upgrades.md): two replicas of this gateway on a database
// that the next release has already migrated (a copy of gateway/migrations/ plus an additive migration 0099 this
// gateway does not ship, applied by node-pg-migrate as that release would) are ready, say so once in their log,
// and keep serving sign-in, calls and the audit. Real parts: the built gateway (two processes), Debian's
// PostgreSQL and HAProxy, oidc-provider, server-everything.
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runner } from 'node-pg-migrate';
import { MIGRATIONS_DIR, MIGRATIONS_TABLE } from '../../gateway/src/audit/pg-store.js';
import { startPostgres, type Postgres } from '../support/postgres.js';
import { startReplicas, type Replicas } from '../support/replicas.js';

const NEXT = '0099_next-release';
let postgres: Postgres;
let cluster: Replicas;
let nextDir: string;
before(async () => {
  postgres = await startPostgres();
  nextDir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-next-migrations-'));
  for (const file of await readdir(MIGRATIONS_DIR)) await copyFile(join(MIGRATIONS_DIR, file), join(nextDir, file));
  await writeFile(
    join(nextDir, `${NEXT}.sql`),
    '-- Up Migration\nCREATE TABLE next_release_notes (sub text PRIMARY KEY, note text);\nALTER TABLE person_state ADD COLUMN note text;\n',
  );
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  await runner({
    databaseUrl: postgres.url,
    dir: nextDir,
    direction: 'up',
    migrationsTable: MIGRATIONS_TABLE,
    checkOrder: true,
    logger: quiet,
  });
  cluster = await startReplicas(2, { databaseUrl: postgres.url });
});
after(async () => {
  await cluster?.stop();
  await postgres?.stop();
  if (nextDir) await rm(nextDir, { recursive: true, force: true });
});

test(
  'the previous release on a database the next one migrated is ready, says so once, and serves calls with their audit',
  { timeout: 60_000 },
  async () => {
    for (const [i, replica] of cluster.replicas.entries()) {
      assert.equal((await fetch(`${cluster.direct(i)}/readyz`)).status, 200, `replica ${i + 1} is ready`);
      const lines = replica
        .stderr()
        .split('\n')
        .filter((line) => line.includes('migrations newer than this gateway'));
      assert.equal(lines.length, 1, `replica ${i + 1} says it once: ${replica.stderr()}`);
      assert.match(lines[0]!, new RegExp(NEXT));
    }
    const ada = await cluster.signIn('ada');
    for (let i = 0; i < 2; i += 1)
      assert.equal((await ada.api('GET', '/api/team/me', { base: cluster.direct(i) })).status, 200, `replica ${i + 1}`);
    const session = await ada.open('everything');
    const { answer } = await ada.rpc('everything', session, {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'after the next release migrated' } },
    });
    assert.match(JSON.stringify(answer.result), /after the next release migrated/);
    // A call's end record is written without waiting for the WAL flush; give it a moment.
    const ends = () =>
      postgres.sql(
        "SELECT count(*) FROM audit_records e JOIN audit_records b ON (e.record->>'begin')::bigint = b.seq WHERE e.record->>'kind' = 'end' AND b.record::text LIKE '%echo%'",
      );
    const until = Date.now() + 5_000;
    while (!/\b1\b/.test(await ends()) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    assert.match(await ends(), /\b1\b/, "the call's begin has its end in the audit");
    const applied = await postgres.sql(`SELECT count(*) FROM ${MIGRATIONS_TABLE} WHERE name = '${NEXT}'`);
    assert.match(applied, /\b1\b/, 'the newer migration is left as it was');
  },
);
