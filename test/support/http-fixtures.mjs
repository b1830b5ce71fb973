// Starts real HTTP MCP servers for tests (and stops them): server-everything's `streamableHttp` and
// `sse` modes and our fixtures, always on 127.0.0.1 (see loopback-listen.mjs), on a free port or the
// port given (to restart a server where it was).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './gateway-process.mjs';

const preload = join(repoRoot, 'test', 'support', 'loopback-listen.mjs');
export const everythingEntry = join(
  repoRoot,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);

/**
 * Spawns `node --import loopback-listen.mjs <script> ...args` and resolves once it listens.
 * @param {{ script: string, args?: string[], port?: number, env?: Record<string, string> }} options
 */
export async function startHttpServer({ script, args = [], port = 0, env = {} }) {
  const child = spawn(process.execPath, ['--import', pathToFileURL(preload).href, script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const actual = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not listen within 15 s; stderr:\n${stderr}`)),
      15_000,
    );
    child.stderr.on('data', (d) => {
      stderr += d.toString();
      const match = /mcp-test-listening (\d+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before it listened; stderr:\n${stderr}`));
    });
  });
  return {
    port: actual,
    child,
    url: (path = '/mcp') => `http://127.0.0.1:${actual}${path}`,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** server-everything in `streamableHttp` or `sse` mode. */
export function startEverythingHttp(mode, port = 0) {
  return startHttpServer({ script: everythingEntry, args: [mode], port });
}
