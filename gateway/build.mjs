// Bundles the gateway's TypeScript into gateway/dist/cli.js and the widget CLI into gateway/dist/mcpwp.js
// (npm packages stay external).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

await build({
  entryPoints: {
    cli: fileURLToPath(new URL('./src/cli.ts', import.meta.url)),
    mcpwp: fileURLToPath(new URL('./src/mcpwp/cli.ts', import.meta.url)),
  },
  outdir: fileURLToPath(new URL('./dist', import.meta.url)),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
