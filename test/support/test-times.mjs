// Sums up the JSON lines of test/support/node-timing-reporter.mjs or wtr-timing-reporter.mjs: total, counts,
// and the slowest files. `node test/support/test-times.mjs <times.jsonl> [how many, default 10]`; with `--weights`
// (Node suite times) it writes them, in seconds, to test/node/suite-weights.json for test/support/run-node-suite.mjs.
import { readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const weights = args.includes('--weights');
const [file, top = '10'] = args.filter((a) => a !== '--weights');
if (!file) throw new Error('usage: node test/support/test-times.mjs <times.jsonl> [top]');
const rows = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const sum = (key) => rows.reduce((n, r) => n + (r[key] ?? 0), 0);
const span = Math.max(0, ...rows.map((r) => r.end ?? 0));
process.stdout.write(
  `${rows.length} files, ${sum('pass')} passed, ${sum('fail')} failed; file times add up to ${(sum('ms') / 1000).toFixed(0)} s` +
    `${span ? `, last file ended at ${(span / 1000).toFixed(0)} s` : ''}\n`,
);
for (const r of [...rows].sort((a, b) => b.ms - a.ms).slice(0, Number(top)))
  process.stdout.write(`${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.file}\n`);
if (weights) {
  const path = new URL('../node/suite-weights.json', import.meta.url);
  const table = JSON.parse(readFileSync(path, 'utf8'));
  table.seconds = Object.fromEntries(
    rows
      .filter((r) => r.ms >= 3000)
      .sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file))
      .map((r) => [r.file, Math.round(r.ms / 1000)]),
  );
  writeFileSync(path, `${JSON.stringify(table, null, 2)}\n`);
}
