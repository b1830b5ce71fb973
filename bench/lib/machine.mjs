// What machine a benchmark run happened on: CPU, cores, memory, load, OS, Node, Chromium, and the
// versions of the packages whose speed the figures depend on.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromePath } from '../../test/support/chrome.mjs';
import { repoRoot } from '../../test/support/gateway-process.mjs';

const run = promisify(execFile);

const PACKAGES = [
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/node',
  'lit',
  'vite',
  'playwright-core',
];

async function packageVersion(name) {
  try {
    return JSON.parse(await readFile(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** "Chromium 142.0.7444.175 built on Debian …", or the reason it could not be asked. */
export async function chromiumVersion() {
  try {
    const { stdout } = await run(chromePath(), ['--version'], { timeout: 15_000 });
    return stdout.trim();
  } catch (error) {
    return `unknown (${error.message.split('\n')[0]})`;
  }
}

/** A description of this machine, for the report. */
export async function describeMachine() {
  const cpus = os.cpus();
  const versions = {};
  for (const name of PACKAGES) versions[name] = await packageVersion(name);
  return {
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    cpuMHz: cpus[0]?.speed ?? null,
    cores: os.availableParallelism?.() ?? cpus.length,
    memoryGiB: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    chromium: await chromiumVersion(),
    loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))),
    packages: versions,
  };
}
