/** Capped exponential backoff: base·2^n, at most `max`. */
export function backoffDelay(attempt: number, base = 500, max = 30_000): number {
  return Math.min(max, base * 2 ** Math.max(0, attempt));
}
