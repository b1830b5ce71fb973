import type { CallerContext } from '../shared/types.js';
import type { RememberScope } from './matrix.js';
import type { PolicyDatabase } from './policy-db.js';
import { ChangeListeners } from '../services/change-listeners.js';

/** How long a remembered consent lasts: this page's session (memory only), or until you forget it (IndexedDB). */
export type ConsentDuration = 'session' | 'persistent';

/** A remembered "yes" for one caller, in one scope, with the tool metadata as it was then. */
export interface ConsentRecord {
  key: string;
  serverName: string;
  /** The tool (empty for a `server-reads` consent, which lists its tools in `tools`). */
  toolName: string;
  surface: CallerContext['surface'];
  callerId: string;
  /** Classification fingerprint at the time; a changed tool needs a new consent (MCPlet §5.3.2). */
  fingerprint: string;
  /** The matrix row that allowed remembering. */
  rule: string;
  grantedAt: number;
  /** What it covers (records kept before scopes existed are `tool`). */
  scope?: RememberScope;
  /** Session consents are never written to IndexedDB (records kept before durations existed are persistent). */
  duration?: ConsentDuration;
  /** For `view` consents: the open view they belong to; they end when it closes. */
  viewId?: string;
  /** For `server-reads` consents: each read-only tool the server listed then, with its fingerprint then. */
  tools?: Record<string, string>;
}

/** Who a consent is for: the dashboard itself, or a particular widget, app or agent. */
export function consentCallerId(caller: CallerContext): string {
  return caller.surface === 'user' ? 'dashboard' : caller.id;
}

/** The key of a consent for (server, tool, caller) — the `tool` scope. */
export function consentKey(serverName: string, toolName: string, caller: CallerContext): string {
  return JSON.stringify([serverName, toolName, caller.surface, consentCallerId(caller)]);
}

/** The key of a consent for every read-only tool of a server, for one caller. */
export function serverReadsKey(serverName: string, caller: CallerContext): string {
  return JSON.stringify([serverName, { readOnlyTools: true }, caller.surface, consentCallerId(caller)]);
}

/** The key of a consent for one tool in one open app view. */
export function viewConsentKey(serverName: string, toolName: string, caller: CallerContext): string {
  return JSON.stringify([serverName, toolName, caller.surface, consentCallerId(caller), { view: caller.viewId ?? '' }]);
}

/** What a grant needs: the scope and duration the user chose, and the tool as it is now. */
export interface ConsentGrant {
  serverName: string;
  toolName: string;
  caller: CallerContext;
  fingerprint: string;
  rule: string;
  scope?: RememberScope;
  duration?: ConsentDuration;
  /** For `server-reads`: the server's read-only tools now (name → fingerprint). */
  tools?: Record<string, string>;
}

/**
 * Remembered consents, kept in memory for synchronous policy decisions; persistent ones are also in
 * IndexedDB (`load()` at start-up). Only rows the matrix marks rememberable ever get here.
 */
export class ConsentStore {
  private readonly records = new Map<string, ConsentRecord>();
  private readonly changes = new ChangeListeners();

  constructor(private readonly db: Promise<PolicyDatabase | undefined>) {}

  /** Loads persisted consents. */
  async load(): Promise<void> {
    const db = await this.db;
    if (!db) return;
    for (const record of await db.getAll('consents')) this.records.set(record.key, record);
    this.changes.notify();
  }

  /**
   * The scopes in which a consent covers this call now: `tool` (same tool, same caller, fingerprint
   * unchanged), `server-reads` (the tool was among the server's read-only tools then, unchanged), and
   * `view` (same open view). Empty when nothing covers it.
   */
  matches(serverName: string, toolName: string, caller: CallerContext, fingerprint: string): RememberScope[] {
    const scopes: RememberScope[] = [];
    if (this.records.get(consentKey(serverName, toolName, caller))?.fingerprint === fingerprint) scopes.push('tool');
    if (this.records.get(serverReadsKey(serverName, caller))?.tools?.[toolName] === fingerprint)
      scopes.push('server-reads');
    if (
      caller.surface === 'app' &&
      caller.viewId &&
      this.records.get(viewConsentKey(serverName, toolName, caller))?.fingerprint === fingerprint
    )
      scopes.push('view');
    return scopes;
  }

  /** True when a consent in any scope covers this call (see `matches`). */
  isRemembered(serverName: string, toolName: string, caller: CallerContext, fingerprint: string): boolean {
    return this.matches(serverName, toolName, caller, fingerprint).length > 0;
  }

  /** Remembers a consent (scope `tool`, persistent, unless the grant says otherwise). */
  async grant(grant: ConsentGrant): Promise<ConsentRecord> {
    const { caller, scope = 'tool' } = grant;
    // A view's consent lives exactly as long as the view; nothing else decides that.
    const duration: ConsentDuration = scope === 'view' ? 'session' : (grant.duration ?? 'persistent');
    const key =
      scope === 'server-reads'
        ? serverReadsKey(grant.serverName, caller)
        : scope === 'view'
          ? viewConsentKey(grant.serverName, grant.toolName, caller)
          : consentKey(grant.serverName, grant.toolName, caller);
    const stored: ConsentRecord = {
      key,
      serverName: grant.serverName,
      toolName: scope === 'server-reads' ? '' : grant.toolName,
      surface: caller.surface,
      callerId: consentCallerId(caller),
      fingerprint: grant.fingerprint,
      rule: grant.rule,
      grantedAt: Date.now(),
      scope,
      duration,
      ...(scope === 'view' && caller.viewId ? { viewId: caller.viewId } : {}),
      ...(scope === 'server-reads' ? { tools: { ...grant.tools } } : {}),
    };
    const previous = this.records.get(key);
    this.records.set(key, stored);
    this.changes.notify();
    const db = await this.db;
    if (duration === 'persistent') await db?.put('consents', stored);
    else if (previous?.duration !== 'session') await db?.delete('consents', key);
    return stored;
  }

  /** Forgets one consent; resolves with what was removed. */
  async revoke(key: string): Promise<ConsentRecord | undefined> {
    const record = this.records.get(key);
    this.records.delete(key);
    this.changes.notify();
    const db = await this.db;
    await db?.delete('consents', key);
    return record;
  }

  /** Forgets every consent of one app view (it closed); resolves with what was removed. */
  endView(viewId: string): ConsentRecord[] {
    const ended = [...this.records.values()].filter((r) => r.scope === 'view' && r.viewId === viewId);
    for (const record of ended) this.records.delete(record.key);
    if (ended.length) this.changes.notify();
    return ended;
  }

  /** The consents kept across sessions (what follows a person in team mode). */
  persistent(): ConsentRecord[] {
    return this.list().filter((r) => r.duration === 'persistent');
  }

  /**
   * Makes the persistent consents those of `records` (team mode: the person's list on the gateway is the source of
   * truth): others are forgotten, these remembered; session and view consents of this page are kept. Entries that
   * are not consent records are skipped.
   */
  async syncFrom(records: unknown): Promise<void> {
    const incoming = (Array.isArray(records) ? records : []).filter(
      (r): r is ConsentRecord =>
        r !== null &&
        typeof r === 'object' &&
        typeof (r as ConsentRecord).key === 'string' &&
        typeof (r as ConsentRecord).fingerprint === 'string' &&
        (r as ConsentRecord).duration === 'persistent',
    );
    const db = await this.db;
    for (const record of this.persistent()) {
      if (incoming.some((r) => r.key === record.key)) continue;
      this.records.delete(record.key);
      await db?.delete('consents', record.key);
    }
    for (const record of incoming) {
      this.records.set(record.key, record);
      await db?.put('consents', record);
    }
    this.changes.notify();
  }

  /** Every remembered consent, newest first. */
  list(): ConsentRecord[] {
    return [...this.records.values()].sort((a, b) => b.grantedAt - a.grantedAt);
  }

  /** Called after every change; returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    return this.changes.add(listener);
  }
}
