// Team mode, a remote server each person signs in to with their own account: the real gateway, a real OpenID
// provider, the OAuth-protected fixture server (test/fixtures/oauth-server.mjs) whose authorization server signs
// in a chosen test user and whose tool says whose token it got — with the embedded store and with PostgreSQL.
// One person can never use, read or be given another's upstream tokens; they are kept only encrypted.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openRecord, parseTokenKey, type SealedRecord } from '../../gateway/src/team/person-tokens-crypto.js';
import { PersonTokens } from '../../gateway/src/team/person-tokens.js';
import { runGatewayToExit } from '../support/gateway-process.mjs';
import { followAsBrowser, startOAuthFixture } from '../support/oauth-fixture.mjs';
import { startPostgres, type Postgres } from '../support/postgres.js';
import { EVERYTHING, startTeam, type Member, type TeamGateway, INITIALIZE } from '../support/team-fixture.js';

const AUTH_REQUIRED = -32010;
const KEY = randomBytes(32).toString('hex');
const ROLES = [
  { name: 'ops', groups: ['ops'], admin: true, servers: { '*': { tools: '*' } } },
  { name: 'eng', groups: ['eng'], servers: { remote: { tools: '*' } } },
  { name: 'sales', groups: ['sales'], servers: { everything: { tools: ['get-sum'] } } },
];
const WHOAMI = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'whoami', arguments: {} } };

/** Whose upstream token a member's new session on `remote` carries (the fixture's whoami tool). */
async function whoami(member: Member): Promise<string> {
  const session = await member.open('remote');
  const { answer } = await member.rpc('remote', session, WHOAMI);
  return /for user (\w+)/.exec(answer?.result?.content?.[0]?.text ?? '')?.[1] ?? JSON.stringify(answer);
}

/** Signs `member` in to `remote` as the fixture's test user `user`, in the member's own browser. */
async function signInUpstream(team: TeamGateway, member: Member, user: string, browser: Member = member) {
  const started = await member.api('POST', '/api/servers/remote/sign-in');
  assert.equal(started.status, 200, await started.clone().text());
  const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
  const url = new URL(authorizationUrl);
  url.searchParams.set('test_user', user);
  return followAsBrowser(url.href, { origin: team.base, value: browser.cookie });
}

/** The member's view of `remote` in `GET /api/servers`. */
async function remoteSummary(member: Member): Promise<any> {
  const body = (await (await member.api('GET', '/api/servers')).json()) as { servers: any[] };
  return body.servers.find((s) => s.name === 'remote');
}

/** The text of `token` (and its hex) must not be in `bytes`. */
function assertSealed(bytes: string, tokens: string[]): void {
  for (const token of tokens) {
    assert.ok(token.length > 10);
    assert.ok(!bytes.includes(token), 'no plaintext token at rest');
    assert.ok(!bytes.includes(Buffer.from(token).toString('hex')), 'no plaintext token at rest (hex)');
  }
}

/** What one store is checked through: the raw records as stored, and ada's sealed record for `remote`. */
interface StoreProbe {
  raw(): Promise<string>;
  adaRecord(): Promise<SealedRecord>;
}

function scenario(
  name: string,
  store: () => Promise<{ database?: { url: string }; probe(team: TeamGateway): StoreProbe }>,
) {
  describe(`team upstream sign-in per person (${name})`, { timeout: 240_000 }, () => {
    let upstream: Awaited<ReturnType<typeof startOAuthFixture>>;
    let team: TeamGateway;
    let probe: StoreProbe;
    let ada: Member;
    let bob: Member;
    before(async () => {
      upstream = await startOAuthFixture();
      const chosen = await store();
      team = await startTeam({
        servers: { remote: { url: upstream.mcpUrl }, everything: EVERYTHING },
        roles: ROLES,
        team: { tokenKey: '${env:DASH_TOKEN_KEY}' },
        env: { DASH_TOKEN_KEY: KEY },
        ...(chosen.database ? { database: chosen.database } : {}),
      });
      probe = chosen.probe(team);
      [ada, bob] = [await team.signIn('ada'), await team.signIn('bob')];
    });
    after(async () => {
      await team?.stop();
      await upstream?.stop();
    });

    test('each person signs in with their own account, and their calls carry only their own token', async () => {
      const bobFirst = await bob.rpc('remote', undefined, INITIALIZE);
      assert.equal(bobFirst.answer?.error?.code, AUTH_REQUIRED, JSON.stringify(bobFirst.answer));
      assert.equal((await remoteSummary(bob)).auth.state, 'required');

      const adaIn = await signInUpstream(team, ada, 'ada');
      assert.equal(adaIn.status, 200, adaIn.text);
      assert.equal(await whoami(ada), 'ada');
      assert.equal((await remoteSummary(ada)).auth.state, 'signed-in');

      // Ada being signed in changes nothing for bob: he gets the sign-in-needed answer, never her token.
      const bobAgain = await bob.rpc('remote', undefined, INITIALIZE);
      assert.equal(bobAgain.answer?.error?.code, AUTH_REQUIRED, JSON.stringify(bobAgain.answer));
      assert.notEqual((await remoteSummary(bob)).auth.state, 'signed-in');

      // A sign-in bob started cannot be finished in ada's browser (her account's tokens would become his).
      const crossed = await signInUpstream(team, bob, 'ada', ada);
      assert.equal(crossed.status, 403, crossed.text);
      assert.notEqual((await remoteSummary(bob)).auth.state, 'signed-in');

      const bobIn = await signInUpstream(team, bob, 'bob');
      assert.equal(bobIn.status, 200, bobIn.text);
      assert.equal(await whoami(bob), 'bob');
      assert.equal(await whoami(ada), 'ada');
    });

    test('tokens are sealed at rest, and a record moved to another person does not decrypt', async () => {
      const stats = await upstream.stats();
      const raw = await probe.raw();
      assertSealed(raw, [stats.accessTokenOf.ada, stats.accessTokenOf.bob, stats.lastRefreshToken]);
      const sealed = await probe.adaRecord();
      const key = parseTokenKey(KEY);
      assert.equal((openRecord(key, 'ada', 'remote', sealed) as any).tokens.access_token, stats.accessTokenOf.ada);
      assert.throws(() => openRecord(key, 'bob', 'remote', sealed), /unable to authenticate|auth/i);
      assert.throws(() => openRecord(key, 'ada', 'everything', sealed));
      assert.throws(() => openRecord(randomBytes(32), 'ada', 'remote', sealed));
    });

    test('a restart keeps both signed in; ada signing out leaves bob signed in', async () => {
      await team.restart();
      [ada, bob] = [await team.signIn('ada'), await team.signIn('bob')];
      assert.equal(await whoami(ada), 'ada');
      assert.equal(await whoami(bob), 'bob');
      const bobSession = await bob.open('remote');

      const out = await ada.api('POST', '/api/servers/remote/sign-out');
      assert.equal(out.status, 200, await out.text());
      const adaAfter = await ada.rpc('remote', undefined, INITIALIZE);
      assert.equal(adaAfter.answer?.error?.code, AUTH_REQUIRED, JSON.stringify(adaAfter.answer));
      const bobStill = await bob.rpc('remote', bobSession, WHOAMI);
      assert.match(bobStill.answer?.result?.content?.[0]?.text ?? '', /for user bob/);
      assert.equal(await whoami(bob), 'bob');
      assert.equal((await remoteSummary(bob)).auth.state, 'signed-in');
    });

    test('a member whose roles do not name the server cannot sign in to it; a shared route stays for admins', async () => {
      const cy = await team.signIn('cy');
      assert.equal((await cy.api('POST', '/api/servers/remote/sign-in')).status, 403);
      assert.equal((await bob.api('POST', '/api/servers/everything/sign-in')).status, 403);
    });
  });
}

scenario('embedded store', async () => ({
  probe: (team) => {
    const dir = join(team.dataDir, 'upstream-tokens');
    const files = async () => (await readdir(dir)).filter((f) => f.endsWith('.json')).map((f) => join(dir, f));
    return {
      raw: async () => {
        const all = await files();
        assert.equal(all.length, 2, 'one file per person');
        for (const file of all) assert.equal((await stat(file)).mode & 0o777, 0o600);
        return (await Promise.all(all.map((f) => readFile(f, 'latin1')))).join('\n');
      },
      adaRecord: async () => {
        for (const file of await files()) {
          const parsed = JSON.parse(await readFile(file, 'utf8'));
          if (parsed.sub === 'ada') return parsed.servers.remote as SealedRecord;
        }
        throw new Error('no record of ada');
      },
    };
  },
}));

let pg: Postgres | undefined;
after(async () => pg?.stop());
scenario('PostgreSQL', async () => {
  pg = await startPostgres();
  const database = await pg.database('upstream');
  const db = pg;
  return {
    database: { url: database },
    probe: () => ({
      raw: () => db.sql('SELECT * FROM upstream_tokens', 'upstream'),
      adaRecord: async () => {
        const text = await db.sql(
          "SELECT 'rec:' || encode(iv, 'hex') || ':' || encode(ciphertext, 'hex') || ':' || encode(tag, 'hex') FROM upstream_tokens WHERE sub = 'ada' AND server = 'remote'",
          'upstream',
        );
        const [iv, data, tag] = /rec:(\w+):(\w+):(\w+)/
          .exec(text)!
          .slice(1)
          .map((h) => Buffer.from(h, 'hex').toString('base64'));
        return { iv: iv!, data: data!, tag: tag! };
      },
    }),
  };
});

describe('the token key', () => {
  let dir: string;
  before(async () => (dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-token-key-'))));
  after(async () => rm(dir, { recursive: true, force: true }));

  test('a per-person server without a key, or with a malformed one, stops the start naming /team/tokenKey', async () => {
    const cases = [
      ['none', {}, /\/team\/tokenKey: people sign in to "remote"/],
      ['malformed', { tokenKey: 'not-32-bytes' }, /\/team\/tokenKey: .*64 hex digits or as base64/],
      // A server whose sign-in the team shares needs no key: the start goes on (to the unreachable issuer).
      ['shared', { sharedSignIn: ['remote'] }, /cannot use the OpenID provider/],
    ] as const;
    for (const [label, extra, expected] of cases) {
      const file = join(dir, `${label}.json`);
      const team = {
        publicUrl: 'http://localhost:8080',
        oidc: { issuer: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' },
        roles: ROLES.slice(0, 2),
        dataDir: join(dir, label),
        ...extra,
      };
      await writeFile(file, JSON.stringify({ mcpServers: { remote: { url: 'http://127.0.0.1:9/mcp' } }, team }));
      const run = await runGatewayToExit(['--config', file, '--port', '0', '--no-open']);
      const text = run.stdout + run.stderr;
      assert.equal(run.code, 1, text);
      assert.match(text, expected);
    }
  });

  test('records that do not decrypt with the key at start leave people signed out, say so, and are kept', async () => {
    const storage = { dataDir: join(dir, 'store'), databaseUrl: undefined };
    const written = await PersonTokens.open(parseTokenKey(KEY), storage);
    await written
      .forPerson('ada')
      .update('remote', 'http://r/mcp', (e) => (e.tokens = { access_token: 'sentinel-at', token_type: 'Bearer' }));
    await written.close();
    const folder = join(storage.dataDir, 'upstream-tokens');
    const before = await readFile(join(folder, (await readdir(folder))[0]!), 'utf8');
    const warnings: string[] = [];
    const reopened = await PersonTokens.open(randomBytes(32), storage, (m) => warnings.push(m));
    assert.equal(reopened.forPerson('ada').get('remote', 'http://r/mcp'), undefined);
    assert.match(
      warnings.join('\n'),
      /1 upstream sign-in\(s\) .* could not be decrypted with the key in \/team\/tokenKey/,
    );
    await reopened.close();
    assert.equal(await readFile(join(folder, (await readdir(folder))[0]!), 'utf8'), before, 'nothing deleted');
  });
});
