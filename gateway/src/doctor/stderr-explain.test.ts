import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { explainingLines, lastRunLines } from './stderr-explain.js';

// What a card shows of a stopped server's stderr: the lines that say what went wrong, not the stack.

describe('explaining lines of stderr', () => {
  test('Python: the exception line, not the traceback frames or their code', () => {
    const stderr = [
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/site-packages/mcp_server_git/server.py", line 88, in serve',
      '    repo = git.Repo(repository)',
      '  File "/usr/lib/python3/site-packages/git/repo/base.py", line 276, in __init__',
      '    raise NoSuchPathError(epath)',
      'git.exc.NoSuchPathError: /home/me/no-such-repo',
    ];
    assert.deepEqual(explainingLines(stderr), ['git.exc.NoSuchPathError: /home/me/no-such-repo']);
  });

  test('Node: the cause comes first, the stack lines after it are left out', () => {
    const stderr = [
      'Redis connection error: connect ECONNREFUSED 127.0.0.1:6399',
      'Max retries reached',
      'Error: Max retries reached',
      '    at RedisSocket.retry (/srv/node_modules/@redis/client/dist/lib/client/socket.js:12:9)',
      '    at RedisSocket.connect (/srv/node_modules/@redis/client/dist/lib/client/socket.js:40:3)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '',
      'Node.js v20.20.2',
    ];
    assert.deepEqual(explainingLines(stderr), [
      'Redis connection error: connect ECONNREFUSED 127.0.0.1:6399',
      'Max retries reached',
      'Error: Max retries reached',
    ]);
  });

  test('no line names an error: the last lines that are not frames', () => {
    assert.deepEqual(explainingLines(['starting', 'listening on stdio', 'bye'], 2), ['listening on stdio', 'bye']);
    // A version banner is not an error; an errno code is one.
    assert.deepEqual(explainingLines(['starting notes-server 1.2.0', 'connect EHOSTUNREACH']), [
      'connect EHOSTUNREACH',
    ]);
    assert.deepEqual(explainingLines([]), []);
  });

  test('two processes of one server writing at once: the explanation ends where the second run starts over', () => {
    const stderr = [
      'starting notes-server 1.2.0',
      'starting notes-server 1.2.0',
      'Error: NOTES_API_KEY is not set',
      '    set it in the "env" of this server',
      'starting notes-server 1.2.0',
      'Error: NOTES_API_KEY is not set',
    ];
    assert.deepEqual(explainingLines(stderr), [
      'Error: NOTES_API_KEY is not set',
      '    set it in the "env" of this server',
    ]);
  });

  test("only the last process's lines count, without the gateway's notes", () => {
    const buffer = [
      '[gateway 2026-11-28T10:00:00.000Z] started (pid 10)',
      'Error: old failure',
      '[gateway 2026-11-28T10:00:01.000Z] exited with code 3',
      '[gateway 2026-11-28T10:00:02.000Z] started (pid 11)',
      'starting notes-server 1.2.0',
      'Error: NOTES_API_KEY is not set',
      '[gateway 2026-11-28T10:00:03.000Z] exited with code 3',
    ];
    assert.deepEqual(lastRunLines(buffer), ['starting notes-server 1.2.0', 'Error: NOTES_API_KEY is not set']);
    assert.deepEqual(lastRunLines(['no note yet']), ['no note yet']);
  });
});
