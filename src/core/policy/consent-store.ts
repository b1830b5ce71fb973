import type { CallerContext } from '../types.js';
import type { PolicyDatabase } from './policy-db.js';

/** A remembered "yes" for one tool, one caller, and the tool's metadata as it was then. */
export interface ConsentRecord {
  key: string;
  serverName: string;
  toolName: string;
  surface: CallerContext['surface'];
  callerId: string;
  /** Classification fingerprint at the time; a changed tool needs a new consent (MCPlet §5.3.2). */
  fingerprint: string;
  /** The matrix row that allowed remembering. */
  rule: string;
  grantedAt: number;
}

/** Who a consent is for: the dashboard itself, or a particular widget, app or agent. */
export function consentCallerId(caller: CallerContext): string {
  return caller.surface === 'user' ? 'dashboard' : caller.id;
}

/** The key of a consent for (server, tool, caller). */
export function consentKey(serverName: string, toolName: string, caller: CallerContext): string {
  return JSON.stringify([serverName, toolName, caller.surface, consentCallerId(caller)]);
}

/**
 * Remembered consents, kept in memory for synchronous policy decisions and persisted in IndexedDB
 * (`load()` at start-up). Only rows the matrix marks rememberable ever get here.
 */
export class ConsentStore {
  private readonly records = new Map<string, ConsentRecord>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly db: Promise<PolicyDatabase | undefined>) {}

  /** Loads persisted consents. */
  async load(): Promise<void> {
    const db = await this.db;
    if (!db) return;
    for (const record of await db.getAll('consents')) this.records.set(record.key, record);
    this.notify();
  }

  /** True when a consent exists for this call and the tool's fingerprint is unchanged. */
  isRemembered(serverName: string, toolName: string, caller: CallerContext, fingerprint: string): boolean {
    return this.records.get(consentKey(serverName, toolName, caller))?.fingerprint === fingerprint;
  }

  /** Remembers a consent. */
  async grant(record: Omit<ConsentRecord, 'key' | 'grantedAt' | 'callerId' | 'surface'> & { caller: CallerContext }): Promise<ConsentRecord> {
    const { caller, ...rest } = record;
    const stored: ConsentRecord = {
      ...rest,
      key: consentKey(record.serverName, record.toolName, caller),
      surface: caller.surface,
      callerId: consentCallerId(caller),
      grantedAt: Date.now(),
    };
    this.records.set(stored.key, stored);
    this.notify();
    const db = await this.db;
    await db?.put('consents', stored);
    return stored;
  }

  /** Forgets one consent; resolves with what was removed. */
  async revoke(key: string): Promise<ConsentRecord | undefined> {
    const record = this.records.get(key);
    this.records.delete(key);
    this.notify();
    const db = await this.db;
    await db?.delete('consents', key);
    return record;
  }

  /** Every remembered consent, newest first. */
  list(): ConsentRecord[] {
    return [...this.records.values()].sort((a, b) => b.grantedAt - a.grantedAt);
  }

  /** Called after every change; returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const l of this.listeners) {
      try {
        l();
      } catch {
        // a broken viewer must not break consent handling
      }
    }
  }
}
