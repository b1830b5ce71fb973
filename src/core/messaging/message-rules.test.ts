import { expect } from '@open-wc/testing';
import { checkMessage, matchesWidget, MessageRateLimit, MAX_PAYLOAD_BYTES } from './message-rules.js';

describe('WidgetMessage rules', () => {
  it('MCP-WP-6.5.4 a message must fit the schema: a short type and a JSON payload within the limits', () => {
    expect(checkMessage({ type: 'resource-selected', payload: { uri: 'file:///a' } })).to.deep.include({
      type: 'resource-selected',
      payload: { uri: 'file:///a' },
    });
    expect((checkMessage('text') as { problem: string }).problem).to.match(/must be an object/);
    expect((checkMessage({ type: '' }) as { problem: string }).problem).to.match(/"type"/);
    expect((checkMessage({ type: 'x', payload: 1, route: 'extra' }) as { problem: string }).problem).to.match(
      /unknown field "route"/,
    );
    expect(
      (checkMessage({ type: 'x', payload: 'a'.repeat(MAX_PAYLOAD_BYTES) }) as { problem: string }).problem,
    ).to.match(/at most 65536/);
    const cyclic: Record<string, unknown> = {};
    cyclic.me = cyclic;
    expect((checkMessage({ type: 'x', payload: cyclic }) as { problem: string }).problem).to.match(/not JSON/);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect((checkMessage({ type: 'x', payload: deep }) as { problem: string }).problem).to.match(/nested deeper/);
  });

  it('the payload is delivered as a JSON copy: functions, prototypes and getters do not travel', () => {
    class Evil {
      get secret() {
        return 'read at delivery';
      }
      run() {
        return 'code';
      }
    }
    const checked = checkMessage({ type: 'x', payload: { fn: () => 1, evil: new Evil(), date: new Date(0) } }) as {
      payload: Record<string, unknown>;
    };
    expect(checked.payload).to.deep.equal({ evil: {}, date: '1970-01-01T00:00:00.000Z' });
  });

  it('a pattern names a widget by id, by type, or "*"', () => {
    expect(matchesWidget('tool-browser:everything', 'tool-browser:everything')).to.equal(true);
    expect(matchesWidget('tool-browser', 'tool-browser:everything')).to.equal(true);
    expect(matchesWidget('*', 'x:y')).to.equal(true);
    expect(matchesWidget('tool', 'tool-browser:everything')).to.equal(false);
    expect(matchesWidget('tool-browser:every', 'tool-browser:everything')).to.equal(false);
  });

  it('MCP-WP-6.5.4 the rate limit lets 10 messages through in any one second, and the 11th waits for the window', () => {
    const limit = new MessageRateLimit(10);
    const results = Array.from({ length: 11 }, (_, i) => limit.take(1000 + i));
    expect(results.filter(Boolean).length).to.equal(10);
    expect(results[10]).to.equal(false);
    expect(limit.take(1999)).to.equal(false);
    expect(limit.take(2000)).to.equal(true);
  });
});
