// web-test-runner reporter: with WTR_TIMINGS=<file>, appends one JSON line per test file — its wall time from
// the session's start to its end, the time inside its tests (the rest is page load and hooks), and its counts.
// What docs/decisions/tests-suite-time.md measured; `node test/support/test-times.mjs <file>` sums it up.
import { appendFileSync, writeFileSync } from 'node:fs';

/** Passed, failed and in-test milliseconds of a mocha suite tree as web-test-runner reports it. */
function tally(suite, into = { pass: 0, fail: 0, testsMs: 0 }) {
  for (const test of suite?.tests ?? []) {
    if (test.passed) into.pass += 1;
    else if (!test.skipped) into.fail += 1;
    into.testsMs += test.duration ?? 0;
  }
  for (const child of suite?.suites ?? []) tally(child, into);
  return into;
}

export function timingReporter({ file = process.env.WTR_TIMINGS } = {}) {
  const started = new Map();
  return {
    start({ sessions, startTime }) {
      if (!file) return;
      writeFileSync(file, '');
      sessions.on('session-status-updated', (session) => {
        if (session.status === 'INITIALIZING') started.set(session.id, Date.now());
        if (session.status !== 'FINISHED') return;
        const { pass, fail, testsMs } = tally(session.testResults);
        const line = {
          file: session.testFile.replace(`${process.cwd()}/`, ''),
          group: session.group?.name,
          ms: Date.now() - (started.get(session.id) ?? startTime),
          testsMs: Math.round(testsMs),
          end: Date.now() - startTime,
          pass,
          fail: fail + (session.errors?.length ?? 0),
        };
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      });
    },
  };
}
