// Team mode's bad input at start and at sign-in: each stops the gateway (or the sign-in) with a specific message
// naming what is wrong — an unreachable issuer, an unset secret, a malformed or wrong roles table, a database that
// is down — and a wrong client secret fails the sign-in, saying so. The real CLI and a real OpenID provider.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runGatewayToExit } from '../support/gateway-process.mjs';
import { signInHeadless } from '../support/headless-signin.js';
import { DEFAULT_PEOPLE, startIdp } from '../support/oidc-idp.js';
import { EVERYTHING, freePort, startTeam, TEST_ROLES } from '../support/team-fixture.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-team-errors-'));
  process.env.DASH_TEST_SECRET = 'not-used';
});
after(async () => {
  delete process.env.DASH_TEST_SECRET;
  await rm(dir, { recursive: true, force: true });
});

/** Runs the gateway with a team config changed by `change`; resolves with its exit code and output. */
async function start(name: string, change: (team: Record<string, any>) => void) {
  const team: Record<string, any> = {
    publicUrl: 'http://localhost:8080',
    oidc: { issuer: `http://127.0.0.1:${await freePort()}`, clientId: 'c', clientSecret: '${env:DASH_TEST_SECRET}' },
    roles: structuredClone(TEST_ROLES),
    dataDir: join(dir, name),
  };
  change(team);
  const file = join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify({ mcpServers: { everything: EVERYTHING }, team }));
  const run = await runGatewayToExit(['--config', file, '--port', '0', '--no-open']);
  return { ...run, text: run.stdout + run.stderr };
}

test('an unreachable issuer stops the start, naming it', { timeout: 90_000 }, async () => {
  const run = await start('issuer', () => {});
  assert.equal(run.code, 1, run.text);
  assert.match(run.text, /cannot use the OpenID provider http:\/\/127\.0\.0\.1:\d+ \(team\.oidc\.issuer\)/);
});

test(
  'an unset secret, a role naming an unknown server and a malformed roles table each stop the start',
  { timeout: 90_000 },
  async () => {
    const unset = await start('unset', (t) => (t.oidc.clientSecret = '${env:DASH_NOT_SET_ANYWHERE}'));
    assert.equal(unset.code, 1);
    assert.match(unset.text, /\/team\/oidc\/clientSecret: the environment variable DASH_NOT_SET_ANYWHERE is not set/);
    const unknown = await start('unknown', (t) => (t.roles[1].servers = { everythin: { tools: '*' } }));
    assert.equal(unknown.code, 1);
    assert.match(unknown.text, /the role "eng" names the server "everythin".*did you mean "everything"/);
    const malformed = await start('malformed', (t) => (t.roles = [{ name: 'x', groups: 'ops', servers: {} }]));
    assert.equal(malformed.code, 1);
    assert.match(malformed.text, /\/team\/roles\/0\/groups/);
    const plain = await start('plain', (t) => (t.publicUrl = 'http://dash.example.com'));
    assert.equal(plain.code, 1);
    assert.match(plain.text, /plain http on a host that is not loopback/);
  },
);

test(
  'a database that is down at start stops the gateway, naming the database (not its password)',
  { timeout: 90_000 },
  async () => {
    const port = await freePort();
    const idp = await startIdp({ redirectUris: ['http://localhost:8080/oidc/callback'] });
    try {
      const run = await start('db', (t) => {
        t.oidc.issuer = idp.issuer;
        t.database = { url: `postgres://dash:s3cret-pw@127.0.0.1:${port}/team` };
      });
      assert.equal(run.code, 1, run.text);
      assert.match(run.text, new RegExp(`PostgreSQL database "team" on 127\\.0\\.0\\.1:${port}.*ECONNREFUSED`));
      assert.ok(!run.text.includes('s3cret-pw'), 'the password is never printed');
    } finally {
      await idp.stop();
    }
  },
);

test('a wrong client secret fails the sign-in with a page that says so', { timeout: 120_000 }, async () => {
  const team = await startTeam({ clientSecret: 'wrong-secret' });
  try {
    const bob = DEFAULT_PEOPLE.find((p) => p.sub === 'bob')!;
    const { response, gatewayCookies } = await signInHeadless(`${team.base}/oidc/login?return=/`, bob);
    assert.equal(response.status, 400);
    assert.match(await response.text(), /Sign-in failed[\s\S]*invalid_client/);
    assert.equal(gatewayCookies.get('mcpd-session'), undefined);
  } finally {
    await team.stop();
  }
});
