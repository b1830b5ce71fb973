import { expect } from '@open-wc/testing';
import { SESSION_WAIT_MS, sessionWait, startupTurn } from './startup-turn.js';

/** True once `promise` has settled (checked after the microtasks and a macrotask have run). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('startupTurn: the page’s first turn goes to the person', () => {
  it('waits for the first pointer release, then for its result to be painted', async () => {
    const target = new EventTarget();
    const turn = startupTurn({}, 60_000, target);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await settled(turn), 'nothing happened yet: still waiting').to.equal(false);
    target.dispatchEvent(new Event('pointerdown'));
    expect(await settled(turn), 'a press alone does not end the wait (the click comes with the release)').to.equal(
      false,
    );
    target.dispatchEvent(new Event('pointerup'));
    await turn;
  });

  it('a key released ends the wait too', async () => {
    const target = new EventTarget();
    const turn = startupTurn({}, 60_000, target);
    target.dispatchEvent(new Event('keyup'));
    await turn;
  });

  it('without an interaction, ends after the wait; 0 means at once', async () => {
    const target = new EventTarget();
    const turn = startupTurn({}, 150, target);
    expect(await settled(turn)).to.equal(false);
    await turn;
    expect(await settled(startupTurn({}, 0, target))).to.equal(true);
  });

  it('is one turn per owner: later askers get the same wait, a second owner its own', async () => {
    const owner = {};
    const target = new EventTarget();
    const first = startupTurn(owner, 60_000, target);
    expect(startupTurn(owner, 0, target), 'the same owner').to.equal(first);
    expect(await settled(startupTurn({}, 0, target)), 'another owner').to.equal(true);
    target.dispatchEvent(new Event('keyup'));
    await first;
  });

  it('mcp.sessionWaitMs: a finite number is the wait (0 or less: none, capped at what a timer holds); anything else is the default', () => {
    expect(sessionWait(250)).to.equal(250);
    expect(sessionWait(0)).to.equal(0);
    expect(sessionWait(-5)).to.equal(0);
    expect(sessionWait(1e12)).to.equal(2 ** 31 - 1);
    for (const bad of [undefined, null, 'soon', '250', Number.NaN, Number.POSITIVE_INFINITY, {}])
      expect(sessionWait(bad), String(bad)).to.equal(SESSION_WAIT_MS);
  });
});
