import { open, readFile, type FileHandle } from 'node:fs/promises';
import { AppendBatcher } from './append-batch.js';
import {
  chainRecord,
  unfinishedCalls,
  verifyAuditChain,
  type AuditEntry,
  type AuditRecord,
  type ChainCheck,
} from './audit-chain.js';

/**
 * The embedded audit store: one JSON line per record in a file of the data folder, appended and flushed to
 * disk (fdatasync) before `append` resolves, so a `begin` record is on disk before its call is forwarded.
 * Opening the file checks the whole chain and refuses a changed log; a line cut short by a crash (the call
 * was not forwarded: its record was not yet on disk) is removed, and calls that began and never ended get an
 * `end` record with outcome `lost`.
 */

/** The audit file could not be used; `message` says which file, what and what to do. */
export class AuditStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuditStoreError';
  }
}

/** What reading an audit file found. */
export interface AuditFileContents {
  records: AuditRecord[];
  /** Bytes at the end that were not a whole record (a write a crash cut short). */
  tornBytes: number;
  /** The length of the whole records, in bytes. */
  goodBytes: number;
}

/** Reads an audit file's records; a missing file has none. Throws AuditStoreError on a line that is not a record. */
export async function readAuditFile(path: string): Promise<AuditFileContents> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], tornBytes: 0, goodBytes: 0 };
    throw new AuditStoreError(`cannot read the audit log ${path}: ${(error as Error).message}`);
  }
  const end = text.lastIndexOf('\n') + 1;
  const whole = text.slice(0, end);
  const records: AuditRecord[] = [];
  whole
    .split('\n')
    .slice(0, -1)
    .forEach((line, i) => {
      try {
        records.push(JSON.parse(line) as AuditRecord);
      } catch {
        throw new AuditStoreError(`the audit log ${path} has a line that is not a record (line ${i + 1})`);
      }
    });
  return { records, tornBytes: Buffer.byteLength(text.slice(end)), goodBytes: Buffer.byteLength(whole) };
}

/** Verifies an audit file's chain (the `mcp-dashboard audit verify` command). */
export async function verifyAuditFile(path: string): Promise<ChainCheck & { tornBytes: number }> {
  const { records, tornBytes } = await readAuditFile(path);
  return { ...verifyAuditChain(records), tornBytes };
}

/** An open audit file. Appends are serialised: records are written in the order they are asked for. */
export class AuditFileStore {
  private readonly batcher = new AppendBatcher({
    write: async (batch) => {
      let last = this.last;
      const records = batch.map(({ entry, now }) => (last = chainRecord(entry, last, now)));
      await this.file.appendFile(records.map((record) => `${JSON.stringify(record)}\n`).join(''), 'utf8');
      this.last = last;
      return records;
    },
    sync: () => this.file.datasync(),
  });

  private constructor(
    readonly path: string,
    private file: FileHandle,
    private last: AuditRecord | undefined,
  ) {}

  /** Opens (or creates) the file, checks its chain, drops a torn last line and closes calls a crash left open. */
  static async open(path: string): Promise<AuditFileStore> {
    const { records, tornBytes, goodBytes } = await readAuditFile(path);
    const check = verifyAuditChain(records);
    if (!check.ok) {
      throw new AuditStoreError(
        `the audit log ${path} was changed: ${check.problem}. The gateway does not write to a broken chain; keep the file for review and start with a new one.`,
      );
    }
    let file: FileHandle;
    try {
      file = await open(path, 'a+', 0o600);
      if (tornBytes > 0) await file.truncate(goodBytes);
    } catch (error) {
      throw new AuditStoreError(`cannot write the audit log ${path}: ${(error as Error).message}`);
    }
    const store = new AuditFileStore(path, file, records.at(-1));
    for (const seq of unfinishedCalls(records)) {
      await store.append({ kind: 'end', begin: seq, outcome: 'lost', detail: 'the gateway stopped before the answer' });
    }
    return store;
  }

  /** The log, as messages name it: its file. */
  get description(): string {
    return this.path;
  }

  /** Every record in the file, in seq order (a torn last line is not one). */
  async records(): Promise<AuditRecord[]> {
    return (await readAuditFile(this.path)).records;
  }

  /**
   * Appends one record and resolves once it is on disk (fdatasync). `durable: false` (a call's `end`) resolves once
   * the operating system has it: a crash of the gateway loses nothing, and the next durable append flushes it with
   * its own, so the next call's `begin` does not wait for two flushes. Appends that arrive while one is being
   * written go together in the next write and flush (AppendBatcher).
   */
  append(entry: AuditEntry, now = new Date(), options: { durable?: boolean } = {}): Promise<AuditRecord> {
    return this.batcher.append(entry, now, options.durable !== false);
  }

  async close(): Promise<void> {
    await this.batcher.idle();
    await this.file.close();
  }
}
