// Listing a server's primitives: all pages, leniently (MCP-WP-9.1.3), and re-listing into the cached info.

import type { Client } from '@modelcontextprotocol/client';
import { isWrongShape, listLeniently, summarizeProblems, type ListKind } from './list-items.js';
import { MCPError, toMCPError } from './mcp-error.js';
import type { MCPResourceTemplate, MCPServerInfo, MCPTool, ResourceContents } from '../shared/types.js';
import { readyClient, type BridgeContext } from './connection.js';

/** Per list, why items were left out (`MCPServerInfo.listProblems`). */
export type ListProblems = NonNullable<MCPServerInfo['listProblems']>;

/** `resources/read` for the host's own needs (no events, no cache). */
export async function readQuietly(client: Client, uri: string, timeout: number): Promise<ResourceContents> {
  return (await client.readResource({ uri }, { timeout, cacheMode: 'bypass' })) as ResourceContents;
}

/**
 * Lists one kind through the SDK. When the SDK refuses the answer because of its shape, fetches it
 * again without that all-or-nothing check and keeps the well-formed items, writing why the others
 * were left out into `problems` (MCP-WP-9.1.3): one broken tool must not hide a server's others.
 */
export async function fetchList<T>(
  client: Client,
  serverName: string,
  kind: ListKind,
  viaSdk: () => Promise<T[]>,
  problems: ListProblems,
): Promise<T[]> {
  delete problems[kind];
  try {
    return await viaSdk();
  } catch (error) {
    if (!isWrongShape(error)) throw error;
  }
  try {
    const checked = await listLeniently<T>(client, kind, serverName);
    if (checked.problems.length)
      problems[kind] = summarizeProblems(kind, checked.items.length + checked.problems.length, checked.problems);
    return checked.items;
  } catch (error) {
    if (!(error instanceof MCPError) || error.jsonrpcCode !== -32603) throw error;
    problems[kind] = error.message;
    return [];
  }
}

/** The server info with one kind's list problems replaced. */
export function withProblems(info: MCPServerInfo, problems: ListProblems): MCPServerInfo {
  const next = { ...info, listProblems: Object.keys(problems).length ? problems : undefined };
  if (!next.listProblems) delete next.listProblems;
  return next;
}

/**
 * Re-lists tools, resources or prompts (all pages), runs the discovery hook over re-listed tools,
 * updates the cached server info and emits `mcp:<kind>:listed`; failures go out as `mcp:server:error`.
 */
export async function relist<K extends 'tools' | 'resources' | 'prompts'>(
  context: BridgeContext,
  serverName: string,
  kind: K,
  fetcher: (client: Client) => Promise<MCPServerInfo[K]>,
): Promise<MCPServerInfo[K]> {
  try {
    const client = await readyClient(context, serverName, `${kind}/list`);
    const connection = context.connections.get(serverName)!;
    if (!connection.info?.capabilities[kind]) return [] as unknown as MCPServerInfo[K];
    const problems = { ...connection.info.listProblems };
    let items = (await fetchList<unknown>(
      client,
      serverName,
      kind,
      () => fetcher(client) as Promise<unknown[]>,
      problems,
    )) as MCPServerInfo[K];
    if (kind === 'tools' && context.discoveryHook && connection.info) {
      const updated = await context.discoveryHook({ ...connection.info, tools: items as MCPTool[] }, (uri) =>
        readQuietly(client, uri, context.requestTimeout),
      );
      items = updated.tools as MCPServerInfo[K];
    }
    if (connection.info) connection.info = withProblems({ ...connection.info, [kind]: items }, problems);
    context.bus.emit(`mcp:${kind}:listed`, { serverName, count: items.length });
    return items;
  } catch (error) {
    const mcpError = toMCPError(error, { serverName, operation: `${kind}/list` });
    context.bus.emit('mcp:server:error', { serverName, error: mcpError });
    throw mcpError;
  }
}

/** Re-lists resource templates (all pages) into the cached info; a server without them has none. */
export async function relistResourceTemplates(
  context: BridgeContext,
  serverName: string,
): Promise<MCPResourceTemplate[]> {
  try {
    const client = await readyClient(context, serverName, 'resources/templates/list');
    const connection = context.connections.get(serverName)!;
    if (!connection.info?.capabilities.resources) return [];
    const problems = { ...connection.info.listProblems };
    const templates = await fetchList(
      client,
      serverName,
      'resourceTemplates',
      async () =>
        (await client.listResourceTemplates(undefined, { cacheMode: 'refresh' }))
          .resourceTemplates as MCPResourceTemplate[],
      problems,
    );
    if (connection.info) connection.info = withProblems({ ...connection.info, resourceTemplates: templates }, problems);
    return templates;
  } catch (error) {
    const mcpError = toMCPError(error, { serverName, operation: 'resources/templates/list' });
    if (mcpError.jsonrpcCode === -32601) return [];
    throw mcpError;
  }
}
