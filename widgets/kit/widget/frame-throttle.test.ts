import { expect } from '@open-wc/testing';
import { FrameThrottle } from './frame-throttle.js';

const frame = () => new Promise((r) => requestAnimationFrame(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('FrameThrottle (a burst of requests, one run)', () => {
  it('runs once in the next frame for any number of requests, and not again within the interval', async () => {
    const runs: number[] = [];
    const throttle = new FrameThrottle(() => runs.push(performance.now()), 400);
    for (let i = 0; i < 500; i += 1) throttle.request();
    expect(runs).to.have.length(0);
    await frame();
    await frame();
    expect(runs).to.have.length(1);
    for (let i = 0; i < 500; i += 1) throttle.request();
    await frame();
    await frame();
    expect(runs).to.have.length(1);
    await sleep(600);
    expect(runs).to.have.length(2);
    expect(runs[1]! - runs[0]!).to.be.at.least(400);
  });

  it('cancel drops the pending run; done counts the interval from now', async () => {
    let runs = 0;
    const throttle = new FrameThrottle(() => (runs += 1), 400);
    throttle.request();
    throttle.cancel();
    await frame();
    await frame();
    expect(runs).to.equal(0);
    throttle.done();
    throttle.request();
    await frame();
    await frame();
    expect(runs).to.equal(0);
    await sleep(600);
    expect(runs).to.equal(1);
  });
});
