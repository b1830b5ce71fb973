import { test } from 'node:test';
import assert from 'node:assert/strict';
import { failureBlocks } from '../support/failure-summary.mjs';

// What .ci/run prints again at the end of a failed `npm test`: the failing tests of both runners, with the
// lines their runner printed under them, read through concurrently's prefixes and colour codes.

const log = [
  '[node] # Subtest: outer',
  '[node]     # Subtest: fine',
  '[node]     ok 1 - fine',
  '[node]     # Subtest: broken relay',
  '[node]     not ok 2 - broken relay',
  '[node]       ---',
  "[node]       error: 'Expected values to be strictly equal'",
  '[node]       ...',
  '[node] ok 3 - later',
  '[browser] test/browser/theme.test.ts:',
  '[browser]',
  '[browser]  \u001b[31m❌ theme > follows the system\u001b[39m',
  '[browser]       AssertionError: expected dark',
  '[browser]         at theme.test.ts:12:3',
  '[browser]  ❌ theme > second',
  '[browser]       Error: timeout',
  '[node]     # Subtest: printed between',
  '[browser] Chromium: 52 passed, 2 failed',
].join('\n');

test('a failed npm test log yields each failing test and its error, from both runners', () => {
  const blocks = failureBlocks(log);
  assert.equal(blocks.length, 3);
  assert.match(blocks[0][0], /not ok 2 - broken relay/);
  assert.ok(blocks[0].some((l) => l.includes('strictly equal')));
  assert.ok(!blocks[0].some((l) => l.includes('later')), 'the TAP block ends at its "..."');
  assert.match(blocks[1][0], /❌ theme > follows the system/);
  assert.ok(blocks[1].some((l) => l.includes('AssertionError: expected dark')));
  assert.ok(!blocks[1].some((l) => l.includes('second')), 'the next ❌ starts its own block');
  assert.ok(blocks[2].some((l) => l.includes('Error: timeout')));
  assert.ok(!blocks[2].some((l) => l.includes('printed between')), "the other runner's lines are not part of it");
  assert.ok(!blocks[2].some((l) => l.includes('passed')), 'the summary line is not part of the failure');
});

test('a passing log has no failures', () => {
  assert.deepEqual(failureBlocks('[node] ok 1 - a\n[browser] Chromium: 3 passed, 0 failed'), []);
});
