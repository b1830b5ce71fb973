import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { POLICY_MATRIX } from '../../src/core/policy/matrix.js';
import { repoRoot } from '../support/gateway-process.mjs';

test('docs/policy.md shows exactly the matrix the engine implements (rows, order, decisions, remember scopes)', async () => {
  const text = await readFile(join(repoRoot, 'docs', 'policy.md'), 'utf8');
  const rows = text
    .split('\n')
    .filter((line) => /^\| [A-Z]\d+ \|/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  assert.deepEqual(
    rows.map(([id, decision, remember, when, why]) => ({
      id,
      decision: decision!.replace(/\*/g, ''),
      remember,
      when,
      why,
    })),
    POLICY_MATRIX.map((r) => ({
      id: r.id,
      decision: r.decision,
      remember: r.rememberable ? r.scopes.join(', ') : 'no',
      when: r.when,
      why: r.why,
    })),
  );
});
