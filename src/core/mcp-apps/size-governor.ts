/** Limits for applying a view's `size-changed` heights. */
export interface SizeGovernorOptions {
  minHeight: number;
  maxHeight: number;
  /** More changes than this within `windowMs` counts as a resize loop. */
  maxChangesPerWindow?: number;
  windowMs?: number;
  /** How long the height stays frozen after a loop was detected. */
  freezeMs?: number;
  now?: () => number;
}

/** What to do with one reported height. */
export type SizeVerdict =
  | { apply: true; height: number; loopDetected?: boolean }
  | { apply: false; reason: 'unchanged' | 'frozen' | 'invalid'; loopDetected?: boolean };

/**
 * Turns a view's `ui/notifications/size-changed` heights into heights the host applies, without
 * resize loops: heights are clamped to [min, max] (a view that grows with its frame stops at the
 * maximum), sub-pixel changes are ignored, and a view that keeps changing its height many times a
 * second is frozen at its tallest recent height for a while. The host only ever applies heights;
 * the width is the card's, so there is no width feedback at all.
 */
export class SizeGovernor {
  private readonly options: Required<SizeGovernorOptions>;
  private current: number | undefined;
  private recent: Array<{ at: number; height: number }> = [];
  private frozenUntil = 0;

  constructor(options: SizeGovernorOptions) {
    this.options = { maxChangesPerWindow: 12, windowMs: 1000, freezeMs: 2000, now: () => Date.now(), ...options };
  }

  /** The height currently applied, if any. */
  get height(): number | undefined {
    return this.current;
  }

  /** Changes the maximum (e.g. when the card is resized); re-clamps the current height. */
  setMaxHeight(maxHeight: number): number | undefined {
    this.options.maxHeight = maxHeight;
    if (this.current !== undefined && this.current > maxHeight) this.current = maxHeight;
    return this.current;
  }

  /** Decides about one reported height. */
  propose(height: unknown): SizeVerdict {
    if (typeof height !== 'number' || !Number.isFinite(height) || height < 0)
      return { apply: false, reason: 'invalid' };
    const now = this.options.now();
    const clamped = Math.round(Math.min(this.options.maxHeight, Math.max(this.options.minHeight, height)));
    if (now < this.frozenUntil) return { apply: false, reason: 'frozen' };
    if (this.current !== undefined && Math.abs(clamped - this.current) < 1)
      return { apply: false, reason: 'unchanged' };
    this.recent = this.recent.filter((r) => now - r.at < this.options.windowMs);
    this.recent.push({ at: now, height: clamped });
    if (this.recent.length > this.options.maxChangesPerWindow) {
      const tallest = Math.max(...this.recent.map((r) => r.height));
      this.frozenUntil = now + this.options.freezeMs;
      this.recent = [];
      if (this.current === tallest) return { apply: false, reason: 'frozen', loopDetected: true };
      this.current = tallest;
      return { apply: true, height: tallest, loopDetected: true };
    }
    this.current = clamped;
    return { apply: true, height: clamped };
  }
}
