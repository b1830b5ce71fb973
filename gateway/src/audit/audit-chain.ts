import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../src/core/shared/text/canonical-json.js';

/**
 * The team audit log's records and their hash chain (issue 26, team mode). Each record carries the hash of
 * the one before it and its own hash over its canonical JSON, so editing, removing or reordering a record
 * breaks the chain at that record, and `verifyAuditChain` says where. A call writes two records: `begin`
 * before it is forwarded (so a crash mid-call loses nothing) and `end` after, naming the begin's `seq`.
 * Arguments are kept only as a digest: values and secrets never reach the log.
 */

/** Who made a call, as the identity provider named them. */
export interface AuditActor {
  sub: string;
  email?: string;
}

/** What a record says, before the chain fields are added. */
export type AuditEntry =
  | {
      kind: 'begin';
      actor: AuditActor;
      server: string;
      /** The JSON-RPC method (`tools/call`, `resources/read`, `prompts/get`, …). */
      method: string;
      /** The tool or prompt name, or the resource URI. */
      name: string;
      /** `sha256-<base64>` of the arguments' canonical JSON; never the values. */
      argsDigest: string;
      /** Who asked in the page: the person, a widget, an MCP App or an agent. */
      surface: string;
      decision: 'allow' | 'deny';
      /** The rule or role behind the decision. */
      rule: string;
    }
  | { kind: 'end'; begin: number; outcome: 'ok' | 'error' | 'lost'; detail?: string };

/** A record as stored: the entry, its place, its time and its links. */
export type AuditRecord = AuditEntry & { seq: number; time: string; prev: string; hash: string };

/** The hash the first record links to. */
export const GENESIS = 'sha256-' + Buffer.alloc(32).toString('base64');

function sha256(text: string): string {
  return 'sha256-' + createHash('sha256').update(text, 'utf8').digest('base64');
}

/**
 * "sha256-<base64>" of the canonical JSON of `args`: the same text as the page's `argumentsDigest` (WebCrypto), so
 * a call's digest matches on both sides, but hashed synchronously with node:crypto — a WebCrypto digest per call
 * was the gateway's largest cost after the audit writes under load (bench/memory.bench.mjs).
 */
export function argumentsDigest(args: unknown): string {
  return sha256(canonicalJson(args));
}

/**
 * A record's own hash: over its canonical JSON without `hash`, which includes `prev`. The record is taken as it
 * is stored (a JSON round trip, so a field left undefined counts as absent, as it is in the file).
 */
export function recordHash(record: Omit<AuditRecord, 'hash'>): string {
  return sha256(canonicalJson(JSON.parse(JSON.stringify(record))));
}

/** The next record of a chain whose last record is `last` (undefined for the first). */
export function chainRecord(entry: AuditEntry, last: AuditRecord | undefined, now = new Date()): AuditRecord {
  const body = { ...entry, seq: (last?.seq ?? 0) + 1, time: now.toISOString(), prev: last?.hash ?? GENESIS };
  return { ...body, hash: recordHash(body) } as AuditRecord;
}

/** What verifying a chain found: all good, or the first record that breaks it and how. */
export type ChainCheck = { ok: true; records: number } | { ok: false; records: number; seq: number; problem: string };

/** Checks every link and every record's hash, in order; stops at the first break. */
export function verifyAuditChain(records: Iterable<AuditRecord>): ChainCheck {
  let last: AuditRecord | undefined;
  let count = 0;
  for (const record of records) {
    count += 1;
    const expectedSeq = (last?.seq ?? 0) + 1;
    const fail = (problem: string): ChainCheck => ({ ok: false, records: count, seq: record.seq, problem });
    if (record.seq !== expectedSeq) {
      return fail(`record ${count} has seq ${record.seq}, expected ${expectedSeq} (a record was removed or moved)`);
    }
    if (record.prev !== (last?.hash ?? GENESIS)) {
      return fail(`record ${record.seq} does not link to the record before it (a record was removed or moved)`);
    }
    const { hash, ...body } = record;
    if (recordHash(body) !== hash) return fail(`record ${record.seq} was changed after it was written`);
    last = record;
  }
  return { ok: true, records: count };
}

/** Calls begun and never ended: after a crash, each gets an `end` with outcome `lost` on the next start. */
export function unfinishedCalls(records: Iterable<AuditRecord>): number[] {
  const open = new Set<number>();
  for (const record of records) {
    if (record.kind === 'begin' && record.decision === 'allow') open.add(record.seq);
    if (record.kind === 'end') open.delete(record.begin);
  }
  return [...open];
}
