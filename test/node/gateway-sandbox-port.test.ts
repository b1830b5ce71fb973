import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayRequest, runGatewayToExit, startGatewayProcess } from '../support/gateway-process.mjs';

// The MCP Apps sandbox port — part of every app's origin, so of its storage — stays the same across restarts of
// the same config: real gateway processes, each test with its own XDG_CONFIG_HOME (never the real home).

type GatewayProcess = Awaited<ReturnType<typeof startGatewayProcess>>;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** A config file and a config home of the test's own; `portsFile` is where the gateway remembers the port. */
async function setUp() {
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-port-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const configFile = join(dir, 'config.json');
  await writeFile(configFile, JSON.stringify({ mcpServers: {} }));
  const home = join(dir, 'home');
  const start = async (extraArgs: string[] = []) => {
    const gateway = await startGatewayProcess({ configFile, env: { XDG_CONFIG_HOME: home }, extraArgs });
    cleanups.push(() => gateway.stop());
    return gateway;
  };
  return { configFile, home, portsFile: join(home, 'mcp-dashboard', 'sandbox-ports.json'), start };
}

/** The sandbox port the page is told (the route the dashboard reads to frame views). */
async function sandboxPortOf(gateway: GatewayProcess): Promise<number> {
  const answer = await gatewayRequest(gateway.port, 'GET', '/api/sandbox', { token: gateway.token });
  assert.equal(answer.status, 200, answer.body);
  return (JSON.parse(answer.body) as { port: number }).port;
}

/** A listener on 127.0.0.1:`port` (0: any), as another program holding the port. */
async function occupy(port = 0): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  cleanups.push(() => new Promise((r) => server.close(r)));
  return { server, port: (server.address() as { port: number }).port };
}

/** Resolves once the gateway has printed a line matching `pattern` on stderr (it is printed before the ready line). */
async function printed(gateway: GatewayProcess, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 50 && !pattern.test(gateway.stderr()); i++) await new Promise((r) => setTimeout(r, 100));
  return gateway.stderr();
}

const NEW_ORIGINS = /new origins/;

test('a restart with the same config keeps the sandbox port (so every app its origin); gone configs are pruned from the file', async () => {
  const { configFile, portsFile, start } = await setUp();
  // Left by a config file that no longer exists.
  await mkdir(join(portsFile, '..'), { recursive: true });
  await writeFile(portsFile, JSON.stringify({ version: 1, ports: { '/nonexistent/gone/config.json': 41234 } }));
  const first = await start();
  const port = await sandboxPortOf(first);
  assert.doesNotMatch(first.stderr(), NEW_ORIGINS, 'nothing to say on a first start');
  await first.stop();

  const saved = JSON.parse(await readFile(portsFile, 'utf8')) as { ports: Record<string, number> };
  assert.deepEqual(saved.ports, { [configFile]: port }, 'this config remembered, the gone one pruned');
  assert.equal((await stat(portsFile)).mode & 0o777, 0o600);

  const second = await start();
  assert.equal(await sandboxPortOf(second), port, 'the same sandbox port after the restart');
  assert.doesNotMatch(second.stderr(), NEW_ORIGINS);
});

test('when the remembered port is taken, the gateway starts on another, says apps get new origins, and remembers the new one', async () => {
  const { configFile, portsFile, start } = await setUp();
  const first = await start();
  const remembered = await sandboxPortOf(first);
  await first.stop();
  await occupy(remembered);

  const second = await start();
  const moved = await sandboxPortOf(second);
  assert.notEqual(moved, remembered);
  const stderr = await printed(second, NEW_ORIGINS);
  const lines = stderr.split('\n').filter((l) => NEW_ORIGINS.test(l));
  assert.equal(lines.length, 1, stderr);
  assert.match(lines[0]!, new RegExp(`port ${remembered}, where MCP Apps ran last time, is taken`));
  assert.match(lines[0]!, new RegExp(`new origins this time \\(port ${moved}\\), so what they saved in this browser`));
  const saved = JSON.parse(await readFile(portsFile, 'utf8')) as { ports: Record<string, number> };
  assert.equal(saved.ports[configFile], moved);
});

test('--sandbox-port fixes the port (and remembers nothing); a taken one stops the start with a clear message', async () => {
  const { configFile, home, portsFile, start } = await setUp();
  const { server, port: wanted } = await occupy();
  await new Promise((r) => server.close(r));
  const fixed = await start(['--sandbox-port', String(wanted)]);
  assert.equal(await sandboxPortOf(fixed), wanted);
  await fixed.stop();
  await assert.rejects(stat(portsFile), { code: 'ENOENT' }, 'an explicit port is not remembered');

  const { port: taken } = await occupy();
  const env = { XDG_CONFIG_HOME: home };
  const run = await runGatewayToExit(['--config', configFile, '--no-open', '--sandbox-port', String(taken)], { env });
  assert.equal(run.code, 1, run.stderr);
  assert.match(
    run.stderr,
    new RegExp(`mcp-dashboard: --sandbox-port ${taken} is already in use; pick another with --sandbox-port <n>`),
  );
  assert.doesNotMatch(run.stdout, /Dashboard ready/);

  const bad = await runGatewayToExit(['--config', configFile, '--no-open', '--sandbox-port', 'soon'], { env });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--sandbox-port must be a whole number from 0 to 65535, not "soon"/);
  assert.match(bad.stderr, /--sandbox-port <n> +port of the MCP Apps sandbox/, 'the help names the option');
});

test('a malformed sandbox-ports.json is ignored with one warning: the gateway starts and rewrites it', async () => {
  const { configFile, portsFile, start } = await setUp();
  await mkdir(join(portsFile, '..'), { recursive: true });
  await writeFile(portsFile, '{ "version": 1, "ports": ');
  const gateway = await start();
  const port = await sandboxPortOf(gateway);
  const stderr = await printed(gateway, /sandbox-ports\.json/);
  const warnings = stderr.split('\n').filter((l) => l.includes('sandbox-ports.json'));
  assert.equal(warnings.length, 1, stderr);
  assert.match(warnings[0]!, /^mcp-dashboard: warning: ignored .*sandbox-ports\.json, which could not be parsed/);
  assert.doesNotMatch(stderr, NEW_ORIGINS);
  const saved = JSON.parse(await readFile(portsFile, 'utf8')) as { ports: Record<string, number> };
  assert.deepEqual(saved.ports, { [configFile]: port });
});
