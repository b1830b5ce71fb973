import { expect } from '@open-wc/testing';
import { afterStartup } from './background-start.js';

/** A bridge whose servers' sessions are still opening, settled by the test. */
function bridgeWith(pending: Record<string, Promise<void>>) {
  return { pendingConnect: (name: string) => pending[name] };
}

describe('background work waits for the first cards’ sessions', () => {
  it('resolves only after every opening session has settled — opened or failed', async () => {
    const order: string[] = [];
    let open!: () => void;
    let fail!: (e: Error) => void;
    const a = new Promise<void>((resolve) => (open = resolve)).then(() => void order.push('a opened'));
    const b = new Promise<void>((_, reject) => (fail = reject)).catch(() => void order.push('b failed'));
    const done = afterStartup(bridgeWith({ a, b }), ['a', 'b', 'idle-server']).then(() =>
      order.push('background starts'),
    );
    setTimeout(() => open(), 100);
    setTimeout(() => fail(new Error('refused')), 200);
    await done;
    expect(order).to.deep.equal(['a opened', 'b failed', 'background starts']);
  });

  it('does not wait past its cap for a session that never opens', async () => {
    const never = new Promise<void>(() => {});
    let finished = false;
    const done = afterStartup(bridgeWith({ stuck: never }), ['stuck'], 200).then(() => (finished = true));
    await done;
    expect(finished).to.equal(true);
  });
});
