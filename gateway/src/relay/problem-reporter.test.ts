import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { exitProblem, listErrorLine, sessionLostProblem } from '../doctor/diagnoses.js';
import { redactorFor } from '../doctor/redact.js';
import { ProblemReporter } from './problem-reporter.js';

// One server's problem reporting and redaction, without the router they serve.

const site = { name: 'files', configFile: '/home/me/mcp.json' };
const config = { command: '/opt/tools/bin/files-server', args: ['--root', '/home/me/secret-project'] };

function reporter() {
  const printed: string[] = [];
  const notes: string[] = [];
  let failures = 0;
  const problems = new ProblemReporter({
    site,
    url: undefined,
    auth: () => undefined,
    redact: redactorFor(config),
    note: (line) => notes.push(line),
    print: (line) => printed.push(line),
    failed: () => (failures += 1),
  });
  return { problems, printed, notes, failures: () => failures };
}

describe('problem reporter', () => {
  test('the page gets the problem redacted (command by its base name, no arguments); the terminal line keeps everything', () => {
    const { problems, printed, notes } = reporter();
    const full = exitProblem(site, config.command, { code: 2, signal: null }, [], 'before it answered "initialize"');
    const shown = problems.report(full);

    assert.match(shown.message, /"files-server" exited with code 2/);
    assert.doesNotMatch(JSON.stringify(shown), /\/opt\/tools|secret-project/);
    assert.deepEqual(problems.problem, shown);
    assert.equal(problems.lastError, shown.message);
    assert.equal(printed.length, 1);
    assert.match(printed[0]!, /\/opt\/tools\/bin\/files-server/);
    assert.deepEqual(notes, [`spawn: ${shown.message}`]);
  });

  test('a problem is printed once until it changes or is fixed; only a failing server counts toward the backoff', () => {
    const { problems, printed, failures } = reporter();
    const exited = exitProblem(site, config.command, { code: 1, signal: null }, [], 'while handling "ping"');
    problems.report(exited);
    problems.report(exited);
    assert.equal(printed.length, 1, 'the same problem again is not printed again');
    assert.equal(failures(), 2, 'each exit counts');

    problems.report(sessionLostProblem(site, 'https://mcp.example/mcp', 'it answered HTTP 404 for the session'));
    assert.equal(printed.length, 2);
    assert.equal(failures(), 2, 'a lost session is not the server failing');

    problems.recovered();
    assert.equal(problems.problem, null);
    assert.equal(problems.lastError, null);
    problems.report(exited);
    assert.equal(printed.length, 3, 'after a recovery the same problem is news again');
  });

  test('an exit noted without a diagnosis is redacted too, and a start clears it', () => {
    const { problems } = reporter();
    problems.noteError(`exited with code 1 (${config.command} --root /home/me/secret-project)`);
    assert.equal(problems.lastError, 'exited with code 1 (files-server <argument> <argument>)');
    problems.clearError();
    assert.equal(problems.lastError, null);
  });

  test('a list a running server refused is told at the terminal once, until the server recovers; nothing counts as failing', () => {
    const { problems, printed, failures } = reporter();
    const line = listErrorLine(site, 'resources/list', -32603, 'MCP error -32603: password authentication failed.');
    assert.equal(
      line,
      'mcp-dashboard: server "files" [resources/list]: it is running but answered "resources/list" with JSON-RPC error -32603: password authentication failed. Fix what it says (often arguments or environment in "mcpServers.files" in /home/me/mcp.json), then press Reconnect.\n',
    );
    problems.tell(line);
    problems.tell(line);
    assert.deepEqual(printed, [line], 'a catalog retry does not print it again');
    assert.equal(problems.problem, null, 'the card keeps its own list error: no connection problem');
    assert.equal(failures(), 0);
    problems.recovered();
    problems.tell(line);
    assert.equal(printed.length, 2, 'after a recovery the same refusal is news again');
  });
});
