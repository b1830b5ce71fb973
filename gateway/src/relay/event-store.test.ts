import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { BoundedEventStore } from './event-store.js';

// One session's resumable-stream events, without a transport: what a client resuming with Last-Event-ID gets back.

const note = (n: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 't', progress: n },
});

async function replay(store: BoundedEventStore, after: string) {
  const sent: { id: string; message: JSONRPCMessage }[] = [];
  const stream = await store.replayEventsAfter(after, {
    send: async (id, message) => void sent.push({ id, message }),
  });
  return { stream, sent };
}

describe('the bounded event store', () => {
  test('replays the later events of the same stream only, as they were written, without priming events', async () => {
    const store = new BoundedEventStore();
    const primed = await store.storeEvent('a', {} as JSONRPCMessage);
    const first = await store.storeEvent('a', note(1));
    await store.storeEvent('b', note(100));
    await store.storeEvent('a', {} as JSONRPCMessage);
    const second = await store.storeEvent('a', note(2));
    const answer = { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'done' }] } } as JSONRPCMessage;
    await store.storeEvent('a', answer);

    assert.equal(await store.getStreamIdForEventId(first), 'a');
    const { stream, sent } = await replay(store, first);
    assert.equal(stream, 'a');
    assert.deepEqual(
      sent.map((e) => e.message),
      [note(2), answer],
    );
    assert.equal(sent[0].id, second);
    assert.equal((await replay(store, primed)).sent.length, 3, 'from the priming event: every real event of "a"');
  });

  test('a stream id with underscores still maps back to its stream', async () => {
    const store = new BoundedEventStore();
    const id = await store.storeEvent('post_7_x', note(1));
    await store.storeEvent('post_7_x', note(2));
    assert.equal(await store.getStreamIdForEventId(id), 'post_7_x');
    assert.deepEqual(
      (await replay(store, id)).sent.map((e) => e.message),
      [note(2)],
    );
  });

  test('keeps at most 2,000 events: the oldest go, and resuming from one of them replays nothing', async () => {
    const store = new BoundedEventStore();
    const ids: string[] = [];
    for (let n = 0; n < 2_100; n += 1) ids.push(await store.storeEvent('s', note(n)));
    assert.equal(store.size, 2_000);
    assert.equal(await store.getStreamIdForEventId(ids[99]), undefined);
    assert.deepEqual(await replay(store, ids[99]), { stream: '', sent: [] });
    const { sent } = await replay(store, ids[2_098]);
    assert.deepEqual(
      sent.map((e) => e.message),
      [note(2_099)],
    );
  });

  test('keeps at most 8 MB: large results push the oldest out', async () => {
    const store = new BoundedEventStore();
    const big = (n: number) => ({ jsonrpc: '2.0', id: n, result: { text: 'x'.repeat(1024 * 1024) } }) as JSONRPCMessage;
    const ids: string[] = [];
    for (let n = 0; n < 10; n += 1) ids.push(await store.storeEvent('s', big(n)));
    assert.ok(store.size < 10 && store.size >= 7, `holds ${store.size} of 10 one-megabyte events`);
    assert.equal(await store.getStreamIdForEventId(ids[0]), undefined);
    assert.equal(await store.getStreamIdForEventId(ids[9]), 's');
  });
});
