#!/usr/bin/env node
// The benchmark runner behind "npm run bench": runs every bench/*.bench.mjs one after another (each
// starts and stops what it needs), checks each one's result against the contract in
// bench/README.md, and writes bench/results/latest.json, latest.md and one SVG per chart group.
//
//   npm run bench                      # everything → bench/results/latest.*
//   npm run bench -- startup tool-call # only these → bench/results/partial.*
//   BENCH_QUICK=1 npm run bench        # fewer samples (a smoke run; the report says so)
import { spawn, execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { checkResult, parseLastLine } from './lib/contract.mjs';
import { describeMachine } from './lib/machine.mjs';
import { formatValue, renderCharts, renderMarkdown } from './lib/report.mjs';
import { repoRoot } from '../test/support/gateway-process.mjs';

// BENCH_DIR / BENCH_RESULTS_DIR exist for the runner's own test (test/node/bench-runner.test.ts).
const benchDir = process.env.BENCH_DIR ?? join(repoRoot, 'bench');
const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(benchDir, 'results');
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);

async function gitCommit() {
  try {
    const run = promisify(execFile);
    const { stdout: head } = await run('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: repoRoot });
    const { stdout: status } = await run('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repoRoot });
    return `${head.trim()}${status.trim() ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

/** Runs one bench file; resolves with its checked result or an `error` saying what went wrong. */
function runBench(file) {
  const name = basename(file, '.bench.mjs');
  const started = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [file], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    let stdout = '';
    let stderrTail = '';
    let partialLine = '';
    child.stdout.on('data', (d) => (stdout += d.toString()));
    child.stderr.on('data', (d) => {
      const text = partialLine + d.toString();
      const lines = text.split('\n');
      partialLine = lines.pop();
      for (const line of lines) process.stderr.write(`[${name}] ${line}\n`);
      stderrTail = (stderrTail + d.toString()).slice(-2000);
    });
    const timer = setTimeout(() => {
      process.stderr.write(`[${name}] still running after ${TIMEOUT_MS / 1000} s; stopping it\n`);
      child.kill('SIGTERM');
    }, TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (partialLine) process.stderr.write(`[${name}] ${partialLine}\n`);
      const base = {
        bench: name,
        file: `bench/${basename(file)}`,
        durationMs: Date.now() - started,
        figures: [],
        absent: [],
      };
      let result;
      try {
        result = parseLastLine(stdout);
      } catch (error) {
        const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
        resolvePromise({
          ...base,
          error: `${name} ${how} and ${error.message}. Last stderr: ${stderrTail.trim().split('\n').slice(-3).join(' / ')}`,
        });
        return;
      }
      const problems = checkResult(result);
      if (problems.length > 0) {
        resolvePromise({ ...base, error: `${name} broke the output contract: ${problems.join('; ')}` });
        return;
      }
      if (code !== 0) {
        resolvePromise({ ...base, ...result, error: `${name} printed a result but exited with code ${code}` });
        return;
      }
      resolvePromise({ ...base, ...result, bench: result.bench });
    });
  });
}

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const all = (await readdir(benchDir)).filter((f) => f.endsWith('.bench.mjs')).sort();
const unknown = only.filter((name) => !all.includes(`${name}.bench.mjs`));
if (unknown.length > 0) {
  process.stderr.write(
    `bench: no bench named ${unknown.join(', ')}; there are: ${all.map((f) => basename(f, '.bench.mjs')).join(', ')}\n`,
  );
  process.exit(2);
}
const files = all.filter((f) => only.length === 0 || only.includes(basename(f, '.bench.mjs')));

const machine = await describeMachine();
const startedAt = new Date().toISOString();
process.stderr.write(
  `bench: ${files.length} benchmark(s) on ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.chromium}; load ${machine.loadAverage.join(' ')}\n`,
);

const benches = [];
for (const file of files) {
  process.stderr.write(`bench: running ${file}\n`);
  benches.push(await runBench(join(benchDir, file)));
}

const partial = files.length !== all.length;
const quick = process.env.BENCH_QUICK === '1';
const results = {
  schema: 1,
  command: `npm run bench${only.length ? ` -- ${only.join(' ')}` : ''}${quick ? ' (BENCH_QUICK=1)' : ''}`,
  startedAt,
  finishedAt: new Date().toISOString(),
  commit: await gitCommit(),
  partial,
  quick,
  machine,
  loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
  benches,
};

await mkdir(resultsDir, { recursive: true });
// BENCH_MERGE=1 with named benches: their results replace (or join) those in latest.* — the rest of the report,
// its machine and commit stay as they were, and the merged benches are named with their own commit and time.
if (partial && process.env.BENCH_MERGE === '1') {
  const latest = JSON.parse(await readFile(join(resultsDir, 'latest.json'), 'utf8'));
  const names = new Set(benches.map((b) => b.bench));
  latest.benches = [...latest.benches.filter((b) => !names.has(b.bench)), ...benches];
  latest.merged = [
    ...(latest.merged ?? []).filter((m) => !names.has(m.bench)),
    ...benches.map((b) => ({
      bench: b.bench,
      commit: results.commit,
      at: results.finishedAt,
      load: results.loadAverageAtEnd,
    })),
  ];
  Object.assign(results, latest, { partial: false });
}
const stem = partial && process.env.BENCH_MERGE !== '1' ? 'partial' : 'latest';
await writeFile(join(resultsDir, `${stem}.json`), `${JSON.stringify(results, null, 2)}\n`);
const chartPrefix = stem === 'partial' ? 'partial-' : '';
await writeFile(join(resultsDir, `${stem}.md`), renderMarkdown(results, { chartPrefix }));
for (const [name, svg] of renderCharts(results)) await writeFile(join(resultsDir, `${chartPrefix}${name}`), svg);

// The figures, printed.
for (const bench of benches) {
  process.stdout.write(`\n${bench.title ?? bench.bench}\n`);
  if (bench.error) process.stdout.write(`  FAILED: ${bench.error}\n`);
  for (const f of bench.figures) {
    const baseline = f.baseline
      ? `   (baseline ${formatValue(f.baseline.value)} ${f.baseline.unit}: ${f.baseline.label})`
      : '';
    process.stdout.write(`  ${f.label.padEnd(64)} ${formatValue(f.value).padStart(10)} ${f.unit}${baseline}\n`);
  }
  for (const e of bench.errors ?? []) process.stdout.write(`  (did not complete: ${e.label} — ${e.reason})\n`);
  for (const a of bench.absent ?? []) process.stdout.write(`  (not measured: ${a.label} — ${a.reason})\n`);
}
process.stdout.write(`\nWrote ${join(resultsDir, `${stem}.json`)} and ${stem}.md\n`);
if (benches.some((b) => b.error)) process.exitCode = 1;
