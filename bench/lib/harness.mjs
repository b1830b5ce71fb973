// Benchmark-only pages: bench/harness/*.ts bundled with esbuild (the same source modules the
// dashboard is built from) and served from a loopback port the gateway is told to accept with
// --allow-origin, exactly as the browser tests do. Nothing here is part of the product build.
import { build } from 'esbuild';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { repoRoot } from '../../test/support/gateway-process.mjs';

/**
 * Bundles each harness entry (name → path relative to the repo) into a temp folder with an HTML page
 * `<name>.html` that loads it. Resolves with the folder and a function that removes it.
 */
export async function buildHarness(entries) {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-bench-'));
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(repoRoot, path)])),
    outdir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    tsconfig: join(repoRoot, 'tsconfig.json'),
    logLevel: 'warning',
  });
  for (const name of Object.keys(entries)) {
    await writeFile(
      join(dir, `${name}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bench: ${name}</title><script type="module" src="./${name}.js"></script></head><body></body></html>`,
    );
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** Serves `dir` on 127.0.0.1 (any free port). */
export async function serveHarness(dir) {
  const server = createServer(async (req, res) => {
    const path = normalize(join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!path.startsWith(dir + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (!(await stat(path)).isFile()) throw new Error('not a file');
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    createReadStream(path).pipe(res);
  });
  await new Promise((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    close: () =>
      new Promise((resolvePromise) => {
        server.closeAllConnections();
        server.close(() => resolvePromise());
      }),
  };
}
