#!/usr/bin/env node
// Replicas under load (docs/scaling.md): for 1, 2 and 3 team-mode gateways on one PostgreSQL behind HAProxy
// (test/support/replicas.ts, deploy/haproxy.cfg), P people signed in headlessly as distinct members each open a
// session on server-everything through the balancer (marked "shared", as in mcp-dashboard.config.json: one child
// per replica) and call `echo` in a closed loop for D seconds (concurrency = P), then at a steady total rate
// (REPLICAS_BENCH_RATE, default 500 calls/s) for D seconds. Reported: calls/s, p50/p99 call latency in both,
// sessions held, RSS per replica and per session. With 2 or more replicas, the replica holding the most sessions
// is then killed with SIGKILL while the clients keep calling; a client whose call fails opens a new session
// through the balancer (as a real client would) and the time from the kill to its next successful call is its
// failover time. With 3, one of the two left is then told to stop (SIGTERM) under the same load: the time to its
// exit and the calls refused or cut off. Last, the audit in PostgreSQL: for every call a client saw answered, one
// complete record. REPLICAS_BENCH_PEOPLE (default 100), REPLICAS_BENCH_SECONDS (default 15),
// REPLICAS_BENCH_COUNTS (default 1,2,3), REPLICAS_BENCH_SHARED=0 (one child per session).
import { setTimeout as sleep } from 'node:timers/promises';
import { tsImport } from 'tsx/esm/api';
import { emit, log } from './lib/contract.mjs';
import { percentile } from './lib/stats.mjs';
import { generatedPeople, processTreeRss } from './lib/proc.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const PEOPLE = Number(process.env.REPLICAS_BENCH_PEOPLE ?? (QUICK ? 20 : 100));
const SECONDS = Number(process.env.REPLICAS_BENCH_SECONDS ?? (QUICK ? 5 : 15));
const COUNTS = (process.env.REPLICAS_BENCH_COUNTS ?? '1,2,3').split(',').map(Number);
const SIGN_IN_AT_ONCE = 10;
const FAILOVER_WAIT_MS = 20_000;
const SERVER = 'everything';
// A gateway opens at most 16 sessions per server (gateway/src/config/limits.ts, one per dashboard tab); for 100
// people on one replica the bench raises it through the gateway's test-only limits variable.
const SESSION_LIMIT = Number(process.env.REPLICAS_BENCH_SESSION_LIMIT ?? 128);
// server-everything marked "shared" as in mcp-dashboard.config.json (one process per replica for every session);
// REPLICAS_BENCH_SHARED=0 measures one process per session instead.
const SHARED = process.env.REPLICAS_BENCH_SHARED !== '0';
// After the closed loop, the same people call at a steady total rate (each one every PEOPLE / RATE seconds) for
// SECONDS: the latency a replica gives at that load, rather than at the most it can take.
const RATE = Number(process.env.REPLICAS_BENCH_RATE ?? 500);

const { startReplicas } = await tsImport('../test/support/replicas.ts', import.meta.url);
const { startPostgres } = await tsImport('../test/support/postgres.ts', import.meta.url);

/** Generated members in group ops (the test roles let ops call every tool of `everything`). */
const people = generatedPeople(PEOPLE, 'p', 'Person');

/** RSS (bytes) of `pid` and every process under it, from /proc. */
const treeRss = (pid) => {
  const { total, processes } = processTreeRss(pid);
  return { bytes: total, processes };
};

/** `mcpd_sessions` of one replica, from its /metrics (loopback peers may read it). */
async function metricSessions(origin) {
  const text = await (await fetch(`${origin}/metrics`)).text().catch(() => '');
  return text
    .split('\n')
    .filter((l) => /^mcpd_sessions(\{| )/.test(l))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

/** Opens a session through the balancer as `member`; { id, replica } or undefined when refused. */
async function open(cluster, member) {
  const headers = { accept: 'application/json, text/event-stream' };
  const response = await member.api('POST', `/mcp/${SERVER}`, {
    headers,
    body: {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    },
  });
  await response.text();
  const id = response.headers.get('mcp-session-id');
  if (response.status !== 200 || !id) return undefined;
  const replica = cluster.servedBy(response);
  const note = await member.api('POST', `/mcp/${SERVER}`, {
    headers: { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
    body: { jsonrpc: '2.0', method: 'notifications/initialized' },
  });
  await note.text();
  return { id, replica };
}

/**
 * One person's loop: call `echo`, re-open the session after any failure, until `run.stop`. Closed (the next call as
 * soon as one is answered) unless `run.paceMs` is set: then one call every `run.paceMs`, from a random offset, and
 * at once after a failure.
 */
async function person(cluster, member, run) {
  const me = { sub: member.person.sub, session: undefined, ok: 0, failed: 0, recoveredMs: undefined };
  run.clients.push(me);
  let id = 1;
  let due = 0;
  let lastFailed = false;
  while (!run.stop) {
    if (run.paceMs > 0 && !lastFailed) {
      const now = performance.now();
      due = due < now - run.paceMs ? now + Math.random() * run.paceMs : due + run.paceMs;
      if (due > now) await sleep(due - now);
      if (run.stop) break;
    }
    if (!me.session) {
      me.session = await open(cluster, member).catch(() => undefined);
      if (!me.session) {
        await sleep(50);
        continue;
      }
    }
    const started = performance.now();
    id += 1;
    const call = await member
      .rpc(SERVER, me.session.id, {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'echo', arguments: { message: `${me.sub} ${id}` } },
      })
      .catch(() => ({ status: 0, answer: undefined }));
    const ended = performance.now();
    lastFailed = !(call.status === 200 && call.answer?.result && !call.answer.result.isError);
    if (!lastFailed) {
      me.ok += 1;
      if (run.measuring && started >= run.from) run.latencies.push(ended - started);
      // Only a call sent after the process was gone counts (one answered just before it died does not).
      if (me.affected && me.recoveredMs === undefined && run.deadAt && started >= run.deadAt)
        me.recoveredMs = ended - run.killedAt;
    } else {
      me.failed += 1;
      me.session = undefined;
      // While a replica drains: refused before reaching the server (404 on a session, 503 without), or broken.
      if (run.drainingSince && started >= run.drainingSince) {
        if (call.status === 404 || call.status === 503) run.drainRefused += 1;
        else run.drainBroken += 1;
      }
    }
  }
}

/** Complete audit records (allowed `echo` begin + `ok` end) per person in `database`. */
async function auditedCalls(pg, database) {
  const out = await pg.sql(
    `SELECT sub || ' ' || n FROM (SELECT b.record->'actor'->>'sub' AS sub, count(*) AS n FROM audit_records b
       JOIN audit_records e ON e.record->>'kind' = 'end' AND (e.record->>'begin')::bigint = b.seq
                           AND e.record->>'outcome' = 'ok'
      WHERE b.record->>'kind' = 'begin' AND b.record->>'name' = 'echo' AND b.record->>'decision' = 'allow'
      GROUP BY 1) per_person`,
    database,
  );
  const counts = new Map();
  for (const line of out.split('\n').map((l) => l.trim())) {
    const [sub, n] = line.split(' ');
    if (/^p\d+$/.test(sub ?? '')) counts.set(sub, Number(n));
  }
  return counts;
}

/** One round with `count` replicas: sign-ins, the load, the failover (count ≥ 2), the audit. */
async function round(pg, count, figures, errors) {
  const database = `bench_replicas_${count}`;
  const cluster = await startReplicas(count, {
    databaseUrl: await pg.database(database),
    people,
    env: {
      MCP_DASHBOARD_TEST_LIMITS: JSON.stringify({ sessionsPerServer: SESSION_LIMIT }),
      // As deployed (the tests' gateways stop at once): a replica told to stop finishes its calls first.
      MCP_DASHBOARD_DRAIN_SECONDS: '25',
    },
    servers: { [SERVER]: { command: 'mcp-server-everything', args: ['stdio'], ...(SHARED ? { shared: true } : {}) } },
  });
  const tag = `${count} replica${count > 1 ? 's' : ''}`;
  const label = (what) => `${what}, ${tag}`;
  const figure = (id, what, value, unit, extra = {}) =>
    figures.push({ id: `replicas.n${count}.${id}`, label: label(what), value, unit, ...extra });
  try {
    const idle = cluster.replicas.map((r) => treeRss(r.child.pid).bytes);
    let at = performance.now();
    const members = [];
    for (let i = 0; i < people.length; i += SIGN_IN_AT_ONCE)
      members.push(...(await Promise.all(people.slice(i, i + SIGN_IN_AT_ONCE).map((p) => cluster.signIn(p.sub)))));
    const signInS = (performance.now() - at) / 1000;
    log(`replicas ${count}: ${members.length} people signed in in ${signInS.toFixed(1)} s`);

    const run = {
      stop: false,
      measuring: false,
      from: 0,
      latencies: [],
      clients: [],
      killedAt: 0,
      deadAt: 0,
      paceMs: 0,
    };
    at = performance.now();
    const loops = members.map((m) => person(cluster, m, run));
    while (run.clients.filter((c) => c.session).length < members.length && performance.now() - at < 60_000)
      await sleep(100);
    const openS = (performance.now() - at) / 1000;
    log(`replicas ${count}: sessions open in ${openS.toFixed(1)} s; measuring ${SECONDS} s`);

    const okBefore = () => run.clients.reduce((s, c) => s + c.ok, 0);
    const startOk = okBefore();
    run.from = performance.now();
    run.measuring = true;
    await sleep(SECONDS * 1000);
    run.measuring = false;
    const calls = okBefore() - startOk;
    const elapsed = (performance.now() - run.from) / 1000;
    const held = run.clients.filter((c) => c.session).length;
    const perReplica = run.clients.reduce((a, c) => {
      if (c.session) a[c.session.replica] = (a[c.session.replica] ?? 0) + 1;
      return a;
    }, []);
    const metricHeld = await Promise.all(cluster.replicas.map((_, i) => metricSessions(cluster.direct(i))));
    const rss = cluster.replicas.map((r) => treeRss(r.child.pid));
    const rssTotal = rss.reduce((s, r) => s + r.bytes, 0);
    const idleTotal = idle.reduce((s, b) => s + b, 0);
    const mib = (b) => Math.round((b / 2 ** 20) * 10) / 10;
    const lat = run.latencies;
    if (lat.length === 0) throw new Error(`no call was answered (${held} sessions held)`);
    const notes = `${PEOPLE} people, ${SECONDS} s closed loop`;
    figure('calls', 'echo calls per second', Math.round(calls / elapsed), 'calls/s', { samples: calls, notes });
    figure('p50', 'echo call latency p50', round1(percentile(lat, 50)), 'ms', { samples: lat.length, notes });
    figure('p99', 'echo call latency p99', round1(percentile(lat, 99)), 'ms', { samples: lat.length, notes });
    figure('sessions', 'sessions held', held, 'sessions', {
      notes: `per replica (client side) ${perReplica.map((n) => n ?? 0).join(' / ')}; mcpd_sessions ${metricHeld.join(' / ')}`,
    });
    figure('rss.replica', 'RSS per replica (gateway + its children)', mib(rssTotal / count), 'MiB', {
      notes: `each: ${rss.map((r) => `${mib(r.bytes)} MiB in ${r.processes} processes`).join('; ')}; idle before sign-in ${idle.map(mib).join(' / ')} MiB`,
    });
    figure('rss.session', 'RSS per session', mib((rssTotal - idleTotal) / held), 'MiB', {
      notes: '(RSS with sessions − RSS idle) / sessions held; shared pages are counted in each process',
    });
    figure('signin', `time to sign ${PEOPLE} people in (${SIGN_IN_AT_ONCE} at a time)`, round1(signInS), 's');
    figure('open', `time to open ${PEOPLE} sessions at once`, round1(openS), 's');
    log(`replicas ${count}: ${Math.round(calls / elapsed)} calls/s, p50 ${percentile(lat, 50).toFixed(1)} ms`);

    // The same people at a steady total rate: what latency one call meets at that load.
    run.paceMs = (PEOPLE / RATE) * 1000;
    run.latencies = [];
    await sleep(Math.min(2000, run.paceMs * 2)); // the closed loop's last calls drain
    const pacedStart = okBefore();
    run.from = performance.now();
    run.measuring = true;
    await sleep(SECONDS * 1000);
    run.measuring = false;
    const paced = okBefore() - pacedStart;
    const pacedElapsed = (performance.now() - run.from) / 1000;
    const plat = run.latencies;
    const pnotes = `${PEOPLE} people, each calling every ${Math.round(run.paceMs)} ms (${RATE} calls/s offered), ${SECONDS} s`;
    figure(
      'paced.calls',
      `echo calls per second answered at ${RATE} offered`,
      Math.round(paced / pacedElapsed),
      'calls/s',
      {
        samples: paced,
        notes: pnotes,
      },
    );
    if (plat.length > 0) {
      figure('paced.p50', `echo call latency p50 at ${RATE} calls/s`, round1(percentile(plat, 50)), 'ms', {
        samples: plat.length,
        notes: pnotes,
      });
      figure('paced.p99', `echo call latency p99 at ${RATE} calls/s`, round1(percentile(plat, 99)), 'ms', {
        samples: plat.length,
        notes: pnotes,
      });
      log(
        `replicas ${count}: at ${RATE} calls/s offered, ${Math.round(paced / pacedElapsed)} answered, p99 ${percentile(plat, 99).toFixed(1)} ms`,
      );
    }

    if (count >= 2) {
      const victim = perReplica.reduce((best, n, i) => ((n ?? 0) > (perReplica[best] ?? 0) ? i : best), 0);
      for (const c of run.clients) c.affected = c.session?.replica === victim;
      const affected = run.clients.filter((c) => c.affected);
      run.killedAt = performance.now();
      run.victim = victim;
      await cluster.kill(victim);
      run.deadAt = performance.now();
      log(`replicas ${count}: killed replica ${victim + 1} holding ${affected.length} sessions`);
      const until = performance.now() + FAILOVER_WAIT_MS;
      while (affected.some((c) => c.recoveredMs === undefined) && performance.now() < until) await sleep(50);
      await sleep(500);
      const times = affected.map((c) => c.recoveredMs).filter((t) => t !== undefined);
      const lost = affected.length - times.length;
      const fnotes = `${affected.length} clients on the killed replica; ${lost} did not recover within ${FAILOVER_WAIT_MS / 1000} s; the balancer checks every second`;
      if (times.length > 0) {
        figure('failover.p50', 'failover: kill → next successful call, p50', round1(percentile(times, 50)), 'ms', {
          samples: times.length,
          notes: fnotes,
        });
        figure('failover.max', 'failover: kill → next successful call, max', round1(Math.max(...times)), 'ms', {
          samples: times.length,
          notes: fnotes,
        });
      } else errors.push({ id: `replicas.n${count}.failover`, label: label('failover'), reason: fnotes });
    }

    // Drain under load (3 replicas: one was killed, one of the two left is told to stop): SIGTERM → exit while
    // everyone keeps calling; new calls on its sessions are refused (404) and go to the other replica.
    if (count >= 3) {
      const held = run.clients.reduce((a, c) => {
        if (c.session && c.session.replica !== run.victim) a[c.session.replica] = (a[c.session.replica] ?? 0) + 1;
        return a;
      }, []);
      const drainee = held.reduce((best, n, i) => ((n ?? 0) > (held[best] ?? 0) ? i : best), held.findIndex(Boolean));
      const child = cluster.replicas[drainee].child;
      const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      run.drainRefused = 0;
      run.drainBroken = 0;
      const okAtTerm = run.clients.reduce((sum, c) => sum + c.ok, 0);
      run.drainingSince = performance.now();
      child.kill('SIGTERM');
      const code = await Promise.race([exited, sleep(30_000).then(() => 'still running after 30 s')]);
      const exitMs = performance.now() - run.drainingSince;
      await sleep(1000);
      const answered = run.clients.reduce((sum, c) => sum + c.ok, 0) - okAtTerm;
      const dnotes = `SIGTERM to the replica holding ${held[drainee] ?? 0} sessions while ${PEOPLE} people call at ${RATE} calls/s; exit code ${code}; drain bound 25 s`;
      figure('drain.exit', 'drain under load: SIGTERM → the replica has exited', round1(exitMs), 'ms', {
        notes: dnotes,
      });
      figure(
        'drain.refused',
        'drain under load: calls refused before reaching the server, sent again elsewhere',
        run.drainRefused,
        'calls',
        {
          samples: answered,
          notes: `${answered} calls answered meanwhile (by either replica)`,
        },
      );
      figure('drain.broken', 'drain under load: calls cut off in flight', run.drainBroken, 'calls', { notes: dnotes });
      log(
        `replicas ${count}: drained replica ${drainee + 1} in ${Math.round(exitMs)} ms; ${run.drainRefused} refused, ${run.drainBroken} cut off`,
      );
    }
    run.stop = true;
    await Promise.all(loops);

    // The audit: an answer waits for its end record, so every answered call should have one complete record.
    await sleep(500);
    const audited = await auditedCalls(pg, database);
    let lost = 0;
    let extra = 0;
    for (const c of run.clients) {
      const records = audited.get(c.sub) ?? 0;
      lost += Math.max(0, c.ok - records);
      extra += Math.max(0, records - c.ok);
    }
    const answered = run.clients.reduce((s, c) => s + c.ok, 0);
    figure('audit.lost', 'answered calls without a complete audit record', lost, 'records', {
      samples: answered,
      notes: `${answered} answered calls; ${extra} complete records beyond what clients saw answered (calls whose answer was lost with the killed replica)`,
    });
  } finally {
    await cluster.stop().catch((error) => log(`stop: ${error.message}`));
  }
}

function round1(x) {
  return Math.round(x * 10) / 10;
}

const figures = [];
const errors = [];
let pg;
try {
  pg = await startPostgres();
  for (const count of COUNTS) {
    try {
      await round(pg, count, figures, errors);
    } catch (error) {
      log(`replicas ${count}: ${error.stack}`);
      errors.push({ id: `replicas.n${count}`, label: `${count} replicas`, reason: error.message });
    }
  }
} finally {
  await pg?.stop().catch(() => {});
}
emit({
  bench: 'replicas',
  title: 'Replicas (team mode, PostgreSQL, HAProxy)',
  notes: `${SHARED ? '' : `Sessions per server per replica raised from the default 16 to ${SESSION_LIMIT} (MCP_DASHBOARD_TEST_LIMITS). `}${PEOPLE} distinct people (generated, group ops), signed in headlessly through the balancer, each with a session on server-everything (${SHARED ? 'marked "shared" as in mcp-dashboard.config.json: one stdio child per replica for every session' : 'one stdio child per session'}) calling \`echo\` in a closed loop for ${SECONDS} s (concurrency ${PEOPLE}), then at a steady ${RATE} calls/s in all (each person every ${(PEOPLE / RATE) * 1000} ms) for ${SECONDS} s; Node fetch clients speaking the MCP Streamable HTTP protocol; HAProxy with deploy/haproxy.cfg; PostgreSQL from test/support/postgres.ts (fsync off, as in the tests); everything on this one machine. Failover (at the steady rate): SIGKILL of the replica holding the most sessions; each affected client re-initializes through the balancer after its failed call. Drain (3 replicas): SIGTERM to the replica left holding the most sessions, drain bound 25 s. Audit: PostgreSQL's audit_records joined begin → end per person, against the calls each client saw answered.`,
  figures,
  errors,
});
