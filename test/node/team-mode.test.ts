// Team mode end to end: a real OpenID provider (oidc-provider), the built gateway with a `team` config, the
// real server-everything, members signed in headlessly. What a member may do is decided by the gateway.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { signInHeadless } from '../support/headless-signin.js';
import { startTeam, type Member, type TeamGateway } from '../support/team-fixture.js';

const TEAM_REFUSED = -32051;
const call = (id: number, name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
});

describe('team mode: sign-in, roles the gateway enforces, one audit log', { timeout: 240_000 }, () => {
  let team: TeamGateway;
  let ada: Member;
  let bob: Member;
  before(async () => {
    team = await startTeam();
    [ada, bob] = [await team.signIn('ada'), await team.signIn('bob')];
  });
  after(async () => team?.stop());

  test('each member sees exactly what their role allows; calls outside it are refused and say who could', async () => {
    const session = await bob.open('everything');
    const listed = await bob.rpc('everything', session, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const names = listed.answer.result.tools.map((t: { name: string }) => t.name).sort();
    assert.deepEqual(names, ['get-sum', 'trigger-long-running-operation']);
    const sum = await bob.rpc('everything', session, call(2, 'get-sum', { a: 2, b: 3 }));
    assert.match(JSON.stringify(sum.answer.result.content), /5/);
    const echo = await bob.rpc('everything', session, call(3, 'echo', { message: 'hi' }));
    assert.equal(echo.answer.error.code, TEAM_REFUSED);
    assert.match(echo.answer.error.message, /"echo".*not granted.*"ops" would allow it/);

    const adaSession = await ada.open('everything');
    const all = await ada.rpc('everything', adaSession, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.ok(all.answer.result.tools.length > 5, 'ops sees every tool');
    const adaEcho = await ada.rpc('everything', adaSession, call(2, 'echo', { message: 'hi' }));
    assert.match(JSON.stringify(adaEcho.answer.result), /hi/);

    const servers = (await (await bob.api('GET', '/api/servers')).json()) as { servers: { name: string }[] };
    assert.deepEqual(
      servers.servers.map((s) => s.name),
      ['everything'],
    );
  });

  test('bypass attempts with a member\u2019s own cookie fail and are audited', async () => {
    const session = await bob.open('everything');
    const attempts: [string, unknown][] = [
      ['tool by case', call(10, 'Get-Sum', { a: 1, b: 1 })],
      ['tool by look-alike hyphen', call(11, 'get\u2010sum', { a: 1, b: 1 })],
      [
        'resource outside role',
        {
          jsonrpc: '2.0',
          id: 12,
          method: 'resources/read',
          params: { uri: 'demo://resource/static/document/architecture.md' },
        },
      ],
      [
        'prompt outside role',
        { jsonrpc: '2.0', id: 13, method: 'prompts/get', params: { name: 'args-prompt', arguments: { city: 'x' } } },
      ],
      [
        'completion of a prompt outside role',
        {
          jsonrpc: '2.0',
          id: 14,
          method: 'completion/complete',
          params: {
            ref: { type: 'ref/prompt', name: 'completable-prompt' },
            argument: { name: 'department', value: 'E' },
          },
        },
      ],
      ['unknown method', { jsonrpc: '2.0', id: 15, method: 'tools/Call', params: { name: 'echo' } }],
      ['forged surface', call(16, 'echo', { message: 'x' }, { 'dev.mcp-dashboard/surface': 'admin' })],
    ];
    for (const [what, body] of attempts) {
      const { answer } = await bob.rpc('everything', session, body);
      assert.equal(answer?.error?.code, TEAM_REFUSED, `${what}: ${JSON.stringify(answer)}`);
    }
    // A batch with one allowed call and one refused: nothing of it is relayed.
    const batch = await bob.rpc('everything', session, [
      call(20, 'get-sum', { a: 1, b: 2 }),
      call(21, 'echo', { message: 'b' }),
    ]);
    assert.ok(Array.isArray(batch.answer), JSON.stringify(batch.answer));
    assert.deepEqual(
      batch.answer.map((a: { error?: { code: number } }) => a.error?.code),
      [TEAM_REFUSED, TEAM_REFUSED],
    );
    // Allowed resource and prompt do reach the server.
    const doc = await bob.rpc('everything', session, {
      jsonrpc: '2.0',
      id: 22,
      method: 'resources/read',
      params: { uri: 'demo://resource/static/document/features.md' },
    });
    assert.ok(doc.answer.result.contents.length > 0, JSON.stringify(doc.answer));

    // Another person's session is not found for bob, whatever he sends on it.
    const adaSession = await ada.open('everything');
    const stolen = await bob.rpc('everything', adaSession, call(23, 'get-sum', { a: 1, b: 1 }));
    assert.equal(stolen.status, 404);
    const attach = await bob.api('POST', '/api/events/x/sessions', {
      body: { server: 'everything', session: adaSession },
    });
    assert.equal(attach.status, 404);

    const rows = (await (await bob.api('GET', '/api/audit')).json()) as { rows: any[] };
    const refused = rows.rows.filter((r) => r.decision === 'deny').map((r) => r.name);
    for (const name of ['Get-Sum', 'get\u2010sum', 'demo://resource/static/document/architecture.md', 'args-prompt'])
      assert.ok(refused.includes(name), `the refused ${name} is audited: ${JSON.stringify(refused)}`);
    const forged = rows.rows.find((r) => r.name === 'echo' && r.surface === 'unrecognized');
    assert.ok(forged, 'the forged surface is recorded as unrecognized, and the call refused all the same');
    assert.ok(
      rows.rows.every((r) => r.sub === 'bob'),
      'a member reads only their own records',
    );
  });

  test('the audit has one complete record per call, with the person; admins read everyone\u2019s, as JSON lines and CSV', async () => {
    const session = await bob.open('everything');
    await bob.rpc('everything', session, call(30, 'get-sum', { a: 40, b: 2 }));
    const all = (await (await ada.api('GET', '/api/audit?server=everything&name=get-sum')).json()) as { rows: any[] };
    const mine = all.rows.filter((r) => r.sub === 'bob' && r.outcome === 'ok');
    assert.ok(mine.length >= 1, JSON.stringify(all.rows));
    assert.equal(mine[0].email, 'bob@example.test');
    assert.match(mine[0].argsDigest, /^sha256-/);
    assert.ok(!JSON.stringify(all.rows).includes('"a":40'), 'argument values never reach the log');
    const csv = await (await ada.api('GET', '/api/audit?format=csv')).text();
    assert.match(csv.split('\r\n')[0]!, /^seq,time,sub,email,server,method,name/);
    const jsonl = await (await ada.api('GET', '/api/audit?format=jsonl')).text();
    assert.ok(
      jsonl
        .trim()
        .split('\n')
        .every((l) => JSON.parse(l).seq > 0),
    );
    const install = await bob.api('POST', '/api/registry/widgets/any-widget', { body: {} });
    assert.equal(install.status, 403, 'a member without installWidgets changes no team widget');
    assert.match(((await install.json()) as { error: string }).error, /installWidgets/);
    const adaInstall = await ada.api('POST', '/api/registry/widgets/any-widget', { body: {} });
    assert.notEqual(adaInstall.status, 403, 'an admin reaches the registry route');
    const people = await bob.api('GET', '/api/team/people');
    assert.equal(people.status, 403, 'members do not list people');
    const file = await readFile(join(team.dataDir, 'audit.jsonl'), 'utf8');
    const begins = file
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((r) => r.kind === 'begin' && r.decision === 'allow');
    const ends = new Set(
      file
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((r) => r.kind === 'end')
        .map((r) => r.begin),
    );
    assert.ok(
      begins.every((b) => ends.has(b.seq)),
      'every allowed call has its end record',
    );
  });

  test('no token, a token of another session, CSRF from another loopback origin, and a signed-out cookie are refused', async () => {
    const noToken = await bob.api('GET', '/api/servers', { token: null });
    assert.equal(noToken.status, 401);
    const wrong = await bob.api('GET', '/api/servers', { token: ada.token });
    assert.equal(wrong.status, 401);
    const csrf = await fetch(`${team.base}/api/team/session`, {
      method: 'POST',
      headers: { cookie: bob.cookie, origin: 'http://localhost:1' },
    });
    assert.equal(csrf.status, 403);
    const cy = await signInHeadless(
      `${team.base}/oidc/login?return=/`,
      team.idp.people.find((p) => p.sub === 'cy')!,
    );
    assert.equal(cy.response.status, 403);
    assert.match(await cy.response.text(), /No access to this dashboard[\s\S]*ops@example\.test/);
    assert.equal(cy.gatewayCookies.get('mcpd-session'), undefined);

    // A member cannot end another person's session (it is not theirs to see).
    const adaSessions = (await (await ada.api('GET', '/api/team/sessions')).json()) as { sessions: { id: string }[] };
    const notMine = await bob.api('DELETE', `/api/team/sessions/${adaSessions.sessions[0]!.id}`);
    assert.equal(notMine.status, 404);
    assert.equal((await ada.api('GET', '/api/team/me')).status, 200, 'ada is still signed in');
    const mineOnly = (await (await bob.api('GET', '/api/team/sessions?all=1')).json()) as {
      sessions: { sub: string }[];
    };
    assert.ok(
      mineOnly.sessions.every((s) => s.sub === 'bob'),
      'a member lists only their own sessions',
    );

    const carl = await team.signIn('bob');
    const out = await carl.api('POST', '/api/team/sign-out');
    assert.equal(out.status, 200);
    const again = await fetch(`${team.base}/api/team/session`, { method: 'POST', headers: { cookie: carl.cookie } });
    assert.equal(again.status, 401, 'a cookie from before sign-out is refused');
    const page = await fetch(`${team.base}/`, { headers: { cookie: carl.cookie }, redirect: 'manual' });
    assert.equal(page.status, 303);
    assert.match(page.headers.get('location') ?? '', /^\/oidc\/login\?return=/);
  });

  test('preferences follow the person and only them; an oversized value is refused', async () => {
    const put = await bob.api('PUT', '/api/team/preferences/layout.user', { body: { value: { tiles: ['mine'] } } });
    assert.equal(put.status, 200);
    const mine = (await (await bob.api('GET', '/api/team/preferences')).json()) as { values: Record<string, unknown> };
    assert.deepEqual(mine.values['layout.user'], { tiles: ['mine'] });
    const theirs = (await (await ada.api('GET', '/api/team/preferences')).json()) as {
      values: Record<string, unknown>;
    };
    assert.equal(theirs.values['layout.user'], undefined, 'ada does not read bob\u2019s layout');
    const huge = await bob.api('PUT', '/api/team/preferences/big', { body: { value: 'x'.repeat(600 * 1024) } });
    assert.equal(huge.status, 413);
    assert.match(((await huge.json()) as { error: string }).error, /larger than|more than/);
  });
});
