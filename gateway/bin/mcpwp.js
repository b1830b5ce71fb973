#!/usr/bin/env node
// Launcher for the widget developer's CLI, built into gateway/dist by `npm install`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist/mcpwp.js', import.meta.url));
if (!existsSync(built)) {
  process.stderr.write('mcpwp: not built yet. Run "npm run build" in the mcp-dashboard folder.\n');
  process.exit(1);
}
const { main } = await import('../dist/mcpwp.js');
process.exitCode = await main();
