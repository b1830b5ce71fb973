// BENCHMARK-ONLY host wiring for bench/tool-call.bench.mjs. It builds the dashboard's real host
// services (EventBus, MCPBridge, argument validation, invocation policy, ToolInvoker) and a
// built-in widget's injected (policy-gated) dependencies, exactly as a card does. The one stand-in
// is the person at the confirmation dialog: a script answers the first call "confirm and remember"
// (the dialog offers "Remember" for a read tool), so every measured call runs through the policy
// with a remembered consent and no dialog, as the tool-call figure asks. `confirmations()` lets the bench
// prove the dialog was asked exactly once.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { WidgetDependencies } from '../../src/core/widget-host/widget-deps.js';
import { cardWidgetDependencies } from '../../src/shell/card/card-dependencies.js';
import { createHostServices, type HostServices } from '../../src/shell/services/host-services.js';
import createServerPanelWidget from '../../widgets/server-panel/index.js';

interface Setup {
  baseUrl: string;
  token: string;
  serverName: string;
  toolName: string;
  args: Record<string, unknown>;
}

let setup: Setup;
let services: HostServices;
let deps: WidgetDependencies;
let bareClient: Client;
let confirmations = 0;
let counter = 0;

/** A call through the whole host path: the widget emits the event, the host validates, confirms, calls. */
function hostCall(): Promise<number> {
  const bus = deps.dependencies.EventBus;
  const requestId = `bench-${++counter}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const stop = () => {
      offResult();
      offError();
    };
    const offResult = bus.on('mcp:tool:result', (data: { requestId?: string }) => {
      if (data.requestId !== requestId) return;
      stop();
      resolve(performance.now() - started);
    });
    const offError = bus.on('mcp:tool:error', (data: { requestId?: string; error: { message: string } }) => {
      if (data.requestId !== requestId) return;
      stop();
      reject(new Error(data.error.message));
    });
    bus.emit('mcp:tool:invoke-requested', {
      serverName: setup.serverName,
      toolName: setup.toolName,
      args: setup.args,
      requestId,
    });
  });
}

/** The raw bridge: the same client and transport, without the event, validation and confirmation. */
async function bridgeCall(): Promise<number> {
  const started = performance.now();
  await services.bridge.callTool(setup.serverName, setup.toolName, setup.args);
  return performance.now() - started;
}

/** A bare SDK client in the page talking to the gateway: the transport's share on its own. */
async function bareClientCall(): Promise<number> {
  const started = performance.now();
  await bareClient.callTool({ name: setup.toolName, arguments: setup.args });
  return performance.now() - started;
}

/**
 * One HTTP round trip from the page to the gateway (GET /healthz): the network floor. `/healthz` is for balancers
 * and sends no CORS headers, so the page reads it as an opaque response (the round trip is the same).
 */
async function fetchRoundTrip(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${setup.baseUrl}/healthz`, { cache: 'no-store', mode: 'no-cors' });
  await response.text();
  return performance.now() - started;
}

const KINDS = { host: hostCall, bridge: bridgeCall, 'browser-client': bareClientCall, 'browser-fetch': fetchRoundTrip };

const bench = {
  /** Connects everything; resolves once a first host call has gone through. */
  async setup(options: Setup): Promise<{ tools: number }> {
    setup = options;
    services = createHostServices({
      baseUrl: options.baseUrl,
      token: options.token,
      confirm: async (request) => {
        confirmations += 1;
        return { confirmed: true, remember: request.policy?.decision.rememberable === true };
      },
      dbName: `mcp-dashboard-bench-${Date.now()}`,
    });
    const [, policyProblem] = await Promise.all([services.configuration.load(), services.policy.load()]);
    if (policyProblem) throw new Error(policyProblem);
    const info = await services.bridge.connect(options.serverName, 'stdio');
    // The dependencies a server-panel card gives its widget (src/shell/card/card-dependencies.ts).
    const panel = services.registry.get('server-panel');
    if (!panel) throw new Error('the host registry has no server-panel widget type');
    deps = cardWidgetDependencies(services, panel, options.serverName);
    // The permissions the real server-panel factory declares (invokeTool among them), applied as the
    // lifecycle applies them; the widget itself is not initialised or mounted (it would only add rendering).
    deps.applyMetadata?.(createServerPanelWidget(deps.dependencies, info).widget);
    bareClient = new Client({ name: 'bench-browser-client', version: '1.0.0' });
    await bareClient.connect(
      new StreamableHTTPClientTransport(new URL(`${options.baseUrl}/mcp/${encodeURIComponent(options.serverName)}`), {
        requestInit: { headers: { Authorization: `Bearer ${options.token}` } },
      }),
    );
    await hostCall();
    return { tools: info.tools.length };
  },

  /** Runs `count` sequential calls of one kind; resolves with their latencies in ms. */
  async run(kind: keyof typeof KINDS, count: number): Promise<number[]> {
    const call = KINDS[kind];
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push(await call());
    return times;
  },

  /** How many times the confirmation dialog was asked (once, in setup, when the consent is remembered). */
  confirmations: () => confirmations,

  /** The policy's rule for the measured call (A2 = read with a remembered consent, docs/policy.md). */
  rule(): string {
    const tool = services.bridge.getServer(setup.serverName)?.info?.tools.find((t) => t.name === setup.toolName);
    if (!tool) return 'tool not listed';
    const evaluation = services.policy.gate.evaluate(setup.serverName, tool, {
      surface: 'widget',
      id: `server-panel:${setup.serverName}`,
    });
    return `${evaluation.decision.decision} (${evaluation.decision.rule})`;
  },
};

declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;
