// The Node suite (`npm run test:node`): every test/node/*.test.ts and gateway/src/**/*.test.ts file, in its own
// process, NODE_TEST_CONCURRENCY (3) at a time, TAP on stdout, exit code 1 when a test fails. Files named on the
// command line run instead, in that order.
//
// `node --test` would sort the files by name, which puts the files that drive a browser (all the e2e-* ones) in a
// row: the cores are saturated while they run and half idle afterwards, while the gateway files wait on processes,
// back-offs and time limits. This runner gives the same files in an order that mixes the two kinds, longest first
// (docs/decisions/tests-suite-time.md).
import { createWriteStream, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { repoRoot } from './gateway-process.mjs';
import nodeTimingReporter from './node-timing-reporter.mjs';

/** A file that starts a browser (Chromium through Playwright, or Firefox): most of a test's CPU is the browser's. */
const DRIVES_A_BROWSER = /from '(playwright-core|puppeteer-core)'|served-dashboard|firefox/;

/** Every `*.test.ts` under `dir`, recursively, sorted by path. */
function testFiles(dir, recursive) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && recursive) found.push(...testFiles(path, true));
    else if (entry.isFile() && entry.name.endsWith('.test.ts')) found.push(path);
  }
  return found.sort();
}

/** Measured seconds per file (test/node/suite-weights.json); 2 s for a file not listed. */
const WEIGHTS = JSON.parse(readFileSync(join(repoRoot, 'test', 'node', 'suite-weights.json'), 'utf8')).seconds;
const weight = (file) => WEIGHTS[relative(repoRoot, file)] ?? 2;

/**
 * Longest first within each kind, so the short ones fill the end; the browser files spread evenly in time among the
 * others: the next file is a browser file while the browser files so far have taken no more than their share of
 * the time so far.
 */
export function suiteOrder(files) {
  const byWeight = (a, b) => weight(b) - weight(a) || a.localeCompare(b);
  const heavy = files.filter((f) => DRIVES_A_BROWSER.test(readFileSync(f, 'utf8'))).sort(byWeight);
  const light = files.filter((f) => !heavy.includes(f)).sort(byWeight);
  const sum = (list) => list.reduce((total, f) => total + weight(f), 0);
  const share = sum(heavy) / (sum(heavy) + sum(light) || 1);
  const ordered = [];
  let heavyTime = 0;
  let allTime = 0;
  while (heavy.length || light.length) {
    const takeHeavy = heavy.length > 0 && (light.length === 0 || heavyTime <= share * allTime);
    const file = (takeHeavy ? heavy : light).shift();
    if (takeHeavy) heavyTime += weight(file);
    allTime += weight(file);
    ordered.push(file);
  }
  return ordered;
}

const named = process.argv.slice(2);
const files = named.length
  ? named.map((f) => resolve(f))
  : suiteOrder([
      ...testFiles(join(repoRoot, 'test', 'node'), false),
      ...testFiles(join(repoRoot, 'gateway', 'src'), true),
    ]);
if (process.env.NODE_SUITE_ORDER === '1') {
  for (const file of files) console.log(relative(repoRoot, file));
  process.exit(0);
}

const stream = run({
  files,
  concurrency: Number(process.env.NODE_TEST_CONCURRENCY ?? 3),
  timeout: 600_000,
});
stream.on('test:fail', () => {
  process.exitCode = 1;
});
// NODE_TIMINGS=<file>: each file's wall time as a JSON line too (`node test/support/test-times.mjs <file> --weights`
// turns them into test/node/suite-weights.json). Each reporter reads its own copy of the events.
const copy = () => stream.pipe(new PassThrough({ objectMode: true }));
copy().compose(tap).pipe(process.stdout);
if (process.env.NODE_TIMINGS) copy().compose(nodeTimingReporter).pipe(createWriteStream(process.env.NODE_TIMINGS));
