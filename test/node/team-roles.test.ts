import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decideTeamRequest,
  isTeamAdmin,
  matchesPattern,
  rolesForGroups,
  type TeamRole,
} from '../../src/core/shared/team/roles.js';
import { teamRolesProblems } from '../../src/core/shared/team/roles-validate.js';
import { teamConfigProblems } from '../../src/core/shared/team/team-config.js';

// The team roles table (issue 26): what each member's groups grant, decided exactly as the gateway will
// decide every relayed message in team mode, and the table's own problems, as an admin would read them.

const ROLES: TeamRole[] = [
  { name: 'ops', groups: ['ops'], admin: true, servers: { '*': { tools: '*' } } },
  {
    name: 'eng',
    groups: ['eng', 'contractors'],
    servers: {
      everything: { tools: ['get-sum', 'read_*'], resources: ['demo://resource/static/*'], prompts: [] as never },
      'mcplet-demo': { mcpletTypes: ['read'] },
    },
  },
];
// `prompts: []` is not a valid table (at least one item); the decision tests use a valid copy.
const roles: TeamRole[] = ROLES.map((r) =>
  r.name === 'eng'
    ? {
        ...r,
        servers: {
          ...r.servers,
          everything: {
            tools: ['get-sum', 'read_*'],
            resources: ['demo://resource/static/*'],
            prompts: ['simple_prompt'],
          },
        },
      }
    : r,
);

test('groups map to roles in table order; a person in no group of the table has none', () => {
  assert.deepEqual(
    rolesForGroups(roles, ['contractors']).map((r) => r.name),
    ['eng'],
  );
  assert.deepEqual(
    rolesForGroups(roles, ['eng', 'ops']).map((r) => r.name),
    ['ops', 'eng'],
  );
  assert.deepEqual(rolesForGroups(roles, ['sales']), []);
  assert.equal(isTeamAdmin(roles, ['ops']), true);
  assert.equal(isTeamAdmin(roles, ['eng']), false);
});

test('a role grants the tools it names (exactly or by pattern), on its servers only; a refusal says which role would allow it', () => {
  assert.deepEqual(decideTeamRequest(roles, ['eng'], { kind: 'tool', server: 'everything', name: 'get-sum' }), {
    allowed: true,
    role: 'eng',
  });
  assert.equal(
    decideTeamRequest(roles, ['eng'], { kind: 'tool', server: 'everything', name: 'read_file' }).allowed,
    true,
  );
  const echo = decideTeamRequest(roles, ['eng'], { kind: 'tool', server: 'everything', name: 'echo' });
  assert.equal(echo.allowed, false);
  assert.ok(!echo.allowed && echo.wouldAllow.includes('ops'));
  assert.match(
    !echo.allowed ? echo.reason : '',
    /the tool "echo" of "everything" is not granted to your role \(eng\): the role "ops" would allow it; ask an admin/,
  );
  // A server the role does not name at all.
  assert.equal(decideTeamRequest(roles, ['eng'], { kind: 'tool', server: 'files', name: 'read_file' }).allowed, false);
  // ops: every tool of every server.
  assert.deepEqual(decideTeamRequest(roles, ['ops'], { kind: 'tool', server: 'files', name: 'write_file' }), {
    allowed: true,
    role: 'ops',
  });
  const none = decideTeamRequest(roles, [], { kind: 'tool', server: 'everything', name: 'get-sum' });
  assert.match(
    !none.allowed ? none.reason : '',
    /not granted to no role of yours: the roles "ops", "eng" would allow it/,
  );
});

test('MCPlet types grant the tools of that type whatever their name; another type or a tool without one is refused', () => {
  const read = { kind: 'tool', server: 'mcplet-demo', name: 'search_books', mcpletType: 'read' } as const;
  assert.equal(decideTeamRequest(roles, ['eng'], read).allowed, true);
  assert.equal(decideTeamRequest(roles, ['eng'], { ...read, mcpletType: 'action' }).allowed, false);
  assert.equal(decideTeamRequest(roles, ['eng'], { ...read, mcpletType: undefined }).allowed, false);
});

test('a name that differs only by case, a look-alike character, an invisible one or its Unicode form is another tool', () => {
  for (const name of ['Get-sum', 'GET-SUM', 'get\u2010sum', 'get-sum\u200b', 'get\u2011sum', 'get-sum ', ' get-sum']) {
    const d = decideTeamRequest(roles, ['eng'], { kind: 'tool', server: 'everything', name });
    assert.equal(d.allowed, false, JSON.stringify(name));
  }
  // Composed and decomposed forms are different names too (nothing normalises them on the way).
  assert.equal(matchesPattern('caf\u00e9', 'cafe\u0301'), false);
  assert.equal(matchesPattern('read_*', 'READ_file'), false);
});

test('a pattern is `*` and literal characters only: regular-expression characters stand for themselves', () => {
  assert.equal(matchesPattern('read_*', 'read_file'), true);
  assert.equal(matchesPattern('read_*', 'xread_file'), false);
  assert.equal(matchesPattern('a.b', 'axb'), false);
  assert.equal(matchesPattern('(.*)', 'anything'), false);
  assert.equal(matchesPattern('(.*)', '(.*)'), true);
  assert.equal(matchesPattern('*_file', 'read\nx_file'), true, 'a star spans any character');
  assert.equal(matchesPattern('a*b*c', 'abbbc'), true);
});

test('resources and prompts: by URI or name where listed, all of a granted server where not', () => {
  const res = (uri: string, server = 'everything') =>
    decideTeamRequest(roles, ['eng'], { kind: 'resource', server, uri });
  assert.equal(res('demo://resource/static/document/architecture.md').allowed, true);
  assert.equal(res('demo://resource/dynamic/1').allowed, false);
  assert.equal(
    decideTeamRequest(roles, ['eng'], { kind: 'prompt', server: 'everything', name: 'simple_prompt' }).allowed,
    true,
  );
  assert.equal(
    decideTeamRequest(roles, ['eng'], { kind: 'prompt', server: 'everything', name: 'complex_prompt' }).allowed,
    false,
  );
  // mcplet-demo names no resources: all of them.
  assert.equal(res('ui://mcplet-demo/app.html', 'mcplet-demo').allowed, true);
  assert.equal(res('file:///etc/passwd', 'files').allowed, false);
});

test('server names like "__proto__" or "constructor" are granted by nothing but the table', () => {
  for (const server of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    assert.equal(decideTeamRequest(roles, ['eng'], { kind: 'tool', server, name: 'get-sum' }).allowed, false, server);
  }
});

test('the table example of the issue is valid; mistakes get one line each, with where and what', () => {
  assert.deepEqual(teamRolesProblems(roles, ['everything', 'mcplet-demo', 'files']), []);
  const problems = teamRolesProblems(
    [
      { name: 'eng', groups: ['eng'], servers: { evrything: { tools: ['get-sum'] } } },
      { name: 'eng', groups: ['x'], servers: {} },
      { name: 'qa', groups: ['qa'], servers: { filesystem2: {} } },
    ],
    ['everything', 'files'],
  );
  assert.deepEqual(problems, [
    'at /team/roles/0/servers: the role "eng" names the server "evrything", which is not in mcpServers (did you mean "everything"?)',
    'at /team/roles/1/name: the role "eng" is already defined at /team/roles/0',
    'at /team/roles/2/servers: the role "qa" names the server "filesystem2", which is not in mcpServers',
  ]);
  const shape = teamRolesProblems(
    [
      { name: 'a', groups: [], servers: {} },
      { name: 'b', groups: ['b'], servers: { everything: { tools: 'all', mcpletTypes: ['delete'] } } },
      { name: 'c', groups: ['c'], servers: {}, superuser: true },
      { groups: ['d'], servers: {} },
    ],
    ['everything'],
  );
  const text = shape.join('\n');
  assert.match(text, /at \/team\/roles\/0\/groups: /);
  assert.match(text, /at \/team\/roles\/1\/servers\/everything\/tools: /);
  assert.match(text, /at \/team\/roles\/1\/servers\/everything\/mcpletTypes\/0: must be \["read","prepare","action"\]/);
  assert.match(text, /at \/team\/roles\/2: unknown key "superuser"/);
  assert.match(text, /at \/team\/roles\/3: missing required key "name"/);
  assert.deepEqual(teamRolesProblems({ ops: {} }, []), ['at /team/roles: must be an array']);
});

test('the team object: the database address may come from the environment; passkey rules and shared sign-ins name real servers', () => {
  const team = (extra: Record<string, unknown>) => ({
    publicUrl: 'https://dash.example.com',
    oidc: { issuer: 'https://id.example.com', clientId: 'dash', clientSecret: '${env:S}' },
    roles: [{ name: 'ops', groups: ['ops'], admin: true, servers: { '*': { tools: '*' } } }],
    ...extra,
  });
  assert.deepEqual(teamConfigProblems(team({ database: { url: '${env:DASH_DATABASE_URL}' } }), ['everything']), []);
  assert.deepEqual(teamConfigProblems(team({ database: { url: 'postgres://db/mcpd' } }), ['everything']), []);
  assert.equal(teamConfigProblems(team({ database: { url: 'mysql://db' } }), ['everything']).length, 1);
  assert.deepEqual(
    teamConfigProblems(
      team({
        passkeys: [
          { server: 'files', tools: ['delete_*'] },
          { server: '*', mcpletTypes: ['action'] },
        ],
        sharedSignIn: ['wiki'],
      }),
      ['everything'],
    ),
    [
      'at /team/sharedSignIn/0: there is no server "wiki" in mcpServers',
      'at /team/passkeys/0/server: there is no server "files" in mcpServers',
    ],
  );
});
