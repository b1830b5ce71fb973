// The roots the dashboard gives servers (`roots/list`): each server's own list, persisted, plus the
// `mcp.roots` preference that applies to every server.

import type { Configuration } from '../services/configuration.js';
import { MCPError } from '../bridge/mcp-error.js';
import type { RootEntry, RootView, Unsubscribe } from '../shared/types.js';

/** Preference with the roots given to every server (an array of `{ uri, name? }`). */
export const GLOBAL_ROOTS_KEY = 'mcp.roots';
/** Preference with each server's own roots: `{ [serverName]: [{ uri, name? }] }`. */
export const SERVER_ROOTS_KEY = 'mcp.serverRoots';
/** Roots one server may be given. */
export const MAX_ROOTS = 50;
const MAX_NAME = 200;
const MAX_URI = 2048;

/** A well-formed root, or the reason it is not one (in words a user can act on). */
export function checkRoot(value: unknown): { root: RootEntry } | { problem: string } {
  const candidate = value as { uri?: unknown; name?: unknown } | null;
  if (!candidate || typeof candidate !== 'object' || typeof candidate.uri !== 'string')
    return { problem: 'A root needs a "uri" (a file:// address).' };
  const uri = candidate.uri.trim();
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { problem: `"${uri.slice(0, 200)}" is not an address. Write a folder as file:///path/to/folder.` };
  }
  if (url.protocol !== 'file:')
    return {
      problem: `Only folders on this computer (file:// addresses) can be roots; "${uri.slice(0, 200)}" is not one.`,
    };
  if (uri.length > MAX_URI) return { problem: `That address is longer than ${MAX_URI} characters.` };
  if (candidate.name !== undefined && typeof candidate.name !== 'string')
    return { problem: "A root's name must be text." };
  const name = typeof candidate.name === 'string' ? candidate.name.trim().slice(0, MAX_NAME) : '';
  return { root: name ? { uri: url.href, name } : { uri: url.href } };
}

/** The well-formed roots of a stored list (anything else is skipped, as before). */
function storedRoots(value: unknown): RootEntry[] {
  if (!Array.isArray(value)) return [];
  const roots: RootEntry[] = [];
  for (const item of value) {
    const checked = checkRoot(item);
    if ('root' in checked && !roots.some((r) => r.uri === checked.root.uri)) roots.push(checked.root);
  }
  return roots.slice(0, MAX_ROOTS);
}

/**
 * Roots per server, kept in Configuration (IndexedDB). `forServer` is what `roots/list` answers:
 * the roots given to every server first, then the server's own.
 */
export class RootsStore {
  private readonly listeners = new Set<(serverName: string) => void>();
  /** True while `set` writes, so its own change is reported for its server only. */
  private writing = false;

  constructor(private readonly configuration: Configuration) {}

  /** The roots a server is given, each marked with where it comes from. */
  forServer(serverName: string): RootView[] {
    const all: RootView[] = storedRoots(this.configuration.get(GLOBAL_ROOTS_KEY)).map((r) => ({
      ...r,
      scope: 'all' as const,
    }));
    const own = storedRoots(Object.hasOwn(this.ownMap(), serverName) ? this.ownMap()[serverName] : undefined).filter(
      (r) => !all.some((a) => a.uri === r.uri),
    );
    return [...all, ...own.map((r) => ({ ...r, scope: 'server' as const }))];
  }

  /** Replaces a server's own roots after checking each; throws an MCPError naming the first bad one. */
  async set(serverName: string, roots: readonly unknown[]): Promise<RootView[]> {
    if (!Array.isArray(roots))
      throw new MCPError('Roots must be a list of { uri, name } entries.', {
        jsonrpcCode: -32602,
        serverName,
        operation: 'roots',
      });
    if (roots.length > MAX_ROOTS)
      throw new MCPError(`A server can be given at most ${MAX_ROOTS} roots.`, {
        jsonrpcCode: -32602,
        serverName,
        operation: 'roots',
      });
    const clean: RootEntry[] = [];
    for (const item of roots) {
      const checked = checkRoot(item);
      if ('problem' in checked)
        throw new MCPError(checked.problem, { jsonrpcCode: -32602, serverName, operation: 'roots' });
      if (!clean.some((r) => r.uri === checked.root.uri)) clean.push(checked.root);
    }
    // Entries, not assignment: a server may be called "__proto__".
    const others = Object.entries(this.ownMap()).filter(([name]) => name !== serverName);
    this.writing = true;
    try {
      await this.configuration.set(
        SERVER_ROOTS_KEY,
        Object.fromEntries(clean.length ? [...others, [serverName, clean]] : others),
      );
    } finally {
      this.writing = false;
      // In effect for this session even when IndexedDB refused to keep it: the server is told either way.
      for (const listener of [...this.listeners]) listener(serverName);
    }
    return this.forServer(serverName);
  }

  /**
   * Calls back with the server whose roots changed (after `set`), or '*' when roots may have changed for
   * every server (the `mcp.roots` preference, or the per-server lists written by something else).
   */
  onChange(callback: (serverName: string) => void): Unsubscribe {
    this.listeners.add(callback);
    const offOwn = this.configuration.onChange(SERVER_ROOTS_KEY, () => {
      if (!this.writing) callback('*');
    });
    const offAll = this.configuration.onChange(GLOBAL_ROOTS_KEY, () => callback('*'));
    return () => {
      this.listeners.delete(callback);
      offOwn();
      offAll();
    };
  }

  private ownMap(): Record<string, unknown> {
    const value = this.configuration.get(SERVER_ROOTS_KEY);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  }
}
