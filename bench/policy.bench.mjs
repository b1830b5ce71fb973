// Benchmark: the cost of the invocation policy.
// 1. The pure engine (classify + decide) per call, in Node.
// 2. End to end in Chromium against the MCPlet demo server through the real gateway: a raw bridge call
//    (no policy, baseline), a remembered read (A2, no dialog), a confirmed action (C2, dialog answered
//    by script), and a strict passkey action (K1: challenge, virtual authenticator, backend verification).
// Prints progress on stderr and one JSON object on stdout (bench/README.md).
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { chromePath, CHROME_ARGS } from '../test/support/chrome.mjs';
import { startGatewayProcess } from '../test/support/gateway-process.mjs';
import { addVirtualAuthenticator } from '../test/support/virtual-authenticator.mjs';

const log = (...a) => process.stderr.write(`${a.join(' ')}\n`);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function engineFigure() {
  const entry = fileURLToPath(new URL('../src/core/policy/engine.ts', import.meta.url));
  const classify = fileURLToPath(new URL('../src/core/mcplet/classify.ts', import.meta.url));
  const out = await build({
    stdin: {
      contents: `export * from ${JSON.stringify(entry)}; export * from ${JSON.stringify(classify)};`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
  });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  const tools = [
    { _meta: { mcpletType: 'read', visibility: ['model', 'app'], pool: 'p' } },
    {
      _meta: {
        mcpletType: 'action',
        visibility: ['model', 'app'],
        auth: { required: 'passkey', enforcement: 'strict' },
      },
    },
    { _meta: { mcpletType: 'prepare', visibility: ['app'] } },
    {},
  ];
  const settings = { strictMcplet: false, pools: { p: {} } };
  const permissions = {
    invokeTool: true,
    readResource: true,
    getPrompt: true,
    subscribeToUpdates: true,
    storage: 'session',
    clipboard: false,
    notifications: false,
    networkDomains: [],
  };
  const N = 200_000;
  const samples = [];
  for (let round = 0; round < 5; round += 1) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < N; i += 1) {
      const tool = tools[i & 3];
      const classification = mod.classifyTool(tool, settings);
      mod.decide({
        serverName: 's',
        toolName: 't',
        classification,
        caller: { surface: 'widget', id: 'w' },
        callerServerName: 's',
        widget: { trust: 'community', permissions },
        remembered: false,
      });
    }
    samples.push(Number(process.hrtime.bigint() - start) / N / 1000);
  }
  log(`engine: ${median(samples).toFixed(2)} µs per classify+decide`);
  return {
    id: 'policy.engine.decision',
    label: 'Policy: classify + decide, per call',
    value: Number(median(samples).toFixed(3)),
    unit: 'µs',
    samples: samples.length,
    notes: `${N} calls per sample, Node ${process.version}`,
  };
}

async function e2eFigures() {
  const gateway = await startGatewayProcess({
    config: {
      mcpServers: { 'mcplet-demo': { command: 'node', args: ['examples/mcplet-demo-server/server.mjs'] } },
      dashboard: { pools: { 'notes-pool': {} }, passkeys: { verifiers: ['mcplet-demo'] } },
    },
  });
  const browser = await chromium.launch({
    executablePath: chromePath(),
    args: CHROME_ARGS.filter((a) => a !== '--headless=new'),
  });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await addVirtualAuthenticator(cdp);
    await page.goto(await gateway.launchUrl());
    await page.waitForURL(/localhost/);
    await page
      .locator('mcp-widget-card')
      .locator('header')
      .getByText(/\d+ tools/)
      .waitFor({ timeout: 30_000 });
    const result = await page.evaluate(async () => {
      /* global document */
      const d = document.querySelector('mcp-dashboard');
      const services = d.services;
      const dialog = d.shadowRoot.querySelector('mcp-confirm-dialog');
      // The person is replaced by a script that confirms (and remembers where offered).
      dialog.ask = async (request) => ({ confirmed: true, remember: request.policy?.decision.rememberable === true });
      const user = { surface: 'user', id: 'bench' };
      const call = (toolName, args) => services.invoker.invoke({ serverName: 'mcplet-demo', toolName, args }, user);
      const time = async (fn, n) => {
        const xs = [];
        for (let i = 0; i < n; i += 1) {
          const t = performance.now();
          await fn(i);
          xs.push(performance.now() - t);
        }
        xs.sort((a, b) => a - b);
        return xs[Math.floor(xs.length / 2)];
      };
      await call('search_notes', { query: '' }); // remembers consent
      // Warm-up, so the first measured series (the baseline) is not the one paying for JIT and connections.
      for (let i = 0; i < 20; i += 1) {
        await services.bridge.callTool('mcplet-demo', 'search_notes', { query: '' });
        await call('search_notes', { query: '' });
      }
      const firstPasskey = performance.now();
      await call('delete_note', { id: 'missing-0' }); // first use registers the passkey
      const registration = performance.now() - firstPasskey;
      // Baseline and remembered read interleaved, so machine load hits both alike.
      const raw = [];
      const remembered = [];
      for (let i = 0; i < 40; i += 1) {
        let t = performance.now();
        await services.bridge.callTool('mcplet-demo', 'search_notes', { query: '' });
        raw.push(performance.now() - t);
        t = performance.now();
        await call('search_notes', { query: '' });
        remembered.push(performance.now() - t);
      }
      const mid = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      return {
        raw: mid(raw),
        remembered: mid(remembered),
        confirmed: await time((i) => call('archive_note', { id: `missing-${i}` }), 30),
        passkey: await time((i) => call('delete_note', { id: `missing-${i + 1}` }), 15),
        registration,
      };
    });
    log(`e2e: ${JSON.stringify(result)}`);
    const f = (id, label, value, samples, notes) => ({
      id,
      label,
      value: Number(value.toFixed(2)),
      unit: 'ms',
      samples,
      notes,
    });
    return [
      {
        ...f(
          'policy.call.remembered-read',
          'Read tool with remembered consent (A2), through the policy',
          result.remembered,
          40,
          'no dialog; interleaved with the baseline',
        ),
        baseline: {
          label: 'the same call on the raw bridge (no policy)',
          value: Number(result.raw.toFixed(2)),
          unit: 'ms',
        },
      },
      f(
        'policy.call.confirmed-action',
        'Action confirmed in the dialog (C2), dialog answered by script, audited',
        result.confirmed,
        30,
        'includes the audit write to IndexedDB',
      ),
      f(
        'policy.call.passkey',
        'Strict passkey action (K1): challenge, virtual authenticator, backend verification',
        result.passkey,
        15,
        'Chromium virtual authenticator; the real cost of a person touching a key is not included',
      ),
      f(
        'policy.passkey.first-registration',
        'First passkey action including registration',
        result.registration,
        1,
        'registration + authentication + verification, once per gateway',
      ),
    ];
  } finally {
    await browser.close();
    await gateway.stop();
  }
}

const figures = [await engineFigure(), ...(await e2eFigures())];
process.stdout.write(`${JSON.stringify({ bench: 'policy', figures, absent: [] })}\n`);
