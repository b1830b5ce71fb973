// The config keys of shared servers and the children cap ("shared", "maxChildren", dashboard.maxChildrenPerServer),
// and the path of the cap's refusal to the card: the gateway's 503 body, as the SDK reports it, becomes an MCPError
// whose message is the gateway's own words (what the card shows).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { configProblems } from '../../src/core/shared/config/config-validate.js';
import { importConfig } from '../../src/core/shared/config/config-import.js';
import { toMCPError } from '../../src/core/bridge/mcp-error.js';
import { sessionCapMessage } from '../../gateway/src/relay/route-answers.js';

const stdio = { command: 'srv' };

test('"shared", "maxChildren" and "maxChildrenPerServer" are accepted; contradictions and bad values are refused, naming the key', () => {
  assert.deepEqual(
    configProblems({
      mcpServers: { a: { ...stdio, shared: true }, b: { ...stdio, maxChildren: 4 } },
      dashboard: { maxChildrenPerServer: 32 },
    }),
    [],
  );
  const both = configProblems({ mcpServers: { a: { ...stdio, shared: true, single: true } } });
  assert.match(both.join('\n'), /at \/mcpServers\/a: "shared" and "single" cannot both be true/);
  const capped = configProblems({ mcpServers: { a: { ...stdio, shared: true, maxChildren: 3 } } });
  assert.match(capped.join('\n'), /at \/mcpServers\/a\/maxChildren: a "shared" server runs one process/);
  assert.match(configProblems({ mcpServers: { a: { ...stdio, maxChildren: 0 } } }).join('\n'), /maxChildren/);
  assert.match(
    configProblems({ mcpServers: { a: { ...stdio, shared: 'yes' } } }).join('\n'),
    /shared: must be a boolean/,
  );
  assert.match(
    configProblems({ mcpServers: {}, dashboard: { maxChildrenPerServer: 1.5 } }).join('\n'),
    /maxChildrenPerServer/,
  );
});

test('a config written for another client keeps "shared" and "maxChildren" without a warning', () => {
  const imported = importConfig({ mcpServers: { a: { ...stdio, shared: true, maxChildren: 2 } } }, 'c.json');
  assert.deepEqual(imported.config.mcpServers.a, { command: 'srv', shared: true, maxChildren: 2 });
  assert.deepEqual(imported.warnings, []);
});

test('the refusal at the children cap reaches the card in the gateway\u2019s words', () => {
  const message = sessionCapMessage('files', 'children', 16);
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } });
  const error = toMCPError(new Error(`Error POSTing to endpoint: ${body}`), { serverName: 'files' });
  assert.equal(error.message, message);
  assert.match(
    error.message,
    /all 16 it may run \("maxChildren" in the config\) are in use, so this tab is not connected/,
  );
  assert.match(error.message, /Close dashboard tabs you no longer use/);
});
