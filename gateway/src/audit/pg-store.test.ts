import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { startPostgres, type Postgres } from '../../../test/support/postgres.js';
import { argumentsDigest, verifyAuditChain, type AuditEntry } from './audit-chain.js';
import { AuditStoreError } from './file-store.js';
import { AuditPgStore, describeDatabase, verifyAuditDatabase } from './pg-store.js';

// The PostgreSQL audit store against a real server (test/support/postgres.ts: Debian's binaries, a throwaway
// cluster for this file, a fresh database per test): the chain, two writers on one database, a stopped gateway's
// open calls, an edited row, and a database that is down at start or goes down and comes back.

const DIGEST = argumentsDigest({ path: '/secret/plan.txt' });

const begin = (name: string, decision: 'allow' | 'deny' = 'allow'): AuditEntry => ({
  kind: 'begin',
  actor: { sub: 'user-1', email: 'ana@example.com' },
  server: 'files',
  method: 'tools/call',
  name,
  argsDigest: DIGEST,
  surface: 'user',
  decision,
  rule: 'role eng',
});

let pg: Postgres;
let databases = 0;
const fresh = () => pg.database(`audit_${++databases}`);

before(async () => {
  pg = await startPostgres();
});
after(async () => pg?.stop());

/** `mcp-dashboard audit …` from the sources: exit code and output. */
const cli = (...args: string[]) =>
  new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', new URL('../run.ts', import.meta.url).pathname, 'audit', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('exit', (code) => resolve({ code, out, err }));
  });

describe('PostgreSQL audit store', () => {
  test('appends chain, read back in seq order and verify; the description names the database, not the password', async () => {
    const url = (await fresh()).replace('postgres@', 'postgres:s3cret-pw@');
    const store = await AuditPgStore.open(url);
    try {
      assert.equal(store.description, `PostgreSQL database "audit_${databases}" on 127.0.0.1:${pg.port}`);
      assert.doesNotMatch(store.description, /s3cret/);
      const first = await store.append(begin('read_file'));
      await store.append({ kind: 'end', begin: first.seq, outcome: 'error', detail: 'a NUL \u0000 and é in a detail' });
      await store.append(begin('delete_file', 'deny'));
      const records = await store.records();
      assert.deepEqual(
        records.map((r) => r.seq),
        [1, 2, 3],
      );
      assert.equal(records[1]!.kind === 'end' && records[1]!.detail, 'a NUL \u0000 and é in a detail');
      assert.deepEqual(verifyAuditChain(records), { ok: true, records: 3 });
      assert.deepEqual(await verifyAuditDatabase(url), { ok: true, records: 3, description: store.description });
    } finally {
      await store.close();
    }
    const reopened = await AuditPgStore.open(url);
    assert.equal((await reopened.append(begin('write_file'))).seq, 4, 'the migrations ran once; the chain goes on');
    await reopened.close();
  });

  test('two stores on one database appending at once (2 × 50) keep one valid chain', async () => {
    const url = await fresh();
    const [a, b] = await Promise.all([AuditPgStore.open(url), AuditPgStore.open(url)]);
    try {
      const writes = [];
      for (let i = 0; i < 50; i += 1) writes.push(a.append(begin(`a${i}`)), b.append(begin(`b${i}`)));
      const written = await Promise.all(writes);
      const records = await a.records();
      assert.deepEqual(
        records.map((r) => r.seq),
        Array.from({ length: 100 }, (_, i) => i + 1),
      );
      assert.deepEqual(verifyAuditChain(records), { ok: true, records: 100 });
      assert.deepEqual(
        written.map((r) => r.hash),
        written.map((r) => records[r.seq - 1]!.hash),
        'each append resolved with the record the table holds',
      );
      const names = (from: string) =>
        records.flatMap((r) => (r.kind === 'begin' && r.name[0] === from ? [r.name] : []));
      assert.deepEqual(
        names('a'),
        Array.from({ length: 50 }, (_, i) => `a${i}`),
        'one store writes in the order it was asked',
      );
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test('a reopen closes a call a stopped gateway left open with outcome lost, once', async () => {
    const url = await fresh();
    const store = await AuditPgStore.open(url);
    await store.append(begin('read_file'));
    await store.append(begin('delete_file', 'deny'));
    await store.close();
    const reopened = await AuditPgStore.open(url);
    await reopened.close();
    const again = await AuditPgStore.open(url);
    const records = await again.records();
    await again.close();
    assert.deepEqual(
      records.map((r) => (r.kind === 'end' ? `end ${r.begin} ${r.outcome}` : `begin ${r.name}`)),
      ['begin read_file', 'begin delete_file', 'end 1 lost'],
    );
    assert.equal(verifyAuditChain(records).ok, true);
  });

  test('an edited row: open refuses naming the seq, and audit verify exits 1', { timeout: 60_000 }, async () => {
    const url = await fresh();
    const store = await AuditPgStore.open(url);
    for (const name of ['read_file', 'delete_file', 'list_files']) await store.append(begin(name));
    await store.close();
    const intact = await cli('verify', url);
    assert.equal(intact.code, 0, intact.err);
    assert.match(
      intact.out,
      /audit log in PostgreSQL database "audit_\d+" on 127\.0\.0\.1:\d+: 3 records, chain intact\./,
    );

    const db = url.slice(url.lastIndexOf('/') + 1);
    await pg.sql(
      `UPDATE audit_records SET record = replace(record::text, 'delete_file', 'read_file')::json WHERE seq = 2`,
      db,
    );
    await assert.rejects(AuditPgStore.open(url), (error: Error) => {
      assert.ok(error instanceof AuditStoreError);
      assert.match(error.message, /was changed at seq 2: record 2 was changed after it was written/);
      return true;
    });
    const broken = await cli('verify', url);
    assert.equal(broken.code, 1);
    assert.match(broken.out, /BROKEN at record 2: record 2 was changed after it was written/);
  });

  test('a row whose columns no longer match its record is a break at that row', async () => {
    const url = await fresh();
    const store = await AuditPgStore.open(url);
    for (const name of ['read_file', 'delete_file']) await store.append(begin(name));
    await store.close();
    await pg.sql(`UPDATE audit_records SET seq = 7 WHERE seq = 2`, url.slice(url.lastIndexOf('/') + 1));
    const check = await verifyAuditDatabase(url);
    assert.equal(check.ok, false);
    assert.equal(!check.ok && check.seq, 7);
    await assert.rejects(AuditPgStore.open(url), /changed at seq 7: row 7 has seq, prev or hash columns/);
  });

  test('a database that is down at start: open rejects naming the database and the refusal', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const started = Date.now();
    await assert.rejects(AuditPgStore.open(`postgres://ana:pw-123@127.0.0.1:${port}/team`), (error: Error) => {
      assert.ok(error instanceof AuditStoreError);
      assert.match(error.message, new RegExp(`PostgreSQL database "team" on 127\\.0\\.0\\.1:${port}`));
      assert.match(error.message, /ECONNREFUSED/);
      assert.doesNotMatch(error.message, /pw-123/);
      return true;
    });
    assert.ok(Date.now() - started < 5_000, 'a refused connection fails at once');
    assert.equal(
      describeDatabase('postgresql:///audit?host=/run/postgresql'),
      'PostgreSQL database "audit" on socket /run/postgresql',
    );
  });

  test(
    'a database that goes down: append rejects naming it; back up, appends work again and the chain holds',
    { timeout: 120_000 },
    async () => {
      const url = await fresh();
      const store = await AuditPgStore.open(url);
      try {
        await store.append(begin('read_file'));
        await pg.pause();
        try {
          await assert.rejects(store.append(begin('delete_file')), (error: Error) => {
            assert.ok(error instanceof AuditStoreError);
            assert.match(
              error.message,
              /cannot write to the audit database \(PostgreSQL database "audit_\d+" on 127\.0\.0\.1:\d+\): /,
            );
            return true;
          });
          await assert.rejects(store.append(begin('list_files')), /ECONNREFUSED/);
        } finally {
          await pg.resume();
        }
        const next = await store.append(begin('write_file'));
        assert.equal(next.seq, 2, 'the refused appends left nothing behind');
        const records = await store.records();
        assert.deepEqual(verifyAuditChain(records), { ok: true, records: 2 });
      } finally {
        await store.close();
      }
    },
  );
});
