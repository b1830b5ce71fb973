// What the gateway itself discovered on each server (`GET /api/catalog`): the page shows a
// server's tools, resources and prompts from it at once, while its own session opens in the background.

import type { MCPCapabilities, MCPServerInfo } from '../shared/types.js';

/** One server's entry as the page keeps it: ready (with the server's lists) or not usable. */
export type CatalogEntry =
  { state: 'ready'; info: MCPServerInfo; stale: boolean } | { state: 'pending' | 'unavailable'; reason?: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps the items of a list that have the one field the dashboard cannot show them without. */
function items<T>(value: unknown, key: string, extra?: (item: Record<string, unknown>) => boolean): T[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item) => isObject(item) && typeof item[key] === 'string' && (!extra || extra(item))) as T[];
}

/**
 * Turns the gateway's answer for one server into an entry. The lists are server data: the gateway's
 * SDK client accepted their shape, and the page checks again what it relies on (names, URIs, an
 * input schema that is an object); anything else makes the entry unusable, never an exception.
 */
export function catalogEntry(serverName: string, transport: 'stdio' | 'http', raw: unknown): CatalogEntry {
  if (!isObject(raw)) return { state: 'unavailable', reason: 'The gateway sent no entry for this server.' };
  if (raw.state !== 'ready')
    return {
      state: raw.state === 'pending' ? 'pending' : 'unavailable',
      reason: typeof raw.reason === 'string' ? raw.reason : undefined,
    };
  const info = raw.info;
  if (!isObject(info) || !isObject(info.capabilities))
    return { state: 'unavailable', reason: 'The gateway’s entry for this server has no capabilities.' };
  const version =
    isObject(info.serverVersion) &&
    typeof info.serverVersion.name === 'string' &&
    typeof info.serverVersion.version === 'string'
      ? info.serverVersion
      : undefined;
  return {
    state: 'ready',
    stale: raw.stale === true,
    info: {
      serverName,
      transport,
      protocolVersion: typeof info.protocolVersion === 'string' ? info.protocolVersion : 'unknown',
      capabilities: info.capabilities as MCPCapabilities,
      tools: items(info.tools, 'name', (tool) => isObject(tool.inputSchema)),
      resources: items(info.resources, 'uri'),
      resourceTemplates: items(info.resourceTemplates, 'uriTemplate'),
      prompts: items(info.prompts, 'name'),
      ...(version
        ? {
            serverVersion: {
              name: String(version.name),
              version: String(version.version),
              ...(typeof version.title === 'string' ? { title: version.title } : {}),
            },
          }
        : {}),
      ...(typeof info.instructions === 'string' ? { instructions: info.instructions } : {}),
    },
  };
}

/**
 * The catalog for this page: loaded once at start-up, then each server's entry is used once — by the
 * first card that shows the server before its session is open. Later connects discover for themselves.
 */
export class ServerCatalog {
  private entries = new Map<string, unknown>();

  /** Takes the gateway's answer (`{ <server>: entry }`). */
  load(raw: Record<string, unknown>): void {
    this.entries = new Map(Object.entries(raw));
  }

  /** The server's lists as the gateway discovered them, if it has them. */
  info(serverName: string, transport: 'stdio' | 'http'): MCPServerInfo | undefined {
    if (!this.entries.has(serverName)) return undefined;
    const entry = catalogEntry(serverName, transport, this.entries.get(serverName));
    return entry.state === 'ready' ? entry.info : undefined;
  }

  /** Forgets a server's entry (its session has discovered it; a reconnect must not show old lists). */
  forget(serverName: string): void {
    this.entries.delete(serverName);
  }
}
