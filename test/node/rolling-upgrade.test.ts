// A rolling upgrade across a migration, with the previous release's real code (docs/decisions/rolling-upgrades.md):
// the last commit before migration 0004 is checked out in a temporary worktree and its gateway built; it starts on a
// fresh database (applying 0001–0003) and serves; this release starts on the same database (applying 0004) while the
// old one still serves; calls on both succeed and land in one audit chain, one begin and one end per call. That
// release has no /readyz, so HAProxy's deploy/haproxy.cfg would never send it traffic: each is reached directly.
// Real parts: two built gateways, Debian's PostgreSQL, oidc-provider, server-everything.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { repoRoot, startGatewayProcess } from '../support/gateway-process.mjs';
import { startIdp } from '../support/oidc-idp.js';
import { startPostgres } from '../support/postgres.js';
import { freePort, signInMember, type Member } from '../support/team-fixture.js';
import { replicaConfig } from '../support/replicas.js';

/** The last commit before migration 0004 (`git log -- gateway/migrations`): the release that does not know it. */
const PREVIOUS = 'd246360224c337e91a22a6260379e411c43b469c';
const run = promisify(execFile);
const hasPrevious = await run('git', ['cat-file', '-e', `${PREVIOUS}^{commit}`], { cwd: repoRoot }).then(
  () => true,
  () => false,
);

async function echo(member: Member, message: string): Promise<string> {
  const session = await member.open('everything');
  const { answer } = await member.rpc('everything', session, {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'echo', arguments: { message } },
  });
  return (answer.result?.content?.[0]?.text as string | undefined) ?? JSON.stringify(answer);
}

test(
  hasPrevious
    ? 'rolling upgrade: the release before migration 0004 keeps serving while this one migrates the same database; one complete audit record per call'
    : `rolling upgrade: skipped, this clone has no commit ${PREVIOUS.slice(0, 7)} (a shallow clone)`,
  { timeout: 120_000, skip: !hasPrevious },
  async (t) => {
    const folder = await mkdtemp(join(tmpdir(), 'mcp-dashboard-previous-'));
    const worktree = join(folder, 'wt');
    t.after(async () => {
      await run('git', ['worktree', 'remove', '--force', worktree], { cwd: repoRoot }).catch(() => {});
      await rm(folder, { recursive: true, force: true });
    });
    await run('git', ['worktree', 'add', '--detach', worktree, PREVIOUS], { cwd: repoRoot });
    await symlink(join(repoRoot, 'node_modules'), join(worktree, 'node_modules'));
    await run(process.execPath, ['gateway/build.mjs'], { cwd: worktree });
    const previous = (await import(join(worktree, 'test', 'support', 'gateway-process.mjs'))) as {
      startGatewayProcess: typeof startGatewayProcess;
    };

    const postgres = await startPostgres();
    t.after(() => postgres.stop());
    const [oldPort, newPort] = [await freePort(), await freePort()];
    const oldBase = `http://localhost:${oldPort}`;
    const newBase = `http://localhost:${newPort}`;
    const idp = await startIdp({ redirectUris: [`${oldBase}/oidc/callback`, `${newBase}/oidc/callback`] });
    t.after(() => idp.stop());
    const dataDir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-upgrade-'));
    t.after(() => rm(dataDir, { recursive: true, force: true }));
    const config = (base: string) => replicaConfig(base, idp, dataDir, postgres.url);
    const start = (starter: typeof startGatewayProcess, base: string, port: number) =>
      starter({
        config: config(base),
        exchange: false,
        extraArgs: ['--port', String(port)],
        env: { DASH_OIDC_SECRET: idp.clientSecret },
      });

    const old = await start(previous.startGatewayProcess, oldBase, oldPort);
    t.after(() => old.stop());
    const migrations = () => postgres.sql('SELECT name FROM mcp_dashboard_migrations ORDER BY name');
    assert.doesNotMatch(await migrations(), /0004/, 'the previous release applied 0001–0003');
    const adaOld = await signInMember(oldBase, idp, 'ada');
    assert.equal(await echo(adaOld, 'before'), 'Echo: before');

    const current = await start(startGatewayProcess, newBase, newPort);
    t.after(() => current.stop());
    assert.match(await migrations(), /0004_browser-sessions/, 'this release applied 0004');
    assert.equal((await fetch(`${newBase}/readyz`)).status, 200);
    assert.equal(await echo(adaOld, 'during, old'), 'Echo: during, old', 'the previous release still serves');
    const adaNew = await signInMember(newBase, idp, 'ada');
    assert.equal(await echo(adaNew, 'during, new'), 'Echo: during, new');
    // The previous release kept browser sessions in its memory: this release cannot read them (a sign-in again).
    assert.equal((await adaOld.api('GET', '/api/team/me', { base: newBase })).status, 401);

    await old.stop();
    assert.equal(await echo(adaNew, 'after'), 'Echo: after');
    const kinds = await postgres.sql("SELECT string_agg(record->>'kind', ' ' ORDER BY seq) FROM audit_records");
    assert.equal(kinds.trim(), Array(4).fill('begin end').join(' '), 'one begin and one end per call, in one chain');
  },
);
