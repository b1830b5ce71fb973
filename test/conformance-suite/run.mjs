// Runs the official MCP conformance suite against the dashboard: every client scenario with the
// dashboard as the client (client-driver.ts: real gateway + MCPBridge), and the server scenarios
// against our fixture server directly and through the gateway. Used by
// test/conformance-suite/suite.test.ts; `node test/conformance-suite/run.mjs --write` also writes
// test/conformance-suite/results.md, which `npm run conformance` puts into docs/conformance.md.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { ALPHA_VERSION, ensureSuite, SUITE_VERSION } from './install.mjs';
import { startBearerProxy } from './bearer-proxy.mjs';
import { startGatewayProcess } from '../support/gateway-process.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const FIXTURE = 'test/fixtures/conformance-server.mjs';
const exec = promisify(execFile);

/** The server scenarios, all of them, normally take well under a minute. */
const SERVER_RUN_MS = 240_000;

/**
 * Runs the suite's CLI and resolves when it exits (not when its pipes close: a process it started and
 * left behind may hold them), or kills it after `timeoutMs`; a run that had to be killed says so.
 * @returns {Promise<{ code: number | null, log: string, timedOut: boolean }>}
 */
function runBounded(command, args, timeoutMs) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    const timer = setTimeout(() => {
      timedOut = true;
      log += `\n[run] killed after ${timeoutMs / 1000} s`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      // Output still in the pipes arrives within a moment; a pipe held open by a leftover does not delay us.
      const done = () => resolvePromise({ code, log, timedOut });
      const grace = setTimeout(done, 1000);
      child.once('close', () => {
        clearTimeout(grace);
        done();
      });
    });
  });
}

/** Scenario names of a suite, by kind, with their spec versions. */
export async function listScenarios(suite) {
  const { stdout, stderr } = await exec(suite.node, [suite.cli, 'list'], { cwd: repoRoot });
  const text = `${stdout}\n${stderr}`;
  const section = (title) => {
    const start = text.indexOf(title);
    if (start < 0) return [];
    const rest = text.slice(start + title.length).split('\n');
    const items = [];
    for (const line of rest.slice(1)) {
      const m = /^\s+- (\S+)(?: \[([^\]]*)\])?/.exec(line);
      if (!m) break;
      items.push({ name: m[1], versions: (m[2] ?? '').split(',').filter(Boolean) });
    }
    return items;
  };
  return { client: section('Client scenarios'), server: section('Server scenarios') };
}

/** Reads every checks.json under `dir` into { scenario → checks }. */
async function readChecks(dir) {
  const out = new Map();
  const walk = async (d, rel) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const path = join(d, e.name);
      if (e.isDirectory()) await walk(path, rel ? `${rel}/${e.name}` : e.name);
      else if (e.name === 'checks.json')
        out.set(rel.replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, ''), JSON.parse(await readFile(path, 'utf8')));
    }
  };
  await walk(dir, '');
  return out;
}

/**
 * A scenario's outcome from its checks: it passes with no FAILURE. WARNINGs are SHOULD-level
 * findings (the suite's own summary counts them against the run; e.g. "reconnected slightly late"
 * on a loaded machine); they are listed with the result but do not fail it.
 */
function outcome(checks, extra = {}) {
  const failures = checks.filter((c) => c.status === 'FAILURE');
  const warnings = checks.filter((c) => c.status === 'WARNING');
  const passed = checks.filter((c) => c.status === 'SUCCESS').length;
  const ok = failures.length === 0 && !extra.clientFailed;
  const notes = [...failures, ...warnings].map((c) =>
    `${c.status} ${c.id}: ${c.errorMessage ?? c.description}`.slice(0, 240),
  );
  if (extra.clientFailed) notes.push(`the client failed: ${extra.clientFailed}`);
  return { ok, passed, failed: failures.length, warnings: warnings.length, notes };
}

async function limit(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

/**
 * The driver, bundled once into .scratch/ (ignored by git and lint), so starting it costs no
 * TypeScript compile per scenario. Bare imports resolve from the repo's node_modules; the bundled
 * gateway-process helper finds the repo through the import.meta.url it would have had.
 */
async function bundleDriver() {
  const outfile = join(repoRoot, '.scratch', `conformance-driver-${process.pid}.mjs`);
  await build({
    entryPoints: [join(here, 'client-driver.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    define: {
      'import.meta.url': JSON.stringify(pathToFileURL(join(repoRoot, 'test', 'support', 'gateway-process.mjs')).href),
    },
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Runs `scenarios` (client kind) with the dashboard as the client, `concurrency` at a time; a failing
 * scenario not in `expectedToFail` is run once more.
 * @param {{ node: string, cli: string }} suite
 * @param {string[]} scenarios
 * @param {{ concurrency?: number, timeoutMs?: number, retries?: number, expectedToFail?: string[] }} [options]
 * @returns {Promise<Map<string, ReturnType<typeof outcome>>>}
 */
export async function runClientScenarios(
  suite,
  scenarios,
  { concurrency = 3, timeoutMs = 120_000, retries = 1, expectedToFail = [] } = {},
) {
  const work = await mkdtemp(join(tmpdir(), 'mcp-dashboard-suite-'));
  const driver = await bundleDriver();
  const results = new Map();
  try {
    const runOne = async (scenario, out) => {
      const args = [
        suite.cli,
        'client',
        '--command',
        `${process.execPath} ${driver}`,
        '--scenario',
        scenario,
        '--timeout',
        String(timeoutMs),
        '-o',
        out,
      ];
      const run = await runBounded(suite.node, args, timeoutMs + 30_000);
      const checks = (await readChecks(out).catch(() => new Map())).get(scenario) ?? [];
      // A non-zero exit with no failing check means warnings only, unless the driver failed or timed out
      // (where a scenario expects the client to fail, the suite exits 0).
      const driverError =
        /\[driver\] failed: ([^\n]*)/.exec(run.log)?.[1] ?? /Client timed out[^\n]*/.exec(run.log)?.[0];
      const result = outcome(checks, { clientFailed: run.code !== 0 ? driverError : undefined });
      if (run.code !== 0 && !checks.length) result.ok = false;
      if (!checks.length) result.notes.push(run.log.slice(-600));
      return result;
    };
    await limit(scenarios, concurrency, async (scenario, i) => {
      results.set(scenario, await runOne(scenario, join(work, `c${i}`)));
    });
    // A scenario that failed is run once more, alone: on a shared machine a gateway can miss its start
    // deadline. A real failure fails twice; one that passes the second time says so in its notes.
    const failed = [...results].filter(([n, r]) => !r.ok && !expectedToFail.includes(n)).map(([n]) => n);
    for (let attempt = 0; attempt < retries; attempt++) {
      for (const [i, scenario] of failed.entries()) {
        const first = results.get(scenario);
        if (first.ok) continue;
        const again = await runOne(scenario, join(work, `r${attempt}-${i}`));
        if (again.ok) again.notes.unshift(`passed when run again (first run: ${first.notes.slice(0, 2).join('; ')})`);
        results.set(scenario, again);
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(driver, { force: true });
  }
  return results;
}

/** Runs the suite's server scenarios against `url`. */
export async function runServerScenarios(suite, url) {
  const out = await mkdtemp(join(tmpdir(), 'mcp-dashboard-suite-server-'));
  try {
    const run = await runBounded(suite.node, [suite.cli, 'server', '--url', url, '-o', out], SERVER_RUN_MS);
    const results = new Map();
    for (const [name, checks] of await readChecks(out)) results.set(name.replace(/^server-/, ''), outcome(checks));
    if (run.timedOut)
      results.set('(the suite run)', {
        ok: false,
        passed: 0,
        failed: 1,
        warnings: 0,
        notes: [`the server scenarios did not finish within ${SERVER_RUN_MS / 1000} s: ${run.log.slice(-400)}`],
      });
    return results;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** The fixture server as its own Streamable HTTP server on 127.0.0.1. */
async function startFixtureHttp() {
  const child = spawn(process.execPath, [join(repoRoot, FIXTURE), '--http', '0'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolvePromise, reject) => {
    let text = '';
    child.stdout.on('data', (d) => {
      text += d;
      const m = /listening on (\S+)/.exec(text);
      if (m) resolvePromise(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the fixture server exited with code ${code}`)));
  });
  return { url, stop: () => child.kill() };
}

/** Server scenarios against the fixture directly and through the gateway (stdio child, bearer added by a proxy). */
export async function runServerBoth(suite) {
  const direct = await startFixtureHttp();
  const gateway = await startGatewayProcess({
    config: { mcpServers: { fixture: { command: process.execPath, args: [FIXTURE] } } },
  });
  const proxy = await startBearerProxy(gateway);
  try {
    const [directResults, gatewayResults] = await Promise.all([
      runServerScenarios(suite, direct.url),
      runServerScenarios(suite, `${proxy.url}/mcp/fixture`),
    ]);
    return { direct: directResults, gateway: gatewayResults };
  } finally {
    await proxy.close();
    await gateway.stop();
    direct.stop();
  }
}

/** Markdown table rows for one run. */
function table(title, results, expected = {}) {
  const lines = [`### ${title}`, '', '| Scenario | Result | Notes |', '|---|---|---|'];
  for (const [name, r] of [...results].sort(([a], [b]) => a.localeCompare(b))) {
    const why = expected[name] ? `Expected to fail: ${expected[name]}` : r.notes.slice(0, 2).join('; ');
    lines.push(
      `| \`${name}\` | ${r.ok ? 'pass' : '**fail**'} (${r.passed} checks passed${r.failed ? `, ${r.failed} failed` : ''}${r.warnings ? `, ${r.warnings} warnings` : ''}) | ${why.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`,
    );
  }
  const passed = [...results.values()].filter((r) => r.ok).length;
  lines.splice(1, 0, '', `${passed} of ${results.size} scenarios pass.`);
  return lines.join('\n');
}

/** The expected-failure baseline (scenario → why) per suite version and kind. */
export async function expectedFailures() {
  return JSON.parse(await readFile(join(here, 'expected-failures.json'), 'utf8'));
}

/** Which scenarios of the pre-release line are about the 2026-07-28 protocol (leaving out the names in `except`). */
export function alphaScenarios(list, except = new Set()) {
  return list.client.filter((s) => s.versions.includes('2026-07-28') && !except.has(s.name)).map((s) => s.name);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const write = process.argv.includes('--write');
  const baseline = await expectedFailures();
  const sections = [];
  for (const version of [SUITE_VERSION, ALPHA_VERSION]) {
    const suite = await ensureSuite(version);
    const list = await listScenarios(suite);
    const clientNames = version === SUITE_VERSION ? list.client.map((s) => s.name) : alphaScenarios(list);
    const client = await runClientScenarios(suite, clientNames, {
      expectedToFail: Object.keys(baseline[version]?.client ?? {}),
    });
    const server = await runServerBoth(suite);
    const expected = baseline[version] ?? {};
    sections.push(
      table(
        `${version}: client scenarios (the dashboard as the client)${version === ALPHA_VERSION ? ' — those tagged 2026-07-28' : ''}`,
        client,
        expected.client,
      ),
      table(`${version}: server scenarios, fixture server directly`, server.direct, expected['server-direct']),
      table(
        `${version}: server scenarios, the same server through the gateway`,
        server.gateway,
        expected['server-gateway'],
      ),
    );
    process.stdout.write(`${sections.slice(-3).join('\n\n')}\n\n`);
  }
  if (write) {
    const stamp = new Date().toISOString().slice(0, 10);
    await writeFile(
      join(here, 'results.md'),
      `<!-- Written by \`node test/conformance-suite/run.mjs --write\` on ${stamp}; \`npm run conformance\` copies it into docs/conformance.md. -->\n\n${sections.join('\n\n')}\n`,
    );
    process.stdout.write('test/conformance-suite/results.md written\n');
  }
}
