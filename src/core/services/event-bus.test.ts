import { expect } from '@open-wc/testing';
import { EventBus, ForbiddenEventError, ScopedEventBus, eventMatches } from './event-bus.js';

describe('EventBus', () => {
  it('delivers data and metadata; on() returns an unsubscribe', () => {
    const bus = new EventBus();
    const seen: unknown[] = [];
    const off = bus.on('mcp:tool:result', (data, meta) => seen.push([data, meta.event, meta.source]));
    bus.emit('mcp:tool:result', { a: 1 });
    off();
    bus.emit('mcp:tool:result', { a: 2 });
    expect(seen).to.deep.equal([[{ a: 1 }, 'mcp:tool:result', 'host']]);
  });

  it('off() removes a handler', () => {
    const bus = new EventBus();
    let count = 0;
    const handler = () => (count += 1);
    bus.on('x:y:z', handler);
    bus.off('x:y:z', handler);
    bus.emit('x:y:z');
    expect(count).to.equal(0);
  });

  it('MCP-WP-8.1.1 wildcard mcp:* receives every mcp event, and only those', () => {
    const bus = new EventBus();
    const names: string[] = [];
    bus.on('mcp:*', (_d, meta) => names.push(meta.event));
    bus.emit('mcp:server:connected', {});
    bus.emit('mcp:tool:calling', {});
    bus.emit('other:thing', {});
    expect(names).to.deep.equal(['mcp:server:connected', 'mcp:tool:calling']);
    expect(eventMatches('mcp:tool:*', 'mcp:tool:result')).to.equal(true);
    expect(eventMatches('mcp:tool:*', 'mcp:resource:read')).to.equal(false);
  });

  it('a listener that throws is reported and the others still run', () => {
    const errors: unknown[] = [];
    const bus = new EventBus({ onListenerError: (e) => errors.push(e) });
    let reached = false;
    bus.on('mcp:a:b', () => {
      throw new Error('boom');
    });
    bus.on('mcp:a:b', () => (reached = true));
    bus.emit('mcp:a:b');
    expect(reached).to.equal(true);
    expect((errors[0] as Error).message).to.equal('boom');
  });

  it('a widget view stamps its source, refuses host-only events, and releases everything on dispose (MCP-WP-3.4.2)', () => {
    const bus = new EventBus();
    const violations: ForbiddenEventError[] = [];
    const scoped = new ScopedEventBus(bus, 'w1', (v) => violations.push(v));
    const sources: string[] = [];
    bus.on('mcp:tool:invoke-requested', (_d, meta) => sources.push(meta.source));
    scoped.on('mcp:tool:result', () => {});
    scoped.on('mcp:*', () => {});
    expect(bus.listenerCount()).to.equal(3);
    scoped.emit('mcp:tool:invoke-requested', {});
    expect(sources).to.deep.equal(['w1']);
    expect(() => scoped.emit('mcp:tool:result', {})).to.throw(ForbiddenEventError);
    expect(() => scoped.emit('mcp:host:locale-changed', {})).to.throw(ForbiddenEventError);
    expect(violations).to.have.length(2);
    scoped.dispose();
    expect(bus.listenerCount()).to.equal(1);
    scoped.on('mcp:x:y', () => {});
    expect(bus.listenerCount()).to.equal(1);
  });
});
