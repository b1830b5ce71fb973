// Starts and stops real gateway processes (the CLI, as a user runs it) for tests and benchmarks.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, dirname, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = join(repoRoot, 'gateway', 'bin', 'mcp-dashboard.js');

/**
 * Writes `config` to a temp file and starts `mcp-dashboard --config <file> --port 0 --no-open`.
 * Stdio servers without a cwd run from the repo root, so fixture paths can be relative to it; so does
 * a `dashboard.brand` file path.
 * Resolves once the gateway prints its "Dashboard ready" line.
 * @param {{ config?: any, allowOrigins?: string[], extraArgs?: string[], env?: Record<string, string>, rawConfigText?: string, readyTimeoutMs?: number }} [options]
 */
export async function startGatewayProcess({ config, allowOrigins = [], extraArgs = [], env = {}, rawConfigText, readyTimeoutMs = 15_000 } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-test-'));
  const file = join(dir, 'config.json');
  if (rawConfigText !== undefined) {
    await writeFile(file, rawConfigText);
  } else {
    const copy = structuredClone(config ?? { mcpServers: {} });
    for (const server of Object.values(copy.mcpServers ?? {})) {
      if (server && typeof server === 'object' && 'command' in server && !server.cwd) server.cwd = repoRoot;
    }
    // A brand file named relative to the repo (e.g. examples/brands/…) is found from the temp config.
    if (typeof copy.dashboard?.brand === 'string' && !isAbsolute(copy.dashboard.brand)) copy.dashboard.brand = join(repoRoot, copy.dashboard.brand);
    await writeFile(file, JSON.stringify(copy, null, 2));
  }
  const args = [cli, '--config', file, '--port', '0', '--no-open', ...allowOrigins.flatMap((o) => ['--allow-origin', o]), ...extraArgs];
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d.toString();
  });
  const ready = await new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`gateway did not start within ${readyTimeoutMs / 1000} s; stderr:\n${stderr}`)), readyTimeoutMs);
    child.stdout.on('data', (d) => {
      out += d.toString();
      const match = /Dashboard ready: (\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`gateway exited with code ${code} before it was ready; stderr:\n${stderr}`), { code, stderr }));
    });
  });
  const url = new URL(ready);
  const token = /token=([^&]+)/.exec(url.hash)[1];
  return {
    url: ready,
    origin: url.origin,
    port: Number(url.port),
    token,
    pid: child.pid,
    child,
    configFile: file,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the CLI to completion (for start-up errors); resolves with its exit code and output.
 * @param {string[]} args
 * @param {{ timeoutMs?: number }} [options]
 */
export async function runGatewayToExit(args, { timeoutMs = 15_000 } = {}) {
  const child = spawn(process.execPath, [cli, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d.toString()));
  child.stderr.on('data', (d) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise((r) => child.once('exit', (c) => r(c)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}
