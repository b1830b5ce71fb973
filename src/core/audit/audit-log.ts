import type { PolicyDatabase } from '../policy/policy-db.js';
import { AUDIT_KINDS, type AuditEntry, type AuditKind } from './audit-types.js';
import { ChangeListeners } from '../services/change-listeners.js';
import { argumentsDigest, canonicalJson } from '../shared/text/canonical-json.js';

// The page's digests and fingerprints use the canonical JSON the gateway's team audit uses too.
export { argumentsDigest, canonicalJson as canonical };

const TEXT_FIELDS = [
  'serverName',
  'toolName',
  'surface',
  'callerId',
  'decision',
  'rule',
  'reason',
  'mcpletType',
  'outcome',
  'argumentsDigest',
  'detail',
  'requestId',
  'source',
] as const;
const MAX_TEXT = 2000;

/**
 * Copies only the known fields, as bounded text. Whatever else a caller passes (an assertion, a
 * token, argument values) never reaches storage.
 */
export function sanitizeAuditEntry(entry: Partial<AuditEntry>): AuditEntry {
  const out: AuditEntry = {
    time: typeof entry.time === 'number' ? entry.time : Date.now(),
    kind: AUDIT_KINDS.includes(entry.kind as AuditKind) ? entry.kind! : 'tool-call',
  };
  for (const field of TEXT_FIELDS) {
    const value = entry[field];
    if (typeof value === 'string' && value)
      out[field] = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  }
  if (Array.isArray(entry.argumentNames))
    out.argumentNames = entry.argumentNames.filter((n): n is string => typeof n === 'string').slice(0, 100);
  return out;
}

/**
 * The audit log (MCP-WP-11.4.6, MCPlet §16.5): action calls, denials, consents and permission
 * grants, revocations and violations, kept in IndexedDB. Falls back to memory when IndexedDB is
 * unavailable, so auditing never blocks a call.
 */
export class AuditLog {
  private readonly memory: AuditEntry[] = [];
  private nextMemoryId = 1;
  private readonly changes = new ChangeListeners();
  private writes: Promise<unknown> = Promise.resolve();
  private sincePrune = 0;
  private readonly maxEntries: number;

  /** `maxEntries`: the log keeps the newest this many entries (default 10,000), pruning as it grows. */
  constructor(
    private readonly db: Promise<PolicyDatabase | undefined>,
    options: { maxEntries?: number } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /** Records an entry; resolves with its id. */
  async record(entry: Partial<AuditEntry>): Promise<number> {
    const clean = sanitizeAuditEntry(entry);
    const write = (async () => {
      const db = await this.db;
      if (db) return (await db.add('audit', clean)) as number;
      const id = this.nextMemoryId++;
      this.memory.push({ ...clean, id });
      return id;
    })();
    this.writes = write.catch(() => undefined);
    const id = await write;
    this.sincePrune += 1;
    if (this.sincePrune >= Math.min(100, this.maxEntries)) {
      this.sincePrune = 0;
      await this.prune().catch(() => {});
    }
    this.changes.notify();
    return id;
  }

  /** Drops the oldest entries beyond `maxEntries`. */
  private async prune(): Promise<void> {
    const db = await this.db;
    if (!db) {
      if (this.memory.length > this.maxEntries) this.memory.splice(0, this.memory.length - this.maxEntries);
      return;
    }
    const tx = db.transaction('audit', 'readwrite');
    let excess = (await tx.store.count()) - this.maxEntries;
    let cursor = excess > 0 ? await tx.store.index('time').openCursor() : null;
    while (cursor && excess > 0) {
      await cursor.delete();
      excess -= 1;
      cursor = await cursor.continue();
    }
    await tx.done;
  }

  /** Adds the outcome (and optionally more detail) to an entry recorded earlier. */
  async complete(id: number, outcome: string, detail?: string): Promise<void> {
    const db = await this.db;
    if (db) {
      const tx = db.transaction('audit', 'readwrite');
      const entry = await tx.store.get(id);
      if (entry)
        await tx.store.put({ ...sanitizeAuditEntry({ ...entry, outcome, ...(detail ? { detail } : {}) }), id });
      await tx.done;
    } else {
      const entry = this.memory.find((e) => e.id === id);
      if (entry) Object.assign(entry, sanitizeAuditEntry({ ...entry, outcome, ...(detail ? { detail } : {}) }), { id });
    }
    this.changes.notify();
  }

  /** Entries, newest first. */
  async list(options: { limit?: number; kind?: AuditKind } = {}): Promise<AuditEntry[]> {
    await this.writes;
    const db = await this.db;
    let all: AuditEntry[];
    if (db) all = await db.getAllFromIndex('audit', 'time');
    else all = [...this.memory];
    all.sort((a, b) => b.time - a.time || (b.id ?? 0) - (a.id ?? 0));
    const filtered = options.kind ? all.filter((e) => e.kind === options.kind) : all;
    return options.limit ? filtered.slice(0, options.limit) : filtered;
  }

  /** The whole log as pretty JSON, oldest first (for export). */
  async exportJson(): Promise<string> {
    const entries = (await this.list()).reverse();
    return JSON.stringify({ exportedAt: new Date().toISOString(), format: 'mcp-dashboard-audit/1', entries }, null, 2);
  }

  /** Called after every change; returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    return this.changes.add(listener);
  }
}
