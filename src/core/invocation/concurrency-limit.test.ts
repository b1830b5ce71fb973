import { expect } from '@open-wc/testing';
import { ConcurrencyLimit } from './concurrency-limit.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('ConcurrencyLimit', () => {
  it('runs at most `limit` tasks at once, the rest in order, and passes results and errors through', async () => {
    const limit = new ConcurrencyLimit(2);
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const results = [1, 2, 3, 4].map((n) =>
      limit.run(async () => {
        started.push(n);
        await new Promise<void>((r) => releases.push(r));
        if (n === 3) throw new Error('three failed');
        return n * 10;
      }),
    );
    await tick();
    expect(started).to.deep.equal([1, 2]);
    expect(limit.queued).to.equal(2);
    releases[1]!();
    await tick();
    expect(started).to.deep.equal([1, 2, 3]);
    releases[2]!();
    await tick();
    expect(started).to.deep.equal([1, 2, 3, 4]);
    releases[0]!();
    releases[3]!();
    const settled = await Promise.allSettled(results);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).to.deep.equal([
      10,
      20,
      'three failed',
      40,
    ]);
    expect(limit.running).to.equal(0);
    expect(limit.queued).to.equal(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new ConcurrencyLimit(0)).to.throw(RangeError);
  });
});
