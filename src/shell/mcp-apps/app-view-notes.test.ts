import { expect } from '@open-wc/testing';
import { addNote, type NoteBudget, type ViewNote } from './app-view-notes.js';

describe('app view notes: the allowance per second', () => {
  it('keeps 20 of an app’s notes a second, says how many it dropped, and always keeps a note the host bounds itself', () => {
    let notes: ViewNote[] = [];
    const budget: NoteBudget = { windowStart: 0, used: 0, dropped: 0 };
    let accepted = 0;
    for (let i = 0; i < 25; i++) {
      const added = addNote(notes, budget, 'message', `flood ${i}`, 5000 + i);
      notes = added.notes;
      if (added.accepted) accepted++;
    }
    expect(accepted).to.equal(20);
    // The allowance is used up; the host's own resize-loop note still lands, and uses none of it.
    const loop = addNote(notes, budget, 'refused', 'The app kept resizing itself', 5100, false);
    expect(loop.accepted).to.equal(true);
    notes = loop.notes;
    expect(notes[0].text).to.equal('The app kept resizing itself');
    expect(addNote(notes, budget, 'message', 'one more', 5200).accepted).to.equal(false);
    // The next second starts with a count of what was dropped.
    const next = addNote(notes, budget, 'message', 'later', 6100);
    expect(next.accepted).to.equal(true);
    expect(next.notes.slice(0, 2).map((n) => n.text)).to.deep.equal([
      'later',
      '6 more messages from the app were dropped.',
    ]);
  });
});
