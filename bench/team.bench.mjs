#!/usr/bin/env node
// Team mode's cost (docs/team.md). Two figures, each against its same-run baseline:
//   - tool-call p50/p95 of a trivial read tool (`read-value` on bench/synthetic-server.mjs) through the
//     gateway with a Node SDK client: personal mode (bearer token) against team mode, where every message
//     is decided against the roles table and every call writes an audit `begin` record (on disk before the
//     call is forwarded) and an `end` record, to the embedded file store or to PostgreSQL. Same client,
//     same server; the team client sends the member's cookie and page token on every request. Calls are
//     sequential; the variants run in interleaved rounds so machine noise is shared.
//   - sign-in → dashboard drawn in Chromium: from the browser's request of `<base>/oidc/callback` (the
//     provider redirecting back) to the frame where the first card shows its tool count; a fresh browser
//     context per sample.
// Goals in the issue (reported, not asserted): role check + audit add ≤ 1.5 ms p50 on PostgreSQL; the
// dashboard drawn ≤ 1 s after the provider redirects back.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './lib/browser.mjs';
import { emit, log } from './lib/contract.mjs';
import { cpuTimeMs } from './lib/proc.mjs';
import { syntheticServer } from './lib/servers.mjs';
import { round, summarize } from './lib/stats.mjs';
import { auditRowCount, loadTeamFixture, mcpClient, startDurablePostgres, timedSignIn } from './lib/team.mjs';
import { startGatewayProcess } from '../test/support/gateway-process.mjs';

// undici keeps an abort listener per request on the transport's signal (see tool-call.bench.mjs).
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name !== 'MaxListenersExceededWarning') log(`warning: ${w.name}: ${w.message}`);
});

const QUICK = process.env.BENCH_QUICK === '1';
const ROUNDS = 4;
const PER_ROUND = QUICK ? 50 : 250;
const WARMUP = 50;
const SIGN_INS = QUICK ? 3 : 8;
const SERVER = 'synthetic';
const TOOLS = 50;
const TOOL = 'read-value';
const ARGS = { key: 'k' };
const MEMBER = 'bob';
const servers = { [SERVER]: syntheticServer({ name: SERVER, tools: TOOLS }) };
// bob (group eng) may call every tool of the synthetic server; ops is the admin a team needs.
const roles = [
  { name: 'ops', groups: ['ops'], admin: true, servers: { '*': { tools: '*' } } },
  { name: 'bench', groups: ['eng'], servers: { [SERVER]: { tools: '*' } } },
];

const cleanups = [];
const figures = [];
const errors = [];
const absent = [];
const cleanUp = async () => {
  for (const cleanup of cleanups.reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch((error) => log(`cleanup: ${error.message}`));
};

try {
  const { startTeam } = await loadTeamFixture();
  const personal = await startGatewayProcess({ config: { mcpServers: servers } });
  cleanups.push(() => personal.stop());
  const fileTeam = await startTeam({ servers, roles });
  cleanups.push(() => fileTeam.stop());
  const postgres = await startDurablePostgres();
  let pgTeam;
  if (postgres.reason) {
    log(`team: no PostgreSQL variant: ${postgres.reason}`);
    absent.push({
      id: 'team.toolcall.postgres',
      label: 'Tool call through a team-mode gateway, audit in PostgreSQL',
      reason: `no PostgreSQL on this machine (${postgres.reason})`,
    });
  } else {
    cleanups.push(() => postgres.pg.stop());
    log(`team: PostgreSQL ${postgres.url} (${postgres.settings})`);
    pgTeam = await startTeam({ servers, roles, database: { url: postgres.url } });
    cleanups.push(() => pgTeam.stop());
  }

  // Clients: the personal one as tool-call.bench.mjs makes it; a team one per gateway, as member bob.
  const clientOf = async (team) => {
    const member = await team.signIn(MEMBER);
    return mcpClient(team.base, SERVER, { cookie: member.cookie, authorization: `Bearer ${member.token}` });
  };
  const variants = [
    {
      id: 'personal',
      label: 'Personal mode (bearer token, no team)',
      pid: personal.pid,
      client: await mcpClient(personal.origin, SERVER, { Authorization: `Bearer ${personal.token}` }),
    },
    { id: 'file', label: 'Team mode, audit in the embedded file store', pid: fileTeam.gateway.pid, team: fileTeam },
  ];
  variants[1].client = await clientOf(fileTeam);
  if (pgTeam) {
    variants.push({
      id: 'postgres',
      label: 'Team mode, audit in PostgreSQL',
      pid: pgTeam.gateway.pid,
      team: pgTeam,
      client: await clientOf(pgTeam),
    });
  }
  for (const v of variants) cleanups.push(() => v.client.close());

  const run = async (v, n) => {
    const times = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      const result = await v.client.callTool({ name: TOOL, arguments: ARGS });
      times.push(performance.now() - started);
      if (result.isError) throw new Error(`${v.id}: ${TOOL} answered an error: ${JSON.stringify(result.content)}`);
    }
    return times;
  };
  for (const v of variants) await run(v, WARMUP);
  const auditBefore = pgTeam ? await auditRowCount(postgres.pg) : null;
  const times = Object.fromEntries(variants.map((v) => [v.id, []]));
  const cpu = Object.fromEntries(variants.map((v) => [v.id, 0]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const v of variants) {
      const before = cpuTimeMs(v.pid);
      times[v.id].push(...(await run(v, PER_ROUND)));
      const after = cpuTimeMs(v.pid);
      cpu[v.id] = before === null || after === null || cpu[v.id] === null ? null : cpu[v.id] + (after - before);
    }
    log(`team: tool-call round ${r + 1}/${ROUNDS} done`);
  }

  // Where did the audit records go? (A gateway built before PostgreSQL was wired in writes the file.)
  const fileLines = (team) => {
    const file = join(team.dataDir, 'audit.jsonl');
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
  };
  const calls = ROUNDS * PER_ROUND;
  const audit = { file: `${fileLines(fileTeam)} records in ${join(fileTeam.dataDir, 'audit.jsonl')}` };
  let pgProblem;
  if (pgTeam) {
    const rows = await auditRowCount(postgres.pg);
    const added = rows === null || auditBefore === null ? null : rows - auditBefore;
    audit.postgres = `${rows ?? 'no'} rows in audit_records (${added ?? 0} during the measured calls), ${fileLines(pgTeam)} records in its data folder's audit.jsonl`;
    if (added === null || added < 2 * calls) {
      pgProblem =
        `the gateway did not write the audit to PostgreSQL (${audit.postgres}); ` +
        'gateway/dist may predate PostgreSQL audit support: run npm run build';
    }
  }
  if (fileLines(fileTeam) < 2 * calls) throw new Error(`the file store holds too few audit records: ${audit.file}`);
  log(`team: audit: ${JSON.stringify(audit)}`);

  const s = Object.fromEntries(variants.map((v) => [v.id, summarize(times[v.id])]));
  for (const v of variants) log(`team: ${v.id}: ${JSON.stringify(s[v.id])}`);
  const baseline = (p) => ({ label: 'personal mode, same run', value: s.personal[p], unit: 'ms' });
  for (const v of variants) {
    const vFigures = [];
    for (const p of ['p50', 'p95', 'mean']) {
      vFigures.push({
        id: `team.toolcall.${v.id}.${p}`,
        label: `Tool call, ${v.label}, ${p}`,
        value: s[v.id][p],
        unit: 'ms',
        ...(v.id === 'personal' ? {} : { baseline: baseline(p) }),
        samples: times[v.id].length,
        chart: 'team-toolcall',
        chartTitle: 'Tool call through the gateway: personal vs team mode (ms)',
      });
    }
    if (v.id !== 'personal') {
      vFigures.push({
        id: `team.toolcall.${v.id}.overhead.p50`,
        label: `Role check + audit per call (${v.label} p50 − personal p50)`,
        value: round(s[v.id].p50 - s.personal.p50, 3),
        unit: 'ms',
        samples: times[v.id].length,
        notes: `goal ≤ 1.5 ms p50 on PostgreSQL; audit: ${audit[v.id]}`,
      });
    }
    if (cpu[v.id] !== null) {
      vFigures.push({
        id: `team.toolcall.${v.id}.gateway-cpu`,
        label: `Gateway CPU time per call, ${v.label}`,
        value: round(cpu[v.id] / times[v.id].length, 3),
        unit: 'ms',
        samples: times[v.id].length,
        notes:
          'user + system time of the gateway process (/proc) over the blocks of this variant, divided by its calls',
      });
    }
    if (v.id === 'postgres' && pgProblem) {
      log(`team: not reporting the PostgreSQL figures: ${pgProblem}`);
      for (const f of vFigures)
        errors.push({ id: f.id, label: f.label, reason: `${pgProblem} (measured ${f.value} ms)` });
    } else figures.push(...vFigures);
  }

  // Sign-in → first card drawn, alternating between the team gateways.
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const teams = variants.filter((v) => v.team && !(v.id === 'postgres' && pgProblem));
  const person = fileTeam.idp.people.find((p) => p.sub === MEMBER);
  const signIn = (v) => timedSignIn(browser, { base: v.team.base, issuer: v.team.idp.issuer, person, tools: TOOLS });
  for (const v of teams) await signIn(v); // warm-up: the gateway's pages and the server's lists
  const samples = Object.fromEntries(teams.map((v) => [v.id, []]));
  for (let i = 0; i < SIGN_INS; i++) {
    for (const v of teams) samples[v.id].push(await signIn(v));
    log(
      `team: sign-in ${i + 1}/${SIGN_INS}: ${teams.map((v) => `${v.id} ${round(samples[v.id][i].ms, 1)} ms`).join(', ')}`,
    );
  }
  for (const v of teams) {
    const ms = summarize(samples[v.id].map((x) => x.ms));
    const nodeMs = summarize(samples[v.id].map((x) => x.nodeMs));
    for (const p of ['p50', 'max']) {
      figures.push({
        id: `team.signin.${v.id}.${p}`,
        label: `Sign-in: provider redirects back → first card shows its tool count, ${v.label}, ${p}`,
        value: round(ms[p], 1),
        unit: 'ms',
        samples: SIGN_INS,
        notes: `goal ≤ 1000 ms; from Playwright's request event in Node instead of the browser's request start: ${round(nodeMs[p], 1)} ms`,
        chart: 'team-signin',
        chartTitle: 'Sign-in → dashboard drawn (ms)',
      });
    }
  }

  emit({
    bench: 'team',
    title: 'Team mode: role check, audit, sign-in',
    notes:
      `Tool call: ${calls} sequential calls of \`${TOOL}\` (a read tool that answers at once) per variant after ${WARMUP} warm-up calls, in ${ROUNDS} interleaved rounds, ` +
      'by one Node SDK client per gateway (StreamableHTTPClientTransport): personal mode with the bearer token; team mode as a signed-in member (role granting the server\'s tools "*") ' +
      'with the session cookie and page token on every request, so the difference is the role check and the audit writes (a begin record fsynced before the call is forwarded, an end record after). ' +
      `PostgreSQL: a throwaway cluster (test/support/postgres.ts) with ${postgres.settings ?? 'not run'} (the fixture turns them off; the bench turns them on unless TEAM_BENCH_PG_DURABLE=0). ` +
      `Sign-in: ${SIGN_INS} samples per team gateway after one warm-up, a fresh Chromium context each; the member opens the dashboard, is sent to the provider's login form (test/support/oidc-idp.ts), signs in; ` +
      "timed from the browser's request of /oidc/callback (Playwright request timing) to the animation frame where the first card's header shows its tool count (an init script checks each frame).",
    figures,
    errors,
    absent,
  });
} catch (error) {
  await cleanUp();
  throw error;
}
await cleanUp();
