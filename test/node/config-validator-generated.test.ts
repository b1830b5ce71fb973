// The config file's validator is generated at build time from its schema. The committed file must be what the
// generator makes from the schema as it is now, or gateways and the Servers screen check an old config shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CONFIG_VALIDATOR_PATH, generateConfigValidator } from '../../scripts/gen-config-validator.js';

test('the committed config validator is generated from the current schema (else: npm run gen:validators)', () => {
  const committed = readFileSync(CONFIG_VALIDATOR_PATH, 'utf8');
  assert.equal(
    committed,
    generateConfigValidator(),
    `${CONFIG_VALIDATOR_PATH} is out of date: run npm run gen:validators`,
  );
  assert.doesNotMatch(committed, /require\(/, 'a plain ES module, with no CommonJS require');
});
