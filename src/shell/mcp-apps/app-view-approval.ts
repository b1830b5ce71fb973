// Whether a view's opening tool call was cleared to go: settled once, by the invoker's answer.

/** Resolves when the opening call is cleared to go; rejects with why not (cancelled, refused, invalid arguments). */
export class Approval {
  readonly promise: Promise<void>;
  done = false;
  /** True once cleared: the view was opened (and announced). */
  opened = false;
  private settle!: { resolve: () => void; reject: (error: unknown) => void };

  constructor() {
    this.promise = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    this.promise.catch(() => {});
  }

  /** Clears the call; false when it was already settled. */
  resolve(): boolean {
    if (this.done) return false;
    this.done = true;
    this.opened = true;
    this.settle.resolve();
    return true;
  }

  /** Refuses the call (once). */
  reject(error: unknown): void {
    if (this.done) return;
    this.done = true;
    this.settle.reject(error);
  }
}
