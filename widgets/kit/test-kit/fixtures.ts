import type { MCPServerInfo } from '../../../src/core/shared/types.js';

/** Markup that would run script if a widget rendered server text as HTML. */
export const HOSTILE =
  '<img src=x onerror="window.__mcpwpXss=(window.__mcpwpXss||0)+1"><script>window.__mcpwpXss=(window.__mcpwpXss||0)+1</script>';

/** A well-behaved server with a little of everything. */
export function sampleServerInfo(serverName = 'conformance'): MCPServerInfo {
  return {
    serverName,
    transport: 'stdio',
    protocolVersion: '2025-06-18',
    capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: {} },
    tools: [
      {
        name: 'echo',
        title: 'Echo',
        description: 'Echoes a message',
        inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'add',
        description: 'Adds numbers',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          required: ['a', 'b'],
        },
      },
      { name: 'ping', description: 'No arguments', inputSchema: { type: 'object' } },
    ],
    resources: [
      {
        uri: 'demo://text/1',
        name: 'Text one',
        mimeType: 'text/plain',
        size: 12,
        annotations: { audience: ['user'], priority: 0.5 },
      },
      { uri: 'demo://json/1', name: 'JSON one', mimeType: 'application/json' },
    ],
    resourceTemplates: [{ uriTemplate: 'demo://text/{id}', name: 'Text by id' }],
    prompts: [
      {
        name: 'greet',
        title: 'Greeting',
        description: 'Says hello',
        arguments: [{ name: 'name', required: true }, { name: 'tone' }],
      },
      { name: 'plain', description: 'No arguments' },
    ],
  };
}

/** The same server with script in every string a widget might show (MCP-WP-11.1.1). */
export function hostileServerInfo(serverName = 'conformance'): MCPServerInfo {
  const info = sampleServerInfo(serverName);
  return {
    ...info,
    instructions: `Instructions ${HOSTILE}`,
    tools: info.tools.map((t) => ({
      ...t,
      title: `${t.title ?? t.name} ${HOSTILE}`,
      description: `${t.description} ${HOSTILE}`,
    })),
    resources: info.resources.map((r) => ({ ...r, name: `${r.name} ${HOSTILE}`, description: HOSTILE })),
    prompts: info.prompts.map((p) => ({ ...p, title: `${p.title ?? p.name} ${HOSTILE}`, description: HOSTILE })),
  };
}
