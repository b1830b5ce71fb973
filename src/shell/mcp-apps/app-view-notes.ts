// The notes an MCP App view keeps for the user (its messages, logs and the host's refusals), rate-limited.

/** One line the view wants the user to see (ui/message), or a host note about the view. */
export interface ViewNote {
  time: number;
  kind: 'message' | 'refused' | 'link' | 'download' | 'log';
  text: string;
}

/** A view's note allowance in the current one-second window. */
export interface NoteBudget {
  windowStart: number;
  used: number;
  dropped: number;
}

/** Notes kept per view (newest first). */
const KEPT = 50;
/** Notes accepted per view per second; the rest are counted and summarised. */
const PER_SECOND = 20;

/**
 * Adds a note at most 20 times per second (a chatty app cannot flood the host); when a new window
 * starts, one note says how many were dropped. Returns the notes (the same array when unchanged) and
 * whether this note was accepted. Texts are cut at 2000 characters; 50 notes are kept. A note that is
 * `metered: false` (one the host bounds on its own, such as the resize-loop note, at most once per freeze)
 * is always kept and uses none of the allowance, so a burst of the app's own messages cannot hide it.
 */
export function addNote(
  notes: ViewNote[],
  budget: NoteBudget,
  kind: ViewNote['kind'],
  text: string,
  now: number,
  metered = true,
): { notes: ViewNote[]; accepted: boolean } {
  if (now - budget.windowStart > 1000) {
    if (budget.dropped)
      notes = [
        { time: now, kind: 'refused' as const, text: `${budget.dropped} more messages from the app were dropped.` },
        ...notes,
      ].slice(0, KEPT);
    budget.windowStart = now;
    budget.used = 0;
    budget.dropped = 0;
  }
  if (!metered)
    return { notes: [{ time: now, kind, text: text.slice(0, 2000) }, ...notes].slice(0, KEPT), accepted: true };
  if (budget.used >= PER_SECOND) {
    budget.dropped += 1;
    return { notes, accepted: false };
  }
  budget.used += 1;
  return { notes: [{ time: now, kind, text: text.slice(0, 2000) }, ...notes].slice(0, KEPT), accepted: true };
}
