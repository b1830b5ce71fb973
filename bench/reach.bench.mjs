#!/usr/bin/env node
// Reaching every server: what negotiation and the relay's new work cost, in Node clients
// against a real gateway:
//   - connect time through the gateway with version negotiation ('auto', as the dashboard's bridge
//     does) vs without, the first connect of a server (the probe meets an unknown server) and a later
//     one (the verdict is known);
//   - tool-call p50/p95 through the gateway on a 2025 session (the relay now tags every SSE event with an
//     id in an event store and routes by request) and as 2026-07-28 exchanges over the shared stdio child,
//     with a bare stdio client as the baseline;
//   - how long after an HTTP server comes back the first call through the gateway succeeds.
// Rounds are interleaved so that machine noise is shared.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { emit, log } from './lib/contract.mjs';
import { round, summarize } from './lib/stats.mjs';
import { startGatewayProcess } from '../test/support/gateway-process.mjs';
import { startEverythingHttp } from '../test/support/http-fixtures.mjs';

process.removeAllListeners('warning');
const QUICK = process.env.BENCH_QUICK === '1';
const CALLS = QUICK ? 100 : 400;
const ROUNDS = QUICK ? 2 : 4;
const probeServer = { command: 'node', args: ['test/fixtures/relay-probe-server.mjs', '--modern'] };
const legacyServer = { command: 'node', args: ['test/fixtures/relay-probe-server.mjs'] };

function client(negotiate) {
  return new Client(
    { name: 'reach-bench', version: '1' },
    { capabilities: {}, ...(negotiate ? { versionNegotiation: { mode: 'auto' } } : {}) },
  );
}

async function viaGateway(gw, name, negotiate) {
  const c = client(negotiate);
  const started = performance.now();
  await c.connect(
    new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), {
      requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
    }),
  );
  return { c, ms: performance.now() - started };
}

async function calls(c, n) {
  const times = [];
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    await c.callTool({ name: 'env', arguments: { name: 'HOME' } });
    times.push(performance.now() - t);
  }
  return times;
}

const connect = { firstLegacy: [], firstAuto: [], laterLegacy: [], laterAuto: [] };
const call = { stdio: [], gateway2025: [], gateway2026: [] };
for (let r = 0; r < ROUNDS; r += 1) {
  const gw = await startGatewayProcess({
    config: { mcpServers: { a: legacyServer, b: legacyServer, m: probeServer } },
  });
  try {
    // First connects: a without negotiation, b with it (both 2025-only servers), order alternating.
    const order = r % 2 ? ['b', 'a'] : ['a', 'b'];
    for (const name of order) {
      const { c, ms } = await viaGateway(gw, name, name === 'b');
      (name === 'b' ? connect.firstAuto : connect.firstLegacy).push(ms);
      await c.close();
    }
    for (const name of order) {
      const { c, ms } = await viaGateway(gw, name, name === 'b');
      (name === 'b' ? connect.laterAuto : connect.laterLegacy).push(ms);
      await c.close();
    }
    const bare = client(false);
    await bare.connect(new StdioClientTransport(legacyServer));
    const legacy = (await viaGateway(gw, 'm', false)).c;
    const modern = (await viaGateway(gw, 'm', true)).c;
    if (modern.getNegotiatedProtocolVersion() !== '2026-07-28')
      throw new Error(`expected 2026-07-28, got ${modern.getNegotiatedProtocolVersion()}`);
    for (const c of [bare, legacy, modern]) await calls(c, 20); // warm-up
    call.stdio.push(...(await calls(bare, CALLS)));
    call.gateway2025.push(...(await calls(legacy, CALLS)));
    call.gateway2026.push(...(await calls(modern, CALLS)));
    await Promise.all([bare.close(), legacy.close(), modern.close()]);
  } finally {
    await gw.stop();
  }
  log(`reach: round ${r + 1}/${ROUNDS} done`);
}

// Recovery: server-everything (streamableHttp) stopped and started again on its port.
const recovery = [];
{
  let everything = await startEverythingHttp('streamableHttp');
  const gw = await startGatewayProcess({
    config: { mcpServers: { remote: { type: 'http', url: everything.url('/mcp') } } },
  });
  try {
    const { c } = await viaGateway(gw, 'remote', false);
    for (let r = 0; r < ROUNDS; r += 1) {
      await c.callTool({ name: 'echo', arguments: { message: 'up' } });
      const port = everything.port;
      await everything.stop();
      everything = await startEverythingHttp('streamableHttp', port);
      const back = performance.now();
      await c.callTool({ name: 'echo', arguments: { message: 'back' } });
      recovery.push(performance.now() - back);
    }
    await c.close();
  } finally {
    await gw.stop();
    await everything.stop();
  }
}

const figure = (id, label, values, notes) => {
  const s = summarize(values);
  return {
    id,
    label,
    value: round(s.p50, 2),
    unit: 'ms',
    samples: values.length,
    notes: `${notes ? `${notes}; ` : ''}p95 ${round(s.p95, 2)} ms`,
  };
};
emit({
  bench: 'reach',
  title: 'Reaching servers: negotiation, relay and recovery costs',
  notes: `Node clients against a real gateway; ${ROUNDS} rounds, ${CALLS} sequential calls of a trivial tool per variant and round.`,
  figures: [
    figure(
      'reach.connect.first.legacy',
      'First connect of a stdio server through the gateway, no negotiation, p50',
      connect.firstLegacy,
    ),
    figure(
      'reach.connect.first.auto',
      'First connect of a 2025-only stdio server, negotiating (probe, then initialize on the same process), p50',
      connect.firstAuto,
    ),
    figure('reach.connect.later.legacy', 'Later connect, no negotiation, p50', connect.laterLegacy),
    figure('reach.connect.later.auto', 'Later connect, negotiating (verdict known), p50', connect.laterAuto),
    figure('reach.call.stdio', 'Tool call, bare SDK client over stdio (baseline), p50', call.stdio),
    figure(
      'reach.call.gateway-2025',
      'Tool call through the gateway, 2025-11-25 session (event ids, request routing), p50',
      call.gateway2025,
    ),
    figure(
      'reach.call.gateway-2026',
      'Tool call through the gateway, 2026-07-28 exchange on the shared stdio child, p50',
      call.gateway2026,
    ),
    figure(
      'reach.recovery.first-call',
      'HTTP server restarted: first call after it is back (includes the new session), p50',
      recovery,
    ),
  ],
});
