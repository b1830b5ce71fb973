import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppendBatcher, type PendingAppend } from './append-batch.js';
import { chainRecord, type AuditEntry, type AuditRecord } from './audit-chain.js';
import { AuditFileStore, readAuditFile, verifyAuditFile } from './file-store.js';

// Group commit of the audit stores: appends that arrive while one write is under way share the next write.

const end = (begin: number): AuditEntry => ({ kind: 'end', begin, outcome: 'ok' });

/** A writer that records its batches and holds each write until `release` is called. */
function heldWriter() {
  const batches: number[][] = [];
  let last: AuditRecord | undefined;
  let release: () => void = () => {};
  let fail = false;
  const writer = {
    async write(batch: readonly PendingAppend[]) {
      batches.push(batch.map((w) => (w.entry as { begin: number }).begin));
      await new Promise<void>((resolve) => (release = resolve));
      if (fail) throw new Error('disk full');
      return batch.map((w) => (last = chainRecord(w.entry, last, w.now)));
    },
    sync: async () => {},
  };
  return {
    writer,
    batches,
    release: () => release(),
    failNext: (value: boolean) => (fail = value),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('audit group commit', () => {
  test('appends made while a write is under way go together in the next one, in the order asked', async () => {
    const held = heldWriter();
    const batcher = new AppendBatcher(held.writer);
    const first = batcher.append(end(1), new Date(), true);
    await tick();
    const rest = [2, 3, 4, 5].map((n) => batcher.append(end(n), new Date(), true));
    held.release();
    await first;
    await tick();
    held.release();
    const records = await Promise.all(rest);
    assert.deepEqual(held.batches, [[1], [2, 3, 4, 5]], 'two writes for five appends');
    assert.deepEqual(
      records.map((r) => r.seq),
      [2, 3, 4, 5],
    );
  });

  test('a record that need not be on disk is answered before the flush; a durable one after it', async () => {
    const held = heldWriter();
    const batcher = new AppendBatcher(held.writer);
    const order: string[] = [];
    held.writer.sync = async () => {
      await tick(); // a flush takes a while
      order.push('flushed');
    };
    const durable = batcher.append(end(1), new Date(), true).then(() => order.push('durable'));
    const quick = batcher.append(end(2), new Date(), false).then(() => order.push('quick'));
    await tick();
    held.release();
    await Promise.all([durable, quick]);
    assert.deepEqual(order, ['quick', 'flushed', 'durable']);
  });

  test('a failed write rejects the appends it carried; the next batch is written', async () => {
    const held = heldWriter();
    const batcher = new AppendBatcher(held.writer);
    held.failNext(true);
    const lost = batcher.append(end(1), new Date(), true);
    await tick();
    const next = batcher.append(end(2), new Date(), true);
    held.release();
    await assert.rejects(lost, /disk full/);
    held.failNext(false);
    await tick();
    held.release();
    assert.equal((await next).seq, 1, 'the failed batch left no record behind');
    await batcher.idle();
  });

  test('no batch is larger than its bound', async () => {
    const held = heldWriter();
    const batcher = new AppendBatcher(held.writer, 3);
    const all = [1, 2, 3, 4, 5, 6, 7].map((n) => batcher.append(end(n), new Date(), false));
    for (let i = 0; i < 3; i += 1) {
      await tick();
      held.release();
    }
    await Promise.all(all);
    assert.deepEqual(held.batches, [[1, 2, 3], [4, 5, 6], [7]]);
  });

  test('the file store: 300 appends at once are one valid chain in the order asked, in far fewer writes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'audit-batch-'));
    const file = join(dir, 'audit.jsonl');
    const handle = await open(join(dir, 'probe'), 'w');
    const proto = Object.getPrototypeOf(handle) as { appendFile: (...args: unknown[]) => Promise<void> };
    await handle.close();
    const appendFile = proto.appendFile;
    let writes = 0;
    proto.appendFile = function (this: unknown, ...args: unknown[]) {
      writes += 1;
      return appendFile.apply(this, args);
    };
    try {
      const store = await AuditFileStore.open(file);
      const written = await Promise.all(
        Array.from({ length: 300 }, (_, i) => store.append(end(i + 1), new Date(), { durable: i % 2 === 0 })),
      );
      await store.close();
      const { records } = await readAuditFile(file);
      assert.deepEqual(
        records.map((r) => (r.kind === 'end' ? r.begin : 0)),
        Array.from({ length: 300 }, (_, i) => i + 1),
      );
      assert.deepEqual(
        written.map((r) => r.hash),
        records.map((r) => r.hash),
      );
      assert.deepEqual(await verifyAuditFile(file), { ok: true, records: 300, tornBytes: 0 });
      assert.ok(writes < 30, `300 records took ${writes} writes`);
    } finally {
      proto.appendFile = appendFile;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
