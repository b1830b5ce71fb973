// Config entries for the synthetic MCP server (bench/synthetic-server.mjs).
import { join } from 'node:path';
import { repoRoot } from '../../test/support/gateway-process.mjs';

export const SYNTHETIC_SERVER = join(repoRoot, 'bench', 'synthetic-server.mjs');

/** A stdio config entry (Claude Desktop shape) that runs the synthetic server with Node. */
export function syntheticServer({ name = 'synthetic', tools = 50, resources = 10, prompts = 5, pageSize = 0 } = {}) {
  return {
    command: process.execPath,
    args: [
      SYNTHETIC_SERVER,
      '--name',
      name,
      '--tools',
      String(tools),
      '--resources',
      String(resources),
      '--prompts',
      String(prompts),
      '--page-size',
      String(pageSize),
    ],
  };
}

/** `{ mcpServers }` with `count` synthetic servers named s001, s002, … */
export function syntheticConfig(count, options = {}) {
  const mcpServers = {};
  for (let i = 1; i <= count; i++) {
    const name = `s${String(i).padStart(3, '0')}`;
    mcpServers[name] = syntheticServer({ ...options, name });
  }
  return { mcpServers };
}
