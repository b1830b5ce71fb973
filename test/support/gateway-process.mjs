// Starts and stops real gateway processes (the CLI, as a user runs it) for tests and benchmarks.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, dirname, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = join(repoRoot, 'gateway', 'bin', 'mcp-dashboard.js');

/**
 * Writes `config` to a temp file and starts `mcp-dashboard --config <file> --port 0 --no-open`.
 * Stdio servers without a cwd run from the repo root, so fixture paths can be relative to it; so does
 * a `dashboard.brand` file path and `dashboard.layouts` files.
 * Resolves once the gateway prints its "Dashboard ready" line. Then, like a page, it spends the
 * printed launch code for an access token (`token`) and holds that token's event stream open, so the
 * token stays valid for the whole test; `url` is a fresh address a browser may open once, `launchUrl()`
 * makes another.
 * `exchange: false` leaves the printed code unspent (`url`, `code`) and gets no token; `open: true`
 * lets the gateway open a browser (set `BROWSER` in `env`); `limits` shortens the gateway's limits
 * (MCP_DASHBOARD_TEST_LIMITS); `readyTimeoutMs` bounds the wait for the ready line.
 * `configFile` starts from that file as it is (not removed at stop: a restart with the same config), `port` fixes
 * `--port`. The gateway's own files (XDG_CONFIG_HOME: remembered sandbox ports, default OAuth token file) go to a temp
 * folder removed at stop, never the real home, unless `env` names an XDG_CONFIG_HOME.
 * @param {{ config?: any, configFile?: string, port?: number, allowOrigins?: string[], extraArgs?: string[], env?: Record<string, string>, rawConfigText?: string, exchange?: boolean, open?: boolean, limits?: Record<string, number>, readyTimeoutMs?: number }} [options]
 */
export async function startGatewayProcess({
  config,
  configFile,
  port: listenPort = 0,
  allowOrigins = [],
  extraArgs = [],
  env = {},
  rawConfigText,
  exchange = true,
  open = false,
  limits,
  readyTimeoutMs = 60_000,
} = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-test-'));
  const file = configFile ?? join(dir, 'config.json');
  if (configFile === undefined && rawConfigText !== undefined) {
    await writeFile(file, rawConfigText);
  } else if (configFile === undefined) {
    const copy = structuredClone(config ?? { mcpServers: {} });
    for (const server of Object.values(copy.mcpServers ?? {})) {
      if (server && typeof server === 'object' && 'command' in server && !server.cwd) server.cwd = repoRoot;
    }
    // A brand file named relative to the repo (e.g. examples/brands/…) is found from the temp config.
    if (typeof copy.dashboard?.brand === 'string' && !isAbsolute(copy.dashboard.brand))
      copy.dashboard.brand = join(repoRoot, copy.dashboard.brand);
    // So are team layout files (dashboard.layouts).
    if (Array.isArray(copy.dashboard?.layouts))
      copy.dashboard.layouts = copy.dashboard.layouts.map((f) =>
        typeof f === 'string' && !isAbsolute(f) ? join(repoRoot, f) : f,
      );
    await writeFile(file, JSON.stringify(copy, null, 2));
  }
  const args = [
    cli,
    '--config',
    file,
    '--port',
    String(listenPort),
    ...(open ? [] : ['--no-open']),
    ...allowOrigins.flatMap((o) => ['--allow-origin', o]),
    ...extraArgs,
  ];
  // Tests stop gateways with SIGTERM: no drain unless a test asks for one (gateway-drain.test.ts).
  const childEnv = {
    MCP_DASHBOARD_DRAIN_SECONDS: '0',
    ...process.env,
    XDG_CONFIG_HOME: join(dir, 'config-home'),
    ...env,
    ...(limits ? { MCP_DASHBOARD_TEST_LIMITS: JSON.stringify(limits) } : {}),
  };
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d.toString();
  });
  let stdout = '';
  child.stdout.on('data', (d) => {
    stdout += d.toString();
  });
  const ready = await new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`gateway did not start within ${readyTimeoutMs / 1000} s; stderr:\n${stderr}`)),
      readyTimeoutMs,
    );
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
      reject(
        Object.assign(new Error(`gateway exited with code ${code} before it was ready; stderr:\n${stderr}`), {
          code,
          stderr,
        }),
      );
    });
  });
  const url = new URL(ready);
  const port = Number(url.port);
  const code = /code=([^&]+)/.exec(url.hash)?.[1];
  let token;
  let stream;
  if (exchange) {
    const answer = await gatewayRequest(port, 'POST', '/api/launch/exchange', { body: JSON.stringify({ code }) });
    if (answer.status !== 200) throw new Error(`the launch code was refused (${answer.status}): ${answer.body}`);
    token = JSON.parse(answer.body).token;
    stream = holdEventStream(port, token);
  }
  const launchUrl = async () => {
    const answer = await gatewayRequest(port, 'POST', '/api/launch/codes', { token });
    if (answer.status !== 200) throw new Error(`could not make a launch address (${answer.status}): ${answer.body}`);
    return JSON.parse(answer.body).url;
  };
  return {
    /**
     * A launch address a browser can open once, within a minute: the printed one with `exchange: false`,
     * else a fresh one (the printed one was spent for `token`).
     */
    url: exchange ? await launchUrl() : ready,
    /** The printed address and its code. */
    printedUrl: ready,
    code,
    origin: `http://127.0.0.1:${port}`,
    port,
    token,
    pid: child.pid,
    child,
    configFile: file,
    stderr: () => stderr,
    /** Everything the gateway printed on stdout so far. */
    stdout: () => stdout,
    /** A fresh launch address (single use) for a browser to open. */
    launchUrl,
    async stop() {
      stream?.destroy();
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
 * One request to the gateway on 127.0.0.1 (Host set as a same-machine client would).
 * @param {number} port @param {string} method @param {string} path
 * @param {{ token?: string, body?: string }} [options]
 * @returns {Promise<{ status: number, body: string }>}
 */
export function gatewayRequest(port, method, path, { token, body } = {}) {
  return new Promise((resolvePromise, reject) => {
    const headers = {
      Host: `127.0.0.1:${port}`,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    };
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Holds `GET /api/events` open with `token`, as a dashboard page does, so the token stays in use. */
function holdEventStream(port, token) {
  const req = request(
    {
      host: '127.0.0.1',
      port,
      path: '/api/events',
      headers: { Host: `127.0.0.1:${port}`, Authorization: `Bearer ${token}` },
    },
    (res) => res.resume(),
  );
  req.on('error', () => {});
  req.end();
  return req;
}

/**
 * Runs the CLI to completion (for start-up errors); resolves with its exit code and output.
 * @param {string[]} args
 * @param {{ timeoutMs?: number, env?: Record<string, string> }} [options]
 */
export async function runGatewayToExit(args, { timeoutMs = 60_000, env = {} } = {}) {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d.toString()));
  child.stderr.on('data', (d) => (stderr += d.toString()));
  // 60 s: on a 2-core machine running the whole suite, even a start-up error took over 15 s to be printed.
  const timer = setTimeout(() => {
    stderr += `\n[test] the gateway had not exited after ${timeoutMs / 1000} s; killed`;
    child.kill('SIGKILL');
  }, timeoutMs);
  const code = await new Promise((r) => child.once('exit', (c) => r(c)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}
