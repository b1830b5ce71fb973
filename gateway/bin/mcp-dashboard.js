#!/usr/bin/env node
// Launcher: runs the gateway built into gateway/dist by `npm install` (the `prepare` script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(built)) {
  process.stderr.write(
    'mcp-dashboard: the gateway is not built yet. Run "npm run build" in the mcp-dashboard folder.\n',
  );
  process.exit(1);
}
const { main } = await import('../dist/cli.js');
await main();
