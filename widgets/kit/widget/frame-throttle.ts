/**
 * Runs `work` in an animation frame, at most once a frame and at most once every `minIntervalMs`: any
 * number of requests in between cost one run. For views fed by bursts of events (a log flood) that show
 * the latest state, not each step.
 */
export class FrameThrottle {
  private frame: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last = -Infinity;

  constructor(
    private readonly work: () => void,
    private readonly minIntervalMs: number,
  ) {}

  /** Asks for a run; one is already pending if asked before. */
  request(): void {
    if (this.frame !== undefined || this.timer !== undefined) return;
    const wait = this.last + this.minIntervalMs - performance.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.nextFrame();
      }, wait);
    } else this.nextFrame();
  }

  /** Drops a pending run and counts the interval from now (the caller has just done the work itself). */
  done(): void {
    this.cancel();
    this.last = performance.now();
  }

  /** Drops a pending run. */
  cancel(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.frame = undefined;
    this.timer = undefined;
  }

  private nextFrame(): void {
    this.frame = requestAnimationFrame(() => {
      this.frame = undefined;
      this.last = performance.now();
      this.work();
    });
  }
}
