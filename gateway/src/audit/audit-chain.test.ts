import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argumentsDigest as pageDigest, canonicalJson } from '../../../src/core/shared/text/canonical-json.js';
import {
  argumentsDigest,
  chainRecord,
  recordHash,
  verifyAuditChain,
  type AuditEntry,
  type AuditRecord,
} from './audit-chain.js';
import { AuditFileStore, AuditStoreError, readAuditFile, verifyAuditFile } from './file-store.js';

// The team audit log's hash chain and its embedded file store, without a gateway: what an edited, removed or
// reordered record does to the chain, and what a crash in the middle of a call leaves behind.

const DIGEST = argumentsDigest({ path: '/secret/plan.txt' });

const begin = (name: string): AuditEntry => ({
  kind: 'begin',
  actor: { sub: 'user-1', email: 'ana@example.com' },
  server: 'files',
  method: 'tools/call',
  name,
  argsDigest: DIGEST,
  surface: 'user',
  decision: 'allow',
  rule: 'role eng',
});

async function scratch(): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'audit-'));
  return { dir, file: join(dir, 'audit.jsonl') };
}

describe('audit chain', () => {
  test('canonical JSON sorts keys at every level; the digest keeps no value; an undefined field hashes as absent', async () => {
    assert.equal(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }] } }), '{"a":{"d":[1,{"e":3,"f":2}]},"b":1}');
    const digest = argumentsDigest({ path: '/secret/plan.txt', token: 'hunter2' });
    assert.match(digest, /^sha256-[A-Za-z0-9+/]{43}=$/);
    assert.equal(digest, argumentsDigest({ token: 'hunter2', path: '/secret/plan.txt' }), 'key order does not matter');
    assert.notEqual(digest, argumentsDigest({ path: '/secret/plan.txt', token: 'hunter3' }));
    // The gateway hashes with node:crypto, the page with WebCrypto: one call has one digest on both sides.
    const args = { path: '/ファイル/計画.txt', n: [1, 2.5, null, { z: true, a: 'é' }], emoji: '🧪' };
    assert.equal(argumentsDigest(args), await pageDigest(args));
    // A record written with `detail: undefined` is read back without it: its hash must be the same.
    const record = chainRecord({ kind: 'end', begin: 1, outcome: 'ok', detail: undefined }, undefined);
    const { hash, ...body } = JSON.parse(JSON.stringify(record)) as typeof record;
    assert.equal(recordHash(body), hash);
  });

  test('an intact chain verifies; an edited, removed or reordered record is found, by its seq', () => {
    const records: AuditRecord[] = [];
    for (const name of ['read_file', 'write_file', 'delete_file', 'list_directory']) {
      records.push(chainRecord(begin(name), records.at(-1)));
    }
    assert.deepEqual(verifyAuditChain(records), { ok: true, records: 4 });

    const edited = records.map((r) => ({ ...r }));
    (edited[2] as { name: string }).name = 'read_file'; // someone hides a delete
    assert.deepEqual(verifyAuditChain(edited), {
      ok: false,
      records: 3,
      seq: 3,
      problem: 'record 3 was changed after it was written',
    });

    const removed = [records[0]!, records[1]!, records[3]!];
    const r = verifyAuditChain(removed);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.problem : '', /seq 4, expected 3/);

    // Removed and every later record rewritten with new seqs (but no way to forge the hashes without the chain).
    const renumbered = [records[0]!, records[1]!, { ...records[3]!, seq: 3 }];
    assert.match(JSON.stringify(verifyAuditChain(renumbered)), /does not link|was changed/);

    const swapped = [records[0]!, records[2]!, records[1]!, records[3]!];
    assert.equal(verifyAuditChain(swapped).ok, false);
  });
});

describe('audit file store', () => {
  test('records are on disk in order, with begin and end per call; a reopened store goes on with the chain', async () => {
    const { dir, file } = await scratch();
    try {
      const store = await AuditFileStore.open(file);
      const calls = await Promise.all(['a', 'b', 'c'].map((name) => store.append(begin(name))));
      assert.deepEqual(
        calls.map((c) => c.seq),
        [1, 2, 3],
      );
      await store.append({ kind: 'end', begin: 2, outcome: 'ok' });
      await store.close();
      const again = await AuditFileStore.open(file);
      // Calls 1 and 3 never ended: reopening closes them as lost (nothing is left open, nothing is dropped).
      await again.append(begin('d'));
      await again.close();
      const { records } = await readAuditFile(file);
      assert.deepEqual(
        records.map((r) => (r.kind === 'begin' ? `begin ${r.name}` : `end ${r.begin} ${r.outcome}`)),
        ['begin a', 'begin b', 'begin c', 'end 2 ok', 'end 1 lost', 'end 3 lost', 'begin d'],
      );
      assert.deepEqual(await verifyAuditFile(file), { ok: true, records: 7, tornBytes: 0 });
      assert.ok(!(await readFile(file, 'utf8')).includes('hunter'), 'no argument value is in the file');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('an edited file is refused at open and by verify, naming the record; a torn last line is dropped', async () => {
    const { dir, file } = await scratch();
    try {
      const store = await AuditFileStore.open(file);
      for (const name of ['read_file', 'delete_file', 'read_file']) await store.append(begin(name));
      await store.close();
      const original = await readFile(file, 'utf8');

      await appendFile(file, '{"kind":"begin","actor":{"sub":"user-1"},"ser');
      const torn = await verifyAuditFile(file);
      assert.equal(torn.ok, true);
      assert.ok(torn.tornBytes > 0);
      const reopened = await AuditFileStore.open(file);
      await reopened.close();
      assert.equal((await readAuditFile(file)).tornBytes, 0, 'the torn line is gone');

      await writeFile(file, original.replace('delete_file', 'list_files'));
      const check = await verifyAuditFile(file);
      assert.equal(check.ok, false);
      assert.match(!check.ok ? check.problem : '', /record 2 was changed/);
      await assert.rejects(AuditFileStore.open(file), (error: Error) => {
        assert.ok(error instanceof AuditStoreError);
        assert.match(error.message, /audit log .* was changed: record 2 was changed after it was written/);
        return true;
      });

      await writeFile(file, 'not json\n');
      await assert.rejects(AuditFileStore.open(file), /has a line that is not a record \(line 1\)/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a gateway killed (SIGKILL) while a call is in flight: the begin record was on disk, the next start records it lost', async () => {
    const { dir, file } = await scratch();
    try {
      // A real process writes the begin record, says so, then "forwards" the call for ever; it is killed -9.
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { AuditFileStore } = await import(${JSON.stringify(new URL('./file-store.ts', import.meta.url).href)});
           const store = await AuditFileStore.open(${JSON.stringify(file)});
           await store.append({ kind: 'begin', actor: { sub: 'user-2' }, server: 'files', method: 'tools/call', name: 'delete_file', argsDigest: 'sha256-x', surface: 'user', decision: 'allow', rule: 'role ops' });
           process.stdout.write('forwarding\\n');
           setInterval(() => {}, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('forwarding') && resolve());
        child.once('exit', (code) => reject(new Error(`the writer exited early (${code})`)));
      });
      const killed = new Promise((r) => child.once('exit', (_code, signal) => r(signal)));
      child.kill('SIGKILL');
      assert.equal(await killed, 'SIGKILL', 'the attempt: the process was killed mid-call');
      const after = await readAuditFile(file);
      assert.deepEqual(
        after.records.map((r) => r.kind),
        ['begin'],
        'the begin record survived the kill',
      );
      const store = await AuditFileStore.open(file);
      await store.close();
      const { records } = await readAuditFile(file);
      assert.deepEqual(
        records.map((r) => (r.kind === 'end' ? `end ${r.begin} ${r.outcome}` : `begin ${r.name}`)),
        ['begin delete_file', 'end 1 lost'],
      );
      assert.equal((await verifyAuditFile(file)).ok, true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('mcp-dashboard audit verify: exit 0 on an intact log, 1 naming the edited record, 2 on a usage error', async () => {
    const { dir, file } = await scratch();
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
    try {
      const store = await AuditFileStore.open(file);
      for (const name of ['read_file', 'delete_file']) await store.append(begin(name));
      await store.close();
      const intact = await cli('verify', file);
      assert.equal(intact.code, 0, intact.err);
      assert.match(intact.out, /: 2 records, chain intact\./);
      await writeFile(file, (await readFile(file, 'utf8')).replace('delete_file', 'read_file'));
      const broken = await cli('verify', file);
      assert.equal(broken.code, 1);
      assert.match(broken.out, /BROKEN at record 2: record 2 was changed after it was written/);
      const usage = await cli('check', file);
      assert.equal(usage.code, 2);
      assert.match(usage.err, /unknown command "check"/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
