import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../support/gateway-process.mjs';
import { generate, rulesIn } from '../conformance/generate.mjs';

test('docs/conformance.md matches the test titles (run "npm run conformance" after adding or renaming rule tests)', async () => {
  const committed = await readFile(join(repoRoot, 'docs/conformance.md'), 'utf8');
  const fresh = await generate();
  assert.equal(committed, fresh, 'docs/conformance.md is stale: run "npm run conformance" and commit the result');
});

test('rule IDs are read from titles, including shorthand after a slash', () => {
  assert.deepEqual(rulesIn('MCP-WP-3.4.2 / 17.3.2 cleans up'), ['MCP-WP-3.4.2', 'MCP-WP-17.3.2']);
  assert.deepEqual(rulesIn('MCP-WP-7.1.2a shows hints'), ['MCP-WP-7.1.2a']);
  assert.deepEqual(rulesIn('no rule here'), []);
});
