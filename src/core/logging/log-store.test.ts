import { expect } from '@open-wc/testing';
import { EventBus } from '../services/event-bus.js';
import { LogStore, MAX_LOG_ENTRIES } from './log-store.js';

describe('LogStore (servers\u2019 notifications/message as host state)', () => {
  it('keeps entries per server with a sequence number and announces each as mcp:server:log', () => {
    const bus = new EventBus();
    const seen: Array<{ serverName: string; level: string; seq: number }> = [];
    bus.on('mcp:server:log', (d) => seen.push(d));
    const store = new LogStore(bus);
    store.add('a', { level: 'error', logger: 'db', data: 'down' });
    store.add('a', { level: 'shout', data: { x: 1 } });
    store.add('b', { level: 'debug', data: 'hello' });
    expect(store.list('a').map((e) => [e.seq, e.level, e.logger, e.data])).to.deep.equal([
      [1, 'error', 'db', 'down'],
      [2, 'info', undefined, { x: 1 }],
    ]);
    expect(store.list('b')[0]!.seq).to.equal(1);
    expect(seen.map((d) => [d.serverName, d.level, d.seq])).to.deep.equal([
      ['a', 'error', 1],
      ['a', 'info', 2],
      ['b', 'debug', 1],
    ]);
  });

  it('is bounded: old entries go, huge or circular data is cut to text', () => {
    const store = new LogStore(new EventBus());
    for (let i = 0; i < MAX_LOG_ENTRIES + 5; i += 1) store.add('s', { level: 'info', data: i });
    expect(store.list('s')).to.have.length(MAX_LOG_ENTRIES);
    expect(store.list('s')[0]!.data).to.equal(5);
    store.add('s', { level: 'info', data: 'y'.repeat(100_000) });
    expect(String(store.list('s').at(-1)!.data).length).to.be.below(20_010);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    store.add('s', { level: 'info', data: circular });
    expect(store.list('s').at(-1)!.data).to.equal('[data that cannot be shown as JSON]');
  });

  it('keeps the latest entries oldest first through a flood many times the bound', () => {
    const store = new LogStore(new EventBus());
    const flood = MAX_LOG_ENTRIES * 20 + 7;
    for (let i = 0; i < flood; i += 1) store.add('s', { level: 'info', data: i });
    const kept = store.list('s').map((e) => e.data as number);
    expect(kept).to.have.length(MAX_LOG_ENTRIES);
    expect(kept.every((d, i) => d === flood - MAX_LOG_ENTRIES + i)).to.equal(true);
    expect(store.list('s').at(-1)!.seq).to.equal(flood);
  });

  it('remembers the level set per server and announces it', () => {
    const bus = new EventBus();
    const seen: unknown[] = [];
    bus.on('mcp:server:log-level', (d) => seen.push(d));
    const store = new LogStore(bus);
    store.setLevel('s', 'warning');
    expect(store.level('s')).to.equal('warning');
    expect(store.level('t')).to.equal(undefined);
    expect(seen).to.deep.equal([{ serverName: 's', level: 'warning' }]);
  });
});
