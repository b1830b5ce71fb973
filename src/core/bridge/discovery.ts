// Discovery right after the handshake: every list of a new server, then the host's discovery hook.

import type { Client } from '@modelcontextprotocol/client';
import type { ListKind } from './list-items.js';
import type { MCPPrompt, MCPResource, MCPResourceTemplate, MCPServerInfo, MCPTool } from '../shared/types.js';
import type { BridgeContext, Connection } from './connection.js';
import { fetchList, readQuietly, type ListProblems } from './lists.js';

/** Lists what the server's capabilities offer (all pages, in parallel) and builds its `MCPServerInfo`. */
export async function discover(context: BridgeContext, connection: Connection, client: Client): Promise<MCPServerInfo> {
  const capabilities = (client.getServerCapabilities() ?? {}) as MCPServerInfo['capabilities'];
  const problems: ListProblems = {};
  const list = <T>(kind: ListKind, viaSdk: () => Promise<T[]>) =>
    fetchList(client, connection.serverName, kind, viaSdk, problems);
  const [tools, resources, resourceTemplates, prompts] = await Promise.all([
    capabilities.tools
      ? list('tools', () => client.listTools().then((r) => r.tools as MCPTool[]))
      : Promise.resolve([]),
    capabilities.resources
      ? list('resources', () => client.listResources().then((r) => r.resources as MCPResource[]))
      : Promise.resolve([]),
    capabilities.resources
      ? list('resourceTemplates', () =>
          client.listResourceTemplates().then((r) => r.resourceTemplates as MCPResourceTemplate[]),
        ).catch(() => [] as MCPResourceTemplate[])
      : Promise.resolve([]),
    capabilities.prompts
      ? list('prompts', () => client.listPrompts().then((r) => r.prompts as MCPPrompt[]))
      : Promise.resolve([]),
  ]);
  const version = client.getServerVersion();
  const info: MCPServerInfo = {
    serverName: connection.serverName,
    transport: connection.transport,
    protocolVersion: client.getNegotiatedProtocolVersion() ?? 'unknown',
    capabilities,
    tools,
    resources,
    resourceTemplates,
    prompts,
    serverVersion: version
      ? { name: String(version.name), version: String(version.version), title: version.title }
      : undefined,
    instructions: client.getInstructions(),
    ...(Object.keys(problems).length ? { listProblems: problems } : {}),
  };
  return context.discoveryHook
    ? context.discoveryHook(info, (uri) => readQuietly(client, uri, context.requestTimeout))
    : info;
}
