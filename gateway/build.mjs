// Bundles the gateway's TypeScript into gateway/dist/cli.js (npm packages stay external).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

await build({
  entryPoints: [fileURLToPath(new URL('./src/cli.ts', import.meta.url))],
  outfile: fileURLToPath(new URL('./dist/cli.js', import.meta.url)),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
