import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shownCapabilities } from '../../widgets/server-panel/capabilities.js';

// Issue 30: the Overview listed the Python SDK's empty `experimental: {}` as a capability.
test('the Overview names declared capabilities, not an empty experimental map', () => {
  // What a Python-SDK (1.x) server declares: experimental is always there, empty.
  assert.deepEqual(shownCapabilities({ experimental: {}, tools: { listChanged: false }, prompts: {} }), [
    'tools',
    'prompts',
  ]);
  // An experimental map that names something is shown; an empty `tools: {}` is still a declaration.
  assert.deepEqual(shownCapabilities({ experimental: { 'x-trace': {} }, tools: {} }), ['experimental', 'tools']);
  assert.deepEqual(shownCapabilities(undefined), []);
  assert.deepEqual(shownCapabilities({ logging: null, resources: false }), []);
});
