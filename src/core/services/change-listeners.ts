/**
 * The viewers of a store, each called after every change. A viewer that throws is passed over: a broken
 * panel must not stop the store (auditing, consent handling, saving) or the viewers after it.
 */
export class ChangeListeners {
  private readonly listeners = new Set<() => void>();

  /** Follows every change; returns an unsubscribe. */
  add(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every viewer that something changed. */
  notify(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // a broken viewer must not break the store
      }
    }
  }
}
