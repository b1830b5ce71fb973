// The widget contract's validator is generated at build time from its schema. The committed
// file must be what the generator makes from the schema as it is now, or pages check an old contract.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateWidgetContractValidator, GENERATED_PATH } from '../../scripts/gen-widget-contract.js';

test('the committed widget-contract validator is generated from the current schema (else: npm run gen:contract)', () => {
  const committed = readFileSync(GENERATED_PATH, 'utf8');
  assert.equal(
    committed,
    generateWidgetContractValidator(),
    `${GENERATED_PATH} is out of date: run npm run gen:contract`,
  );
  assert.doesNotMatch(committed, /require\(/, 'the page gets a plain ES module, with no CommonJS require');
});
