import type { MCPBridge } from '../../core/bridge/mcp-bridge.js';
import { nextFrame } from '../card/card-state.js';

/** The longest background work waits for sessions that are slow to open (opening the Widgets panel does not wait). */
const CAP_MS = 10_000;

function idle(): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 500 }));
}

/**
 * Resolves once the sessions of the servers the first cards show have opened (or failed, or `capMs`
 * passed), at an idle moment. What the page loads in the background — the registry's code and the
 * argument validator — waits for it: loaded at once, they ran while the sessions opened and
 * while the user made a first click, and that click took ~80 ms longer (10-round medians, Playwright).
 */
export async function afterStartup(
  bridge: Pick<MCPBridge, 'pendingConnect'>,
  serverNames: string[],
  capMs = CAP_MS,
): Promise<void> {
  // The cards are drawn (and their servers seeded, so `pendingConnect` covers them) within these frames; their sessions open after the page's first turn (startup-turn.ts).
  await nextFrame();
  await nextFrame();
  const pending = serverNames
    .map((name) => bridge.pendingConnect(name))
    .filter((p): p is Promise<void> => p !== undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(pending), new Promise((resolve) => (timer = setTimeout(resolve, capMs)))]);
  clearTimeout(timer);
  await idle();
}
