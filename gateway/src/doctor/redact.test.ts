import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pageSafeProblem, redactorFor } from './redact.js';
import { exitProblem } from './diagnoses.js';

// What the page may read of a server's config: secrets by what they are; the server's own words otherwise as written.

const stdio = {
  command: '/opt/tools/bin/git-server',
  args: [
    '--repository',
    '/home/me/no-such-repo',
    '--api-key',
    'sk-live-4242',
    '--token=tok-abcdef',
    'postgresql://app:pa%24%24word@db.internal:5432/shop?sslkey=/keys/k.pem',
  ],
  env: { OPENAI_API_KEY: 'sk-env-777777', MODE: 'production' },
};

describe('redaction by what a secret is', () => {
  test('a stdio server: env values, secret-named flags and URL credentials and queries are hidden; paths are not', () => {
    const { theirs } = redactorFor(stdio);
    const line = theirs(
      'git.exc.NoSuchPathError: /home/me/no-such-repo (key sk-live-4242, tok-abcdef, env sk-env-777777, production)',
    );
    assert.equal(
      line,
      'git.exc.NoSuchPathError: /home/me/no-such-repo (key <value of --api-key>, <value of --token>, env <env OPENAI_API_KEY>, <env MODE>)',
    );
    const url = theirs('connecting to postgresql://app:pa%24%24word@db.internal:5432/shop?sslkey=/keys/k.pem');
    assert.equal(url, 'connecting to postgresql://<credentials>@db.internal:5432/shop?<query>');
    assert.equal(theirs('password authentication failed: pa$$word'), 'password authentication failed: <password>');
    assert.equal(theirs('site-packages/mcp_server_git/server.py'), 'site-packages/mcp_server_git/server.py');
  });

  test('a remote server: header values and the URL query and user-info are hidden; its path is shown', () => {
    const { theirs } = redactorFor({
      url: 'https://me:hunter22@mcp.example/v1/mcp?key=k-123456',
      headers: { Authorization: 'Bearer abc.def.ghi' },
    });
    assert.equal(
      theirs('GET https://me:hunter22@mcp.example/v1/mcp?key=k-123456 with Bearer abc.def.ghi'),
      'GET https://<credentials>@mcp.example/v1/mcp?<query> with <header Authorization>',
    );
    assert.equal(theirs('token abc.def.ghi expired'), 'token <header Authorization> expired');
  });

  test('an argument is left out where it stands as a word, never from inside another word', () => {
    const redact = redactorFor({ command: '/usr/bin/node', args: ['server.mjs', 'late'] });
    assert.equal(
      redact('catalog: listed 0 resource templates; started node server.mjs late'),
      'catalog: listed 0 resource templates; started node <argument> <argument>',
    );
    assert.equal(redact('running /usr/bin/node /srv/server.mjs'), 'running node /srv/<argument>');
  });

  test("the gateway's own words name the command by its base name and leave arguments out; the server's lines keep them", () => {
    const redact = redactorFor(stdio);
    assert.equal(
      redact('exited (/opt/tools/bin/git-server --repository /home/me/no-such-repo)'),
      'exited (git-server <argument> <argument>)',
    );
    const full = exitProblem(
      { name: 'git', configFile: '/home/me/mcp.json' },
      stdio.command,
      { code: 1, signal: null },
      [
        'Traceback (most recent call last):',
        '  File "/usr/lib/python3/site-packages/mcp_server_git/server.py", line 88, in serve',
        '    repo = git.Repo(repository)',
        'git.exc.NoSuchPathError: /home/me/no-such-repo',
        'sk-env-777777',
      ],
      'before it answered "initialize"',
    );
    const shown = pageSafeProblem(full, redact);
    assert.match(shown.message, /^"git-server" exited with code 1/);
    assert.deepEqual(shown.details.stderrTail, [
      'git.exc.NoSuchPathError: /home/me/no-such-repo',
      '<env OPENAI_API_KEY>',
    ]);
    assert.doesNotMatch(JSON.stringify(shown), /sk-env-777777|\/opt\/tools/);
  });
});
