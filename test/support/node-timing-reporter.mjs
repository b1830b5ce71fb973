// node:test reporter for measuring the suite: one JSON line per test file — the wall time of its process and
// its test counts. `node --import tsx --test --test-reporter=spec --test-reporter-destination=stdout
// --test-reporter=./test/support/node-timing-reporter.mjs --test-reporter-destination=times.jsonl …`;
// `node test/support/test-times.mjs times.jsonl` sums it up (docs/decisions/tests-suite-time.md).
import { relative } from 'node:path';

export default async function* nodeTimingReporter(source) {
  const files = new Map();
  const of = (file) => {
    if (!files.has(file)) files.set(file, { file: relative(process.cwd(), file), ms: 0, pass: 0, fail: 0 });
    return files.get(file);
  };
  for await (const event of source) {
    const { file, name, details, nesting } = event.data ?? {};
    if (!file) continue;
    // The file itself is the outermost test: its duration is its process's.
    if (event.type === 'test:complete' && name === file && nesting === 0)
      of(file).ms = Math.round(details?.duration_ms ?? 0);
    else if (event.type === 'test:pass' && details?.type !== 'suite') of(file).pass += 1;
    else if (event.type === 'test:fail' && details?.type !== 'suite') of(file).fail += 1;
  }
  for (const line of files.values()) yield `${JSON.stringify(line)}\n`;
}
