#!/usr/bin/env node
// Twenty-one real servers at once (issue 30): the gateway started as a user starts it, with server-everything,
// server-filesystem, server-memory, the 17 MCP Apps example servers installed from npm (stdio, `--stdio`) and a
// Python-SDK-style fixture (slower start, strict validation: test/fixtures/python-style-server.mjs). Timed from
// spawning the gateway: its "ready" line, then each server's catalog entry settling (`GET /api/catalog`: ready,
// or unavailable with a reason) — what the page's status tiles draw from — and the last one. Baseline in the same
// run: the same servers started one by one by a bare SDK client (start + initialize + tools/list), summed and the
// slowest, i.e. what each costs alone on this machine. MANY_BENCH_SAMPLES (default 3, 1 with BENCH_QUICK=1).
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { tsImport } from 'tsx/esm/api';
import { emit, log } from './lib/contract.mjs';
import { median, round } from './lib/stats.mjs';
import { repoRoot, startGatewayProcess } from '../test/support/gateway-process.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SAMPLES = Number(process.env.MANY_BENCH_SAMPLES ?? (QUICK ? 1 : 3));
const { EXAMPLE_APPS, exampleAppServers } = await tsImport('../test/support/example-apps.ts', import.meta.url);

/** The 21 servers; `shared`: each marked "shared": true (one process serves every session, and the catalog lists on it). */
function servers(shared = false) {
  const apps = exampleAppServers(EXAMPLE_APPS);
  const all = {
    everything: { command: 'mcp-server-everything', args: ['stdio'] },
    filesystem: { command: 'mcp-server-filesystem', args: [repoRoot] },
    memory: { command: 'mcp-server-memory' },
    'python-style': { command: 'node', args: ['test/fixtures/python-style-server.mjs'] },
    ...Object.fromEntries(Object.entries(apps).slice(0, 17)),
  };
  return shared ? Object.fromEntries(Object.entries(all).map(([n, e]) => [n, { ...e, shared: true }])) : all;
}

/** One start: gateway spawn → ready line → every catalog entry settled; per server the time it settled. */
async function sample(shared) {
  const config = { mcpServers: servers(shared) };
  const started = performance.now();
  const gw = await startGatewayProcess({ config, readyTimeoutMs: 120_000 });
  const ready = performance.now() - started;
  const settled = new Map();
  const auth = { Authorization: `Bearer ${gw.token}` };
  try {
    const names = Object.keys(config.mcpServers);
    while (settled.size < names.length && performance.now() - started < 180_000) {
      const body = await (await fetch(`${gw.origin}/api/catalog`, { headers: auth })).json();
      for (const name of names) {
        const state = body.servers?.[name]?.state;
        if (!settled.has(name) && (state === 'ready' || state === 'unavailable'))
          settled.set(name, { at: performance.now() - started, state });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return { ready, settled, names };
  } finally {
    await gw.stop();
  }
}

/** Each server alone through a bare SDK client: spawn, initialize, tools/list, close (ms). */
async function alone(name, entry) {
  const t0 = performance.now();
  const client = new Client({ name: 'bench', version: '1' }, { capabilities: {} });
  const transport = new StdioClientTransport({
    command: entry.command === 'node' ? process.execPath : join(repoRoot, 'node_modules', '.bin', entry.command),
    args: entry.args ?? [],
    cwd: repoRoot,
    stderr: 'ignore',
  });
  try {
    await client.connect(transport);
    await client.listTools();
    return performance.now() - t0;
  } catch (error) {
    log(`alone ${name}: ${error.message}`);
    return undefined;
  } finally {
    await client.close().catch(() => {});
  }
}

const figures = [];
const errors = [];
const lastOf = (run) => Math.max(...[...run.settled.values()].map((s) => s.at));
const secs = (ms) => round(ms / 1000, 2);
try {
  const entries = Object.entries(servers());
  const each = [];
  for (const [name, entry] of entries) each.push(await alone(name, entry));
  const known = each.filter((x) => x !== undefined);
  for (const shared of [false, true]) {
    const tag = shared ? 'shared' : 'separate';
    const runs = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const run = await sample(shared);
      runs.push(run);
      log(
        `${tag} ${i + 1}: ready ${secs(run.ready)} s, last settled ${secs(lastOf(run))} s, ${run.settled.size}/${run.names.length}`,
      );
    }
    const perServer = [...runs.at(-1).settled.entries()].sort((a, b) => a[1].at - b[1].at);
    log(
      `${tag}, last sample: ${perServer.map(([n, v]) => `${n} ${secs(v.at)} s${v.state === 'ready' ? '' : ` (${v.state})`}`).join(', ')}`,
    );
    const how = shared ? 'every server "shared": true' : 'one process per session (the default)';
    figures.push(
      {
        id: `many.${tag}.all-settled`,
        label: `gateway start → all ${entries.length} servers listed (${how})`,
        value: secs(median(runs.map(lastOf))),
        unit: 's',
        samples: runs.length,
        baseline: {
          label: 'the same servers one after another, alone (sum)',
          value: secs(known.reduce((a, b) => a + b, 0)),
          unit: 's',
        },
        notes: `goal ≤ 10 s; not settled within 180 s: ${runs.map((r) => r.names.length - r.settled.size).join(', ')}`,
      },
      {
        id: `many.${tag}.first-settled`,
        label: `gateway start → the first server listed (${how})`,
        value: secs(median(runs.map((r) => Math.min(...[...r.settled.values()].map((v) => v.at))))),
        unit: 's',
        samples: runs.length,
      },
      {
        id: `many.${tag}.gateway-ready`,
        label: `gateway start → its "ready" line (${how})`,
        value: secs(median(runs.map((r) => r.ready))),
        unit: 's',
        samples: runs.length,
      },
    );
  }
  figures.push({
    id: 'many.slowest-alone',
    label: 'the slowest of them alone (start + initialize + tools/list)',
    value: secs(Math.max(...known)),
    unit: 's',
    samples: 1,
  });
} catch (error) {
  errors.push({ id: 'many.run', label: 'the 21-server start-up', reason: String(error?.message ?? error) });
}

emit({
  bench: 'many-servers',
  title: 'Twenty-one servers at once: gateway start → every server listed',
  notes:
    'The real gateway (gateway/bin/mcp-dashboard.js, --port 0 --no-open) with 21 stdio servers: server-everything, server-filesystem, server-memory, a Python-SDK-style fixture and 17 MCP Apps example servers from npm. Polls GET /api/catalog every 50 ms; a server counts once its entry is ready or unavailable. Baseline: each server alone through a bare SDK client, one after another (their sum is what a serial start would cost).',
  figures,
  errors,
});
