import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { MAX_NAME_LENGTH, parseSavedCallsFile, savedCallsFileText, type SavedCallData } from './saved-call-file.js';
import { ChangeListeners } from '../services/change-listeners.js';

/** One run of a saved call: what came back (or the error), when, and how long it took. */
export interface SavedCallRun {
  id: string;
  at: number;
  /** The tool result as it arrived, or undefined when the call failed before a result. */
  result?: unknown;
  error?: string;
  latencyMs?: number;
}

/** A saved call as stored, with its last runs (newest first). */
export interface SavedCall extends SavedCallData {
  id: string;
  savedAt: number;
  runs: SavedCallRun[];
}

/** Runs kept per saved call. */
export const RUNS_KEPT = 5;

interface SavedCallsDB extends DBSchema {
  calls: { key: string; value: SavedCall };
}

let counter = 0;
function newId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
}

const sameCall = (a: SavedCallData, b: SavedCallData) =>
  a.name === b.name &&
  a.serverName === b.serverName &&
  a.toolName === b.toolName &&
  JSON.stringify(a.args) === JSON.stringify(b.args);

/**
 * Saved calls (server, tool, arguments under a name) and their last results, kept in IndexedDB
 * (`<db>-saved-calls`, its own database so its version never collides with others). Memory only when
 * IndexedDB is unavailable. Running a call is not done here: the shell runs it through the ToolInvoker,
 * so the policy applies exactly as to any call.
 */
export class SavedCallsStore {
  private readonly db: Promise<IDBPDatabase<SavedCallsDB> | undefined>;
  private readonly calls = new Map<string, SavedCall>();
  private readonly changes = new ChangeListeners();
  private loaded: Promise<void> | undefined;

  constructor(dbName = 'mcp-dashboard') {
    this.db = openDB<SavedCallsDB>(`${dbName}-saved-calls`, 1, {
      upgrade(db) {
        if (!db.objectStoreNames.contains('calls')) db.createObjectStore('calls', { keyPath: 'id' });
      },
    }).catch((error: unknown) => {
      console.warn('[mcp-dashboard] saved calls are kept in memory only (IndexedDB unavailable)', error);
      return undefined;
    });
  }

  /** Reads what is stored (once). */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      const db = await this.db;
      for (const call of (await db?.getAll('calls')) ?? []) this.calls.set(call.id, call);
      this.changes.notify();
    })();
    return this.loaded;
  }

  /** Every saved call, newest first. */
  list(): SavedCall[] {
    return [...this.calls.values()].sort((a, b) => b.savedAt - a.savedAt || b.id.localeCompare(a.id));
  }

  get(id: string): SavedCall | undefined {
    return this.calls.get(id);
  }

  /** Saves a call under a name. */
  async save(data: SavedCallData): Promise<SavedCall> {
    await this.load();
    const name = data.name.trim().slice(0, MAX_NAME_LENGTH);
    if (!name) throw new Error('A saved call needs a name.');
    const call: SavedCall = {
      id: newId('call'),
      name,
      serverName: data.serverName,
      toolName: data.toolName,
      args: structuredClone(data.args),
      savedAt: Date.now(),
      runs: [],
    };
    await this.put(call);
    return call;
  }

  /** Renames a saved call. */
  async rename(id: string, name: string): Promise<void> {
    const call = this.calls.get(id);
    const trimmed = name.trim().slice(0, MAX_NAME_LENGTH);
    if (!call || !trimmed) return;
    await this.put({ ...call, name: trimmed });
  }

  /** Deletes a saved call and its results. */
  async remove(id: string): Promise<void> {
    this.calls.delete(id);
    this.changes.notify();
    await (await this.db)?.delete('calls', id);
  }

  /** Records a run (keeps the newest RUNS_KEPT); resolves with it. */
  async addRun(id: string, run: Omit<SavedCallRun, 'id' | 'at'>): Promise<SavedCallRun | undefined> {
    const call = this.calls.get(id);
    if (!call) return undefined;
    const entry: SavedCallRun = { id: newId('run'), at: Date.now(), ...run };
    // Results are server data: stored as the plain JSON they arrived as.
    if (entry.result !== undefined) entry.result = JSON.parse(JSON.stringify(entry.result)) as unknown;
    await this.put({ ...call, runs: [entry, ...call.runs].slice(0, RUNS_KEPT) });
    return entry;
  }

  /** The export file's text (calls only; results stay here). */
  exportText(): string {
    return savedCallsFileText(this.list().reverse());
  }

  /**
   * Imports a saved-calls file: all or nothing. A malformed file throws SavedCallsImportError and
   * changes nothing; calls already saved (same name, server, tool and arguments) are skipped.
   */
  async importText(text: string): Promise<{ added: number; skipped: number }> {
    await this.load();
    const incoming = parseSavedCallsFile(text);
    const existing = this.list();
    const fresh: SavedCall[] = [];
    let skipped = 0;
    const now = Date.now();
    for (const [i, data] of incoming.entries()) {
      if ([...existing, ...fresh].some((c) => sameCall(c, data))) {
        skipped += 1;
        continue;
      }
      fresh.push({ ...data, id: newId('call'), savedAt: now + i, runs: [] });
    }
    const db = await this.db;
    if (db && fresh.length) {
      const tx = db.transaction('calls', 'readwrite');
      await Promise.all([...fresh.map((c) => tx.store.put(c)), tx.done]);
    }
    for (const call of fresh) this.calls.set(call.id, call);
    if (fresh.length) this.changes.notify();
    return { added: fresh.length, skipped };
  }

  /**
   * Makes the saved calls those of a saved-calls file that is the source of truth (team mode: the person's list on
   * the gateway): calls missing from it are removed, its new ones added; a call kept keeps its results. A
   * malformed file throws SavedCallsImportError and changes nothing.
   */
  async syncFrom(text: string): Promise<void> {
    await this.load();
    const incoming = parseSavedCallsFile(text);
    const gone = this.list().filter((call) => !incoming.some((data) => sameCall(call, data)));
    for (const call of gone) this.calls.delete(call.id);
    const db = await this.db;
    if (db && gone.length) {
      const tx = db.transaction('calls', 'readwrite');
      await Promise.all([...gone.map((c) => tx.store.delete(c.id)), tx.done]);
    }
    if (gone.length) this.changes.notify();
    await this.importText(text);
  }

  /** Called after every change; returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    return this.changes.add(listener);
  }

  private async put(call: SavedCall): Promise<void> {
    this.calls.set(call.id, call);
    this.changes.notify();
    await (await this.db)?.put('calls', call);
  }
}
