import { nextFrame } from '../card/card-state.js';

/**
 * How long the sessions of cards drawn from the gateway's catalog wait for the person's first
 * interaction; `mcp.sessionWaitMs` in the dashboard's configuration overrides it (0: open at once).
 */
export const SESSION_WAIT_MS = 1000;

/** The longest wait a timer can hold (setTimeout fires at once past 2^31 − 1 ms). */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * The wait that `mcp.sessionWaitMs` asks for: a finite number of milliseconds (0 or less: none; capped at
 * what a timer can hold); anything else — a string, NaN, Infinity, a missing key — is the default.
 */
export function sessionWait(configured: unknown): number {
  if (typeof configured !== 'number' || !Number.isFinite(configured)) return SESSION_WAIT_MS;
  return Math.min(Math.max(configured, 0), MAX_WAIT_MS);
}

/** What ends the wait: a pointer released (click, tap, end of a drag) or a key released, anywhere in the page. */
const INTERACTIONS = ['pointerup', 'keyup'] as const;

const turns = new WeakMap<object, Promise<void>>();

/**
 * The page's first turn goes to the person. A card drawn from the gateway's catalog is
 * complete without this page's session, and opening the sessions (the MCP SDK's code, then one
 * handshake per server) holds the main thread for ~150 ms: a click made meanwhile waited for it
 * (~200 ms from the press to the painted result instead of ~45 ms). So the sessions open once the
 * first interaction has been handled and its result painted, or after `waitMs` without one, whichever
 * comes first. One turn per `owner` (the dashboard's server connections); anything that needs a session before
 * then (a tool call, a resource read, an app view) asks the bridge for it and does not wait (see
 * `MCPBridge.demanded`).
 */
export function startupTurn(owner: object, waitMs: number, target: EventTarget = globalThis): Promise<void> {
  let turn = turns.get(owner);
  if (turn) return turn;
  turn =
    waitMs <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const stop = () => {
            clearTimeout(timer);
            for (const type of INTERACTIONS) target.removeEventListener(type, onInteraction, true);
          };
          const onInteraction = () => {
            stop();
            // The frame that shows the interaction's result is painted first.
            void nextFrame().then(nextFrame).then(resolve);
          };
          const timer = setTimeout(() => {
            stop();
            resolve();
          }, waitMs);
          for (const type of INTERACTIONS)
            target.addEventListener(type, onInteraction, { capture: true, passive: true });
        });
  turns.set(owner, turn);
  return turn;
}
