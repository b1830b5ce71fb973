// A server card's phases and the change check its polled properties use (widget-card.ts).

/** Where a card is in connect → discover → mount. */
export type Phase = 'idle' | 'connecting' | 'loading-widget' | 'ready' | 'error' | 'disabled';

/** The gateway process states the card has words for. */
export const PROCESS_STATES = new Set<string>([
  'idle',
  'starting',
  'running',
  'restarting',
  'crashed',
  'failed',
  'failing',
  'disabled',
]);

/**
 * The polled values (status every `mcp.pollingInterval`, the server summary every 5 s) arrive as new
 * objects each time: the card re-renders only when their content changed, so an idle dashboard does
 * no rendering work between polls (and none lands in the middle of someone typing).
 */
export function contentChanged(value: unknown, old: unknown): boolean {
  if (value === old) return false;
  if (typeof value !== 'object' || typeof old !== 'object' || value === null || old === null) return true;
  return JSON.stringify(value) !== JSON.stringify(old);
}

/** Resolves after the next frame has been painted (at once where frames do not run). */
export function nextFrame(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
