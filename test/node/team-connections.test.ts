// A team replica serves every person's open dashboard tab, each holding one event stream (GET /api/events): it keeps
// `team.maxConnections` open (default 4096), not personal mode's 256. The built gateway as a process (team mode),
// 300 event streams open at once from signed-in people, then one more person's request; a malformed bound is
// refused by the config check, naming it.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { teamConfigProblems } from '../../src/core/shared/team/team-config.js';
import { startTeam, TEST_ROLES, type TeamGateway } from '../support/team-fixture.js';

const STREAMS = 300;

let team: TeamGateway | undefined;
const open: Response[] = [];
after(async () => {
  for (const response of open) await response.body?.cancel().catch(() => {});
  await team?.stop();
});

test(
  `a team replica keeps ${STREAMS} event streams open and still answers the next person (personal mode stops at 256)`,
  { timeout: 120_000 },
  async () => {
    team = await startTeam();
    const [ada, bob] = await Promise.all([team.signIn('ada'), team.signIn('bob')]);
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () =>
          ada.api('GET', '/api/events', { headers: { accept: 'text/event-stream' } }).catch((error: Error) => error),
        ),
      );
      for (const response of batch) {
        // Past 256 busy connections, personal mode's bound destroyed each new one (fetch failed).
        assert.ok(response instanceof Response, `event stream ${open.length + 1}: ${String(response)}`);
        assert.equal(response.status, 200);
        open.push(response);
      }
    }
    assert.equal(open.length, STREAMS);
    const next = await bob.api('GET', '/api/servers');
    assert.equal(next.status, 200, await next.clone().text());
    assert.ok(((await next.json()) as { servers: unknown[] }).servers.length > 0);
  },
);

test('team.maxConnections outside 16–65536 is refused, naming it', () => {
  const config = (maxConnections: unknown) => ({
    publicUrl: 'http://localhost:8080',
    oidc: { issuer: 'http://localhost:9999', clientId: 'dash', clientSecret: 'x' },
    roles: TEST_ROLES,
    maxConnections,
  });
  assert.deepEqual(teamConfigProblems(config(8192), ['everything']), []);
  for (const bad of [5, 100_000, 'many', 512.5])
    assert.match(
      teamConfigProblems(config(bad), ['everything']).join('\n'),
      /at \/team\/maxConnections: /,
      String(bad),
    );
});
