import type { AuditEntry, AuditRecord } from './audit-chain.js';

/** One append waiting for its batch. */
export interface PendingAppend {
  entry: AuditEntry;
  now: Date;
  /** Resolve only once the record is on disk (a call's `begin`); false: once the store has it (a call's `end`). */
  durable: boolean;
}

/** How a store writes a batch: the records, chained in the batch's order, and whether they are durable yet. */
export interface BatchWriter {
  /** Writes every entry of `batch` in order (one write, one transaction) and returns their records. */
  write(batch: readonly PendingAppend[]): Promise<AuditRecord[]>;
  /** Makes what `write` wrote durable (the file store's fdatasync); absent when `write` already is. */
  sync?(): Promise<void>;
}

interface Waiting extends PendingAppend {
  resolve(record: AuditRecord): void;
  reject(error: unknown): void;
}

/**
 * Group commit for the audit stores: appends that arrive while a write is under way wait together and go in the
 * next write, as one file write and one fdatasync, or one transaction. The chain's order is the order of `append`
 * calls. A store that appended one record at a time capped a replica at one flush per record; with a hundred
 * people calling at once, a batch carries every call that arrived meanwhile (docs/decisions/audit-group-commit.md).
 */
export class AppendBatcher {
  private waiting: Waiting[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly writer: BatchWriter,
    /** At most this many records in one write. */
    private readonly maxBatch = 500,
  ) {}

  /** Queues one record; resolves with it once written (and on disk when `durable`). */
  append(entry: AuditEntry, now: Date, durable: boolean): Promise<AuditRecord> {
    return new Promise<AuditRecord>((resolve, reject) => {
      this.waiting.push({ entry, now, durable, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Resolves once nothing is waiting or being written. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the appends of this turn of the event loop join the first batch.
    await Promise.resolve();
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        const records = await this.writer.write(batch);
        // What need not be on disk is answered first; the rest after the one flush.
        batch.forEach((w, i) => !w.durable && w.resolve(records[i]!));
        if (this.writer.sync && batch.some((w) => w.durable)) await this.writer.sync();
        batch.forEach((w, i) => w.durable && w.resolve(records[i]!));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.running = undefined;
  }
}
