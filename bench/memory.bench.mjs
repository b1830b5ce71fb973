#!/usr/bin/env node
// Memory per replica (docs/scaling.md): one team-mode gateway with the default servers (mcp-dashboard.config.json),
// P people signed in headlessly as distinct members, each with a 2025-era session on every default server, as
// their dashboard page would hold. Measured twice: with the servers marked "shared" (one child per server for
// everyone, gateway/src/relay/shared-process.ts) and without (one child per session; fewer people, since 100 × 4
// children do not fit this machine: the figure per person is extrapolated to 100, and the report says so).
// Reported: RSS of the gateway alone and of the gateway with all its children, per person, the process count;
// then, with everyone signed in, P people calling server-everything's `echo` in a closed loop for D seconds:
// calls/s and p50/p99 latency. MEMORY_BENCH_PEOPLE (default 100), MEMORY_BENCH_UNSHARED_PEOPLE (default 20),
// MEMORY_BENCH_SECONDS (default 15).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { emit, log } from './lib/contract.mjs';
import { percentile } from './lib/stats.mjs';
import { generatedPeople, processTreeRss } from './lib/proc.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const PEOPLE = Number(process.env.MEMORY_BENCH_PEOPLE ?? (QUICK ? 20 : 100));
const UNSHARED_PEOPLE = Number(process.env.MEMORY_BENCH_UNSHARED_PEOPLE ?? (QUICK ? 5 : 20));
const SECONDS = Number(process.env.MEMORY_BENCH_SECONDS ?? (QUICK ? 5 : 15));
const AT_ONCE = 10;
const GIB = 2 ** 30;
const MIB = 2 ** 20;

const root = join(fileURLToPath(import.meta.url), '..', '..');
const defaults = JSON.parse(readFileSync(join(root, 'mcp-dashboard.config.json'), 'utf8')).mcpServers;
const { startTeam } = await tsImport('../test/support/team-fixture.ts', import.meta.url);

/** The default servers, all marked shared or none (a non-shared server's cap raised to fit everyone). */
function servers(shared, people) {
  const out = {};
  for (const [name, entry] of Object.entries(defaults)) {
    const { shared: _ignored, ...rest } = entry;
    out[name] = shared ? { ...rest, shared: true } : { ...rest, maxChildren: people + 8 };
  }
  return out;
}

/** Generated members in group ops (the test roles let ops call every tool of every server). */
const members = (n) => generatedPeople(n, 'm', 'Member');

/** RSS of the gateway alone and with every process under it. */
const rssOf = processTreeRss;

const round1 = (x) => Math.round(x * 10) / 10;

/** One mode: sign in, open every person's sessions, measure memory, then the echo load. */
async function measure(shared, count, figures) {
  const tag = shared ? 'shared' : 'unshared';
  const people = members(count);
  const team = await startTeam({ servers: servers(shared, count), people });
  const figure = (id, label, value, unit, extra = {}) =>
    figures.push({ id: `memory.${tag}.${id}`, label: `${label} (${tag})`, value, unit, ...extra });
  try {
    await sleep(3000); // warm spares and the catalog settle
    const idle = rssOf(team.gateway.pid);
    const signedIn = [];
    for (let i = 0; i < people.length; i += AT_ONCE)
      signedIn.push(...(await Promise.all(people.slice(i, i + AT_ONCE).map((p) => team.signIn(p.sub)))));
    const sessions = new Map();
    let refused = 0;
    for (let i = 0; i < signedIn.length; i += AT_ONCE) {
      await Promise.all(
        signedIn.slice(i, i + AT_ONCE).map(async (m) => {
          const own = {};
          for (const name of Object.keys(defaults)) own[name] = await m.open(name).catch(() => void (refused += 1));
          sessions.set(m, own);
        }),
      );
    }
    await sleep(5000); // children finish loading
    const held = rssOf(team.gateway.pid);
    const perPerson = (held.total - idle.total) / count;
    const notes = `${count} people × ${Object.keys(defaults).length} servers (${count * Object.keys(defaults).length - refused} sessions; ${refused} refused); ${held.processes} processes; idle before sign-in ${round1(idle.total / MIB)} MiB`;
    figure('rss.replica', 'RSS of the replica (gateway + children)', round1(held.total / MIB), 'MiB', { notes });
    figure('rss.gateway', 'RSS of the gateway process alone', round1(held.own / MIB), 'MiB', { notes });
    figure('rss.person', 'RSS per person (4 sessions)', round1(perPerson / MIB), 'MiB', {
      notes: '(RSS with everyone − RSS idle) / people',
    });
    figure('processes', 'processes (gateway + children)', held.processes, 'processes', { notes });
    if (count !== 100)
      figure(
        'rss.replica.at100',
        'RSS of the replica for 100 people, extrapolated',
        round1((idle.total + 100 * perPerson) / GIB),
        'GiB',
        {
          notes: `idle + 100 × the per-person figure measured with ${count} people`,
        },
      );
    log(`memory ${tag}: ${count} people, ${round1(held.total / MIB)} MiB in ${held.processes} processes`);

    // The echo load: everyone calls server-everything's echo in a closed loop.
    const latencies = [];
    let stop = false;
    let measuring = false;
    let ok = 0;
    let failed = 0;
    const loop = async (m) => {
      const session = sessions.get(m)?.everything;
      if (!session) return;
      let id = 1;
      while (!stop) {
        id += 1;
        const started = performance.now();
        const call = await m
          .rpc('everything', session, {
            jsonrpc: '2.0',
            id,
            method: 'tools/call',
            params: { name: 'echo', arguments: { message: `${m.person.sub} ${id}` } },
          })
          .catch(() => ({ status: 0 }));
        const ended = performance.now();
        const good = call.status === 200 && call.answer?.result && !call.answer.result.isError;
        if (!measuring) continue;
        if (good) {
          ok += 1;
          latencies.push(ended - started);
        } else failed += 1;
      }
    };
    const loops = signedIn.map(loop);
    await sleep(2000);
    measuring = true;
    const from = performance.now();
    await sleep(SECONDS * 1000);
    measuring = false;
    const elapsed = (performance.now() - from) / 1000;
    stop = true;
    await Promise.all(loops);
    const loaded = `${count} people calling at once, ${SECONDS} s closed loop; ${failed} failed calls`;
    if (latencies.length > 0) {
      figure('calls', 'echo calls per second', Math.round(ok / elapsed), 'calls/s', { samples: ok, notes: loaded });
      figure('p50', 'echo call latency p50', round1(percentile(latencies, 50)), 'ms', { samples: ok, notes: loaded });
      figure('p99', 'echo call latency p99', round1(percentile(latencies, 99)), 'ms', { samples: ok, notes: loaded });
    }
    log(`memory ${tag}: ${Math.round(ok / elapsed)} calls/s, p99 ${round1(percentile(latencies, 99))} ms`);
  } finally {
    await team.stop().catch(() => {});
  }
}

const figures = [];
const errors = [];
for (const [shared, count] of [
  [true, PEOPLE],
  [false, UNSHARED_PEOPLE],
]) {
  try {
    await measure(shared, count, figures);
  } catch (error) {
    log(`memory ${shared ? 'shared' : 'unshared'}: ${error.stack}`);
    errors.push({ id: `memory.${shared ? 'shared' : 'unshared'}`, label: 'memory', reason: error.message });
  }
}
emit({
  bench: 'memory',
  title: 'Memory per replica: default servers, shared and not shared',
  notes: `One team-mode gateway (embedded store, test/support/team-fixture.ts, the real OpenID provider), the four default servers of mcp-dashboard.config.json; generated people (group ops) signed in headlessly ${AT_ONCE} at a time, each opening a 2025-era session (initialize + initialized, fetch clients speaking Streamable HTTP) on every server. "shared": every server marked "shared": true (one child each); "unshared": none marked (one child per session, "maxChildren" raised to fit). RSS summed over the gateway's process tree from /proc (shared pages counted in each process). The echo load: every person calls server-everything's echo on their own session in a closed loop (concurrency = people).`,
  figures,
  errors,
});
