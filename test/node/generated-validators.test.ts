// Validators generated at build time from their schemas (ajv standalone). A committed file must be what its
// generator makes from the schema as it is now, or pages check an old widget contract and gateways an old config.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateWidgetContractValidator, GENERATED_PATH } from '../../scripts/gen-widget-contract.js';
import { CONFIG_VALIDATOR_PATH, generateConfigValidator } from '../../scripts/gen-config-validator.js';

const GENERATED = [
  { what: 'widget-contract', path: GENERATED_PATH, generate: generateWidgetContractValidator },
  { what: 'config', path: CONFIG_VALIDATOR_PATH, generate: generateConfigValidator },
];

for (const { what, path, generate } of GENERATED)
  test(`the committed ${what} validator is generated from the current schema (else: npm run gen:validators)`, () => {
    const committed = readFileSync(path, 'utf8');
    assert.equal(committed, generate(), `${path} is out of date: run npm run gen:validators`);
    assert.doesNotMatch(committed, /require\(/, 'a plain ES module, with no CommonJS require');
  });
