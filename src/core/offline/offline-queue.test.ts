import { expect } from '@open-wc/testing';
import { OfflineQueue, isConnectivityError, type PendingOperation } from './offline-queue.js';
import type { OfflineConflict } from '../shared/types.js';

function op(id: string, send: () => Promise<unknown>, settled: string[]): PendingOperation {
  return {
    id,
    serverName: 's',
    type: 'tool',
    name: id,
    queuedAt: 0,
    send,
    resolve: () => settled.push(`ok ${id}`),
    reject: () => settled.push(`failed ${id}`),
  };
}

describe('OfflineQueue', () => {
  it('MCP-WP-6.6.3 sends a server\u2019s operations in order once it is online; a connectivity failure keeps them waiting', async () => {
    let online = false;
    const sent: string[] = [];
    const settled: string[] = [];
    const queue = new OfflineQueue({
      isOnline: () => online,
      wentOffline: () => (online = false),
      changed: () => {},
      conflict: () => {},
    });
    let flaky = true;
    for (const id of ['one', 'two', 'three']) {
      queue.add(
        op(
          id,
          async () => {
            if (id === 'one' && flaky) {
              flaky = false;
              throw Object.assign(new Error('Server "s" is restarting'), { jsonrpcCode: -32000 });
            }
            sent.push(id);
          },
          settled,
        ),
      );
    }
    await queue.flush();
    expect(sent).to.deep.equal([], 'nothing goes while offline');
    online = true;
    await queue.flush();
    expect(sent).to.deep.equal([], 'still restarting: stays first in line');
    expect(online).to.equal(false);
    online = true;
    await queue.flush();
    expect(sent).to.deep.equal(['one', 'two', 'three']);
    expect(settled).to.deep.equal(['ok one', 'ok two', 'ok three']);
  });

  it('MCP-WP-6.6.3 a failure becomes a conflict that holds the queue until the user retries or discards it', async () => {
    const sent: string[] = [];
    const settled: string[] = [];
    const conflicts: OfflineConflict[] = [];
    const queue = new OfflineQueue({
      isOnline: () => true,
      wentOffline: () => {},
      changed: () => {},
      conflict: (c) => conflicts.push(c),
    });
    let fail = true;
    queue.add(op('a', async () => sent.push('a'), settled));
    queue.add(
      op(
        'b',
        async () => {
          if (fail) throw new Error('Conflict: expected 0 lines');
          sent.push('b');
        },
        settled,
      ),
    );
    queue.add(op('c', async () => sent.push('c'), settled));
    await queue.flush();
    expect(sent).to.deep.equal(['a']);
    expect(conflicts.map((c) => [c.name, c.message])).to.deep.equal([['b', 'Conflict: expected 0 lines']]);
    expect(queue.pending().map((p) => p.id)).to.deep.equal(['c'], 'c waits behind the conflict');
    fail = false;
    await queue.resolve('b', 'retry');
    expect(sent).to.deep.equal(['a', 'b', 'c']);
    expect(queue.listConflicts()).to.deep.equal([]);
  });

  it('tells connectivity failures from other ones', () => {
    expect(isConnectivityError({ jsonrpcCode: -32000 })).to.equal(true);
    expect(isConnectivityError({ jsonrpcCode: -32002 })).to.equal(true);
    expect(isConnectivityError(new TypeError('Failed to fetch'))).to.equal(true);
    expect(isConnectivityError({ jsonrpcCode: -32602, message: 'bad args' })).to.equal(false);
  });
});
