// What the person decided about the permissions an MCP App asks for (camera, microphone, location, clipboard), per
// app (server + the view's own origin), kept in this page's IndexedDB; asked once per app in the permission dialog.
// Loaded with the first view that declares one (docs/decisions/mcp-apps-permissions.md).

import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ASKED_PERMISSIONS } from '../../../core/mcp-apps/sandbox-policy.js';
import { ChangeListeners } from '../../../core/services/change-listeners.js';
import { addShellMessages } from '../../i18n/messages.js';
import type { ViewOrigin } from '../app-origins.js';
import type { AppViewServices } from '../app-view-services.js';
import { PERMISSION_CATALOGS } from './messages.js';

addShellMessages(PERMISSION_CATALOGS);

/** One app's remembered answers. */
export interface PermissionRecord {
  key: string;
  serverName: string;
  /** The view's per-app origin (the browser keys the device grant by it). */
  origin: string;
  appName: string;
  granted: string[];
  denied: string[];
  at: number;
}

/** What the dialog asks: the app, its server, its origin and the permissions still undecided. */
export interface PermissionRequest {
  appName: string;
  serverName: string;
  origin: string;
  permissions: string[];
}

/**
 * The person's answer: what they allowed and what they did not (each permission in the dialog is one or the other;
 * "Don't allow" puts all in `denied`), or undefined when the dialog was closed without one (asked again from the
 * tile).
 */
export type PermissionAnswer = { granted: string[]; denied: string[] } | undefined;

/** For one view: what the frame gets, what was refused, and what nobody answered yet. */
export interface PermissionState {
  granted: string[];
  denied: string[];
  unanswered: string[];
}

/** What a view is to this module: who asks, where it runs, where it stands, and how to rebuild its frame. */
export interface PermissionAsker {
  readonly services: AppViewServices;
  readonly serverName: string;
  readonly title: string;
  readonly state: string;
  origin: ViewOrigin | undefined;
  permissions: PermissionState | undefined;
  changed(): void;
  /** Builds the frame again (its `allow` is read only when it loads). */
  reloadFrame(): Promise<void>;
}

interface PermissionsDB extends DBSchema {
  apps: { key: string; value: PermissionRecord };
}

const keyOf = (serverName: string, origin: string) => JSON.stringify([serverName, origin]);

/**
 * The remembered answers (memory, and `<db>-app-permissions` in IndexedDB when it opens) and the one question
 * per app: views of the same app opening together, or a view that asks again and again, share a single dialog.
 */
export class AppPermissions {
  private readonly records = new Map<string, PermissionRecord>();
  private readonly asking = new Map<string, Promise<PermissionAnswer>>();
  private readonly changes = new ChangeListeners();
  private readonly db: Promise<IDBPDatabase<PermissionsDB> | undefined>;
  private readonly loaded: Promise<void>;

  constructor(
    dbName: string,
    private readonly confirm: (request: PermissionRequest) => Promise<PermissionAnswer>,
  ) {
    this.db = openDB<PermissionsDB>(`${dbName}-app-permissions`, 1, {
      upgrade(db) {
        if (!db.objectStoreNames.contains('apps')) db.createObjectStore('apps', { keyPath: 'key' });
      },
    }).catch((error: unknown) => {
      console.warn('[mcp-dashboard] app permissions are kept in memory only (IndexedDB unavailable)', error);
      return undefined;
    });
    this.loaded = this.db.then(async (db) => {
      for (const record of (await db?.getAll('apps')) ?? []) this.records.set(record.key, record);
      this.changes.notify();
    });
  }

  /** Every app's remembered answers (the audit panel lists them). */
  async list(): Promise<PermissionRecord[]> {
    await this.loaded;
    return [...this.records.values()].sort((a, b) => b.at - a.at);
  }

  /** Follows changes; returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    return this.changes.add(listener);
  }

  /** Where `requested` stands for this app now, without asking. */
  async state(serverName: string, origin: string, requested: string[]): Promise<PermissionState> {
    await this.loaded;
    const record = this.records.get(keyOf(serverName, origin));
    const asked = requested.filter((p) => ASKED_PERMISSIONS.includes(p));
    return {
      granted: asked.filter((p) => record?.granted.includes(p)),
      denied: asked.filter((p) => record?.denied.includes(p)),
      unanswered: asked.filter((p) => !record?.granted.includes(p) && !record?.denied.includes(p)),
    };
  }

  /**
   * Asks the person about `request.permissions` — one dialog per app at a time: a second call while it is open
   * gets the same answer — and remembers a yes or a no (not a dialog closed without answering).
   */
  ask(request: PermissionRequest): Promise<PermissionAnswer> {
    const key = keyOf(request.serverName, request.origin);
    let pending = this.asking.get(key);
    if (!pending) {
      pending = this.confirm(request)
        .catch(() => undefined)
        .then(async (answer) => {
          if (answer) await this.remember(request, answer);
          return answer;
        })
        .finally(() => this.asking.delete(key));
      this.asking.set(key, pending);
    }
    return pending;
  }

  /**
   * Asks about `list` for `view`'s app (one dialog per app, see ask); the view's note follows the answer, and on
   * "Allow" its frame is rebuilt with the new `allow`.
   */
  async askFor(view: PermissionAsker, list: string[]): Promise<void> {
    const where = view.origin;
    if (!where || !list.length || view.state === 'closed') return;
    const answer = await this.ask({
      appName: view.title,
      serverName: view.serverName,
      origin: where.origin,
      permissions: list,
    });
    const before = view.permissions;
    if (view.state === 'closed' || !before) return;
    const now = await this.state(view.serverName, where.origin, [
      ...before.granted,
      ...before.denied,
      ...before.unanswered,
    ]);
    view.permissions = now;
    view.changed();
    if (answer && now.granted.some((p) => !before.granted.includes(p))) await view.reloadFrame();
  }

  private async remember(request: PermissionRequest, answer: NonNullable<PermissionAnswer>): Promise<void> {
    await this.loaded;
    const key = keyOf(request.serverName, request.origin);
    const before = this.records.get(key);
    const granted = new Set(before?.granted);
    const denied = new Set(before?.denied);
    for (const p of request.permissions) {
      // Anything the answer does not name stays as it was (a dialog names every permission it lists).
      const allowed = answer.granted.includes(p);
      if (!allowed && !answer.denied.includes(p)) continue;
      (allowed ? granted : denied).add(p);
      (allowed ? denied : granted).delete(p);
    }
    const record: PermissionRecord = {
      key,
      serverName: request.serverName,
      origin: request.origin,
      appName: request.appName,
      granted: [...granted],
      denied: [...denied],
      at: Date.now(),
    };
    this.records.set(key, record);
    this.changes.notify();
    await (await this.db)?.put('apps', record).catch(() => {});
  }

  /** Forgets an app's answers: its next view asks again. */
  async forget(key: string): Promise<void> {
    await this.loaded;
    this.records.delete(key);
    this.changes.notify();
    await (await this.db)?.delete('apps', key).catch(() => {});
  }
}
