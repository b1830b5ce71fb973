// Team mode on a "shared" server: two people's sessions on one child process still get only their own answers,
// the role guard still refuses per person, and the audit names the person whose call each record is.
// The built gateway as a process, the real oidc-provider and server-everything.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { argumentsDigest } from '../../gateway/src/audit/audit-chain.js';
import { childPids } from '../support/wtr-gateway-plugin.mjs';
import { EVERYTHING, startTeam, type TeamGateway } from '../support/team-fixture.js';

const call = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('team mode on a shared server', { timeout: 180_000 }, () => {
  let team: TeamGateway;
  after(async () => {
    await team?.stop();
  });

  test('two people on one shared child never see each other\u2019s answers, and the audit names the right person', async () => {
    team = await startTeam({ servers: { everything: { ...EVERYTHING, shared: true } } });
    const ada = await team.signIn('ada');
    const bob = await team.signIn('bob');
    const [adaSession, bobSession] = await Promise.all([ada.open('everything'), bob.open('everything')]);
    const everything = childPids(team.gateway.pid!).filter((pid: number) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('everything');
      } catch {
        return false;
      }
    });
    assert.equal(everything.length, 1, 'one process serves both people');

    // Same request ids on both sessions, at the same time: each person gets the sum of their own numbers.
    const rounds = Array.from({ length: 10 }, (_, i) => i + 1);
    const [adas, bobs] = await Promise.all([
      Promise.all(rounds.map((i) => ada.rpc('everything', adaSession, call(i, 'get-sum', { a: i, b: 1000 })))),
      Promise.all(rounds.map((i) => bob.rpc('everything', bobSession, call(i, 'get-sum', { a: i, b: 2000 })))),
    ]);
    rounds.forEach((i, k) => {
      assert.match(JSON.stringify(adas[k]!.answer), new RegExp(`The sum of ${i} and 1000 is ${i + 1000}`));
      assert.match(JSON.stringify(bobs[k]!.answer), new RegExp(`The sum of ${i} and 2000 is ${i + 2000}`));
    });

    // The role guard still works per session: bob (eng) may not call echo; ada (ops) may.
    const refused = await bob.rpc('everything', bobSession, call(50, 'echo', { message: 'hi' }));
    assert.ok(refused.answer.error, `bob is refused echo: ${JSON.stringify(refused.answer)}`);
    const allowed = await ada.rpc('everything', adaSession, call(50, 'echo', { message: 'hi' }));
    assert.match(JSON.stringify(allowed.answer), /Echo: hi/);

    const { rows } = (await (await ada.api('GET', '/api/audit?server=everything&name=get-sum')).json()) as {
      rows: Array<{ sub: string; argsDigest: string; outcome: string }>;
    };
    const digests = async (b: number) => Promise.all(rounds.map((i) => argumentsDigest({ a: i, b })));
    const adaDigests = new Set(await digests(1000));
    const bobDigests = new Set(await digests(2000));
    const done = rows.filter((r) => r.outcome === 'ok');
    assert.equal(done.filter((r) => r.sub === 'ada').length, 10, JSON.stringify(rows));
    assert.equal(done.filter((r) => r.sub === 'bob').length, 10, JSON.stringify(rows));
    for (const row of done) {
      const owner = adaDigests.has(row.argsDigest) ? 'ada' : bobDigests.has(row.argsDigest) ? 'bob' : '?';
      assert.equal(row.sub, owner, `the record of ${owner}'s call names ${owner}`);
    }
  });
});
