// Browser sessions are kept in the team's store (a file, or PostgreSQL): a gateway restart signs nobody out,
// while sessions that were ended (signed out, revoked) stay ended. The store keeps only the digest of a
// cookie's secret. The built gateway as a process, the real oidc-provider, and Debian's PostgreSQL.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { startPostgres, type Postgres } from '../support/postgres.js';
import { startTeam, type TeamGateway } from '../support/team-fixture.js';

for (const store of ['embedded', 'postgres'] as const) {
  describe(`browser sessions on the ${store} store`, () => {
    let team: TeamGateway;
    let postgres: Postgres | undefined;
    after(async () => {
      await team?.stop();
      await postgres?.stop();
    });

    test(
      'a restart signs nobody out; signed-out and revoked sessions stay ended; no cookie secret is stored',
      { timeout: 180_000 },
      async () => {
        if (store === 'postgres') postgres = await startPostgres();
        team = await startTeam(postgres ? { database: { url: postgres.url } } : {});
        const bob = await team.signIn('bob');
        const ada = await team.signIn('ada');
        const leaving = await team.signIn('bob');
        const revoked = await team.signIn('bob');
        assert.equal((await bob.api('GET', '/api/team/me')).status, 200);
        assert.equal((await leaving.api('POST', '/api/team/sign-out')).status < 400, true);
        const { sessions } = (await (await ada.api('GET', '/api/team/sessions?all=1')).json()) as {
          sessions: { id: string; sub: string; current?: boolean }[];
        };
        const bobs = sessions.filter((s) => s.sub === 'bob');
        assert.equal(bobs.length, 2, 'bob has two live sessions left: ' + JSON.stringify(sessions));
        // Revoke the newest of bob's (the one `revoked` holds: sessions are listed newest first).
        assert.equal((await ada.api('DELETE', `/api/team/sessions/${bobs[0]!.id}`)).status, 200);
        assert.equal((await revoked.api('GET', '/api/team/me')).status, 401);

        // What is kept: digests, never the cookie's secret (the sentinel: the secret's text is searched for).
        const kept =
          store === 'embedded'
            ? await readFile(join(team.dataDir, 'browser-sessions.json'), 'utf8')
            : await postgres!.sql('SELECT digest, sub, data FROM browser_sessions');
        const secret = /mcpd-session=([^;]+)/.exec(bob.cookie)![1]!;
        assert.ok(/"bob"|\bbob\b/.test(kept), 'bob\u2019s session is kept');
        assert.ok(!kept.includes(secret), 'the cookie secret is not stored');

        await team.restart();
        assert.equal((await bob.api('GET', '/api/team/me')).status, 200, 'bob is still signed in after the restart');
        assert.equal((await ada.api('GET', '/api/team/me')).status, 200, 'ada too');
        assert.equal((await leaving.api('GET', '/api/team/me')).status, 401, 'a signed-out session stays ended');
        assert.equal((await revoked.api('GET', '/api/team/me')).status, 401, 'a revoked session stays ended');
        // The page token still has to come with the cookie.
        assert.equal((await bob.api('GET', '/api/team/me', { token: 'wrong' })).status, 401);
        // A session goes on working with the MCP relay after the restart.
        const session = await bob.open('everything');
        const sum = await bob.rpc('everything', session, {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'get-sum', arguments: { a: 2, b: 3 } },
        });
        assert.match(JSON.stringify(sum.answer.result), /\b5\b/);
      },
    );
  });
}
