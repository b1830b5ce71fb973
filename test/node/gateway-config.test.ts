import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseConfig, readConfig, ConfigFileError } from '../../gateway/src/config/config.js';
import { runGatewayToExit, startGatewayProcess } from '../support/gateway-process.mjs';

function problems(text: string): string[] {
  try {
    parseConfig(text, '/etc/my.json');
  } catch (error) {
    assert.ok(error instanceof ConfigFileError);
    return error.problems;
  }
  assert.fail('expected a ConfigFileError');
}

describe('config validation', () => {
  test('accepts the stdio and http shapes of Claude Desktop', () => {
    const config = parseConfig(
      JSON.stringify({
        mcpServers: {
          a: { command: 'x', args: ['1'], env: { K: 'v' }, cwd: '.' },
          b: { url: 'https://h/mcp', headers: { A: 'b' } },
        },
        globalShortcut: 'x',
      }),
      'f',
    );
    assert.deepEqual(Object.keys(config.mcpServers), ['a', 'b']);
  });

  test('names the JSON path and what is wrong', () => {
    assert.deepEqual(problems('{"mcpServers": {"a": {"command": "x", "args": [1]}}}'), [
      'at /mcpServers/a/args/0: must be a string',
    ]);
    // An unknown per-server key is a warning, never an error (configs written for other clients carry many): see config-import.test.ts.
    assert.deepEqual(readConfig('{"mcpServers": {"a": {"command": "x", "arg": []}}}', '/etc/my.json').warnings, [
      '/etc/my.json: ignoring "arg" (server "a"): the dashboard does not know this key.',
    ]);
    assert.match(
      problems('{"mcpServers": {"a": {"args": []}}}')[0]!,
      /at \/mcpServers\/a: missing required key "command"/,
    );
    assert.deepEqual(problems('{"mcpServers": {"a": {"url": "ftp://x"}}}'), [
      'at /mcpServers/a/url: must be an http:// or https:// URL',
    ]);
    assert.deepEqual(problems('{"mcpServers": {"a": {"command": ""}}}'), [
      'at /mcpServers/a/command: must not be empty',
    ]);
    assert.deepEqual(problems('{"clients": {}}'), [
      'at (top level): missing required key "mcpServers" (a config lists its servers in "mcpServers", or in "servers" as VS Code does)',
    ]);
    assert.deepEqual(problems('{"mcpServers": {"a": {"command": "x", "env": {"K": 1}}}}'), [
      'at /mcpServers/a/env/K: must be a string',
    ]);
    assert.match(
      problems('{"mcpServers": {"bad name/..": {"command": "x"}}}')[0]!,
      /server name "bad name\/\.\." is not allowed/,
    );
  });

  test('reports invalid JSON with line and column', () => {
    const [problem] = problems('{\n  "mcpServers": {\n    "a": { "command": "x" "args": [] }\n  }\n}');
    assert.match(problem!, /not valid JSON \(line 3, column \d+\)/);
  });

  test('the CLI stops on a bad file with the file, the path and the problem — no stack trace', async () => {
    const gw = startGatewayProcess({ rawConfigText: '{"mcpServers": {"a": {"command": 42}}}' });
    await assert.rejects(gw, (error: Error & { code?: number; stderr?: string }) => {
      assert.equal(error.code, 1);
      assert.match(error.stderr!, /Config error in \/.*config\.json/);
      assert.match(error.stderr!, /at \/mcpServers\/a\/command: must be a string/);
      assert.doesNotMatch(error.stderr!, /\n\s+at .+\(.+:\d+:\d+\)/);
      return true;
    });
  });

  test('the CLI explains a missing config file and bad flags', async () => {
    const missing = await runGatewayToExit(['--config', '/nonexistent/x.json', '--no-open']);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /cannot read the config file: the file does not exist/);
    const badPort = await runGatewayToExit(['--port', 'abc', '--no-open']);
    assert.equal(badPort.code, 2);
    assert.match(badPort.stderr, /--port must be a whole number/);
    const badOrigin = await runGatewayToExit(['--allow-origin', 'http://evil.example', '--no-open']);
    assert.equal(badOrigin.code, 2);
    assert.match(badOrigin.stderr, /must be a loopback origin/);
  });
});
