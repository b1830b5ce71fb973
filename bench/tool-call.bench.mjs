#!/usr/bin/env node
// Tool-call overhead. p50/p95 of 1,000 calls of a trivial read tool
// (`read-value` on bench/synthetic-server.mjs):
//   - through the whole host path in Chromium (widget event → policy with a remembered consent →
//     validation → bridge → gateway → stdio server); the dialog is answered once, in set-up,
//     "confirm and remember", and never again;
//   - decomposed: the raw MCPBridge, a bare SDK client in the page, one fetch round trip;
//   - in Node: a bare SDK client over stdio (the baseline), the same client through the gateway's
//     HTTP relay (relay overhead = difference), one fetch round trip to the gateway.
// Calls are sequential; every variant runs in interleaved blocks so machine noise is shared.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { launchBrowser, watchProblems } from './lib/browser.mjs';
import { cpuTimeMs } from './lib/proc.mjs';
import { emit, log } from './lib/contract.mjs';
import { buildHarness, serveHarness } from './lib/harness.mjs';
import { syntheticServer } from './lib/servers.mjs';
import { round, summarize } from './lib/stats.mjs';
import { startGatewayProcess } from '../test/support/gateway-process.mjs';

// undici's Request keeps an abort listener on the transport's signal until it is garbage-collected;
// over thousands of calls Node warns about it. It is the Node client's, not the gateway's; keep stderr readable.
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name !== 'MaxListenersExceededWarning') log(`warning: ${w.name}: ${w.message}`);
});

const QUICK = process.env.BENCH_QUICK === '1';
const CALLS = QUICK ? 200 : 1000;
const ROUNDS = 4;
const WARMUP = 50;
const SERVER = 'synthetic';
const TOOL = 'read-value';
const ARGS = { key: 'k' };
const server = syntheticServer({ name: SERVER, tools: 50 });

const harness = await buildHarness({ 'host-path': 'bench/harness/host-path.ts' });
const site = await serveHarness(harness.dir);
const gateway = await startGatewayProcess({
  config: { mcpServers: { [SERVER]: server } },
  allowOrigins: [site.origin],
});
const browser = await launchBrowser();
const cleanups = [() => harness.cleanup(), () => site.close(), () => gateway.stop(), () => browser.close()];

try {
  // Browser side.
  const page = await browser.newPage();
  const problems = watchProblems(page);
  let preflights = 0;
  let counting = false;
  page.on('request', (r) => {
    if (counting && r.method() === 'OPTIONS') preflights += 1;
  });
  await page.goto(`${site.origin}/host-path.html`);
  await page.waitForFunction(() => globalThis.bench !== undefined);
  const ready = await page.evaluate((o) => globalThis.bench.setup(o), {
    baseUrl: gateway.origin,
    token: gateway.token,
    serverName: SERVER,
    toolName: TOOL,
    args: ARGS,
  });
  const rule = await page.evaluate(() => globalThis.bench.rule());
  log(`tool-call: host connected to "${SERVER}" (${ready.tools} tools); policy for the measured call: ${rule}`);
  if (!rule.startsWith('allow'))
    throw new Error(`the policy does not allow "${TOOL}" without a dialog after the remembered consent: ${rule}`);
  const inPage = (kind) => (n) => page.evaluate(([k, count]) => globalThis.bench.run(k, count), [kind, n]);

  // Node side.
  const stdioClient = new Client({ name: 'bench-stdio', version: '1.0.0' });
  await stdioClient.connect(new StdioClientTransport(server));
  cleanups.unshift(() => stdioClient.close());
  const httpClient = new Client({ name: 'bench-http', version: '1.0.0' });
  await httpClient.connect(
    new StreamableHTTPClientTransport(new URL(`${gateway.origin}/mcp/${SERVER}`), {
      requestInit: { headers: { Authorization: `Bearer ${gateway.token}` } },
    }),
  );
  cleanups.unshift(() => httpClient.close());
  const inNode = (call) => async (n) => {
    const times = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    return times;
  };

  const variants = [
    {
      id: 'host',
      label:
        'Host path in Chromium (widget event → policy, remembered consent → validation → bridge → gateway → stdio)',
      run: inPage('host'),
    },
    { id: 'bridge', label: 'MCPBridge.callTool in Chromium → gateway → stdio', run: inPage('bridge') },
    { id: 'browser-client', label: 'Bare SDK client in Chromium → gateway → stdio', run: inPage('browser-client') },
    {
      id: 'browser-fetch',
      label: 'One fetch round trip Chromium → gateway (GET /healthz)',
      run: inPage('browser-fetch'),
    },
    {
      id: 'gateway-http',
      label: 'Bare SDK client in Node → gateway HTTP relay → stdio',
      run: inNode(() => httpClient.callTool({ name: TOOL, arguments: ARGS })),
    },
    {
      id: 'stdio',
      label: 'Bare SDK client in Node → stdio (no gateway)',
      run: inNode(() => stdioClient.callTool({ name: TOOL, arguments: ARGS })),
    },
    {
      id: 'node-fetch',
      label: 'One fetch round trip Node → gateway (GET /healthz)',
      run: inNode(async () => {
        const response = await fetch(`${gateway.origin}/healthz`);
        await response.text();
      }),
    },
  ];

  for (const v of variants) await v.run(WARMUP);
  counting = true;
  const times = Object.fromEntries(variants.map((v) => [v.id, []]));
  // The gateway's CPU time during each variant's blocks (only that variant's requests reach it then).
  const gatewayCpu = Object.fromEntries(variants.map((v) => [v.id, 0]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const v of variants) {
      const before = cpuTimeMs(gateway.pid);
      times[v.id].push(...(await v.run(CALLS / ROUNDS)));
      const after = cpuTimeMs(gateway.pid);
      gatewayCpu[v.id] = before === null || after === null ? null : gatewayCpu[v.id] + (after - before);
    }
    log(`tool-call: round ${r + 1}/${ROUNDS} done`);
  }
  counting = false;
  const confirmations = await page.evaluate(() => globalThis.bench.confirmations());
  if (confirmations !== 1)
    throw new Error(
      `the confirmation dialog was asked ${confirmations} times; with the consent remembered it should be asked once, in set-up`,
    );
  if (problems.length > 0) throw new Error(`the page reported errors: ${problems.join('; ')}`);

  const s = Object.fromEntries(variants.map((v) => [v.id, summarize(times[v.id])]));
  for (const v of variants) log(`tool-call: ${v.id}: ${JSON.stringify(s[v.id])}`);
  const stdioBaseline = (p) => ({
    label: 'bare SDK client over stdio (Node), same run',
    value: s.stdio[p],
    unit: 'ms',
  });
  const figures = [];
  for (const v of variants) {
    for (const p of ['p50', 'p95']) {
      figures.push({
        id: `toolcall.${v.id}.${p}`,
        label: `${v.label}, ${p}`,
        value: s[v.id][p],
        unit: 'ms',
        ...(['host', 'bridge', 'browser-client', 'gateway-http'].includes(v.id) ? { baseline: stdioBaseline(p) } : {}),
        samples: times[v.id].length,
      });
    }
  }
  const host = figures.find((f) => f.id === 'toolcall.host.p50');
  host.notes = `policy decision ${rule}; the dialog was asked ${confirmations} time (set-up, answered "confirm and remember" by script), never during the measured calls; every call is audited (IndexedDB); ${preflights} CORS preflights during the measured calls`;
  for (const id of ['host', 'gateway-http', 'node-fetch']) {
    if (gatewayCpu[id] === null) continue;
    const v = variants.find((x) => x.id === id);
    figures.push({
      id: `toolcall.${id}.gateway-cpu`,
      label: `Gateway CPU time per request: ${v.label}`,
      value: round(gatewayCpu[id] / times[id].length, 3),
      unit: 'ms',
      samples: times[id].length,
      notes: 'user + system time of the gateway process (/proc) over the blocks of this variant, divided by its calls',
    });
  }
  figures.push({
    id: 'toolcall.relay-overhead.p50',
    label: 'Gateway relay overhead per call (gateway HTTP p50 − direct stdio p50, Node client)',
    value: round(s['gateway-http'].p50 - s.stdio.p50, 3),
    unit: 'ms',
    samples: CALLS,
  });

  emit({
    bench: 'tool-call',
    title: 'Tool-call overhead',
    notes:
      `${CALLS} sequential calls of \`${TOOL}\` (a read tool that answers at once) per variant, after ${WARMUP} warm-up calls, in ${ROUNDS} interleaved rounds. ` +
      'Browser figures are timed in the page (performance.now()); the harness page (bench/harness/host-path.ts, bundled with esbuild from the same sources) ' +
      'is served from another loopback port that the gateway accepts with --allow-origin, as in the browser tests. ' +
      "The host path runs through the invocation policy (docs/policy.md) as a built-in widget's call: in set-up a script answers the one confirmation dialog " +
      '"confirm and remember" (offered for a read tool), so every measured call is allowed by the remembered consent without a dialog (the bench checks the dialog was asked once). ' +
      'The ratio column divides by the bare stdio client measured in the same run.',
    figures,
  });
} finally {
  for (const cleanup of cleanups)
    await Promise.resolve()
      .then(cleanup)
      .catch((error) => log(`cleanup: ${error.message}`));
}
