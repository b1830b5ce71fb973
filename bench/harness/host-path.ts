// BENCHMARK-ONLY host wiring for bench/tool-call.bench.mjs. It builds the dashboard's real host
// services (EventBus, MCPBridge, argument validation, ToolInvoker) and a widget's injected
// dependencies, exactly as a card does, with one difference: the confirmer answers "confirm" at
// once instead of showing the dialog, so 1,000 calls can run without a person. The product never
// does this (MCP-WP-11.2.1); when issue 4's remembered consent exists, this harness switches to
// "policy with a remembered consent" and the confirmer goes away.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createWidgetDependencies, type WidgetDependencies } from '../../src/core/widget-deps.js';
import { createHostServices, type HostServices } from '../../src/shell/host-services.js';

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
    bus.emit('mcp:tool:invoke-requested', { serverName: setup.serverName, toolName: setup.toolName, args: setup.args, requestId });
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

/** One HTTP round trip from the page to the gateway (GET /healthz): the network floor. */
async function fetchRoundTrip(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${setup.baseUrl}/healthz`, { cache: 'no-store' });
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
      confirm: async () => {
        confirmations += 1;
        return true;
      },
      dbName: `mcp-dashboard-bench-${Date.now()}`,
    });
    await services.configuration.load();
    const info = await services.bridge.connect(options.serverName, 'stdio');
    deps = createWidgetDependencies({
      widgetId: `bench:${options.serverName}`,
      bus: services.bus,
      bridge: services.bridge,
      invoker: services.invoker,
      configuration: services.configuration,
      theme: services.theme,
      a11y: services.a11y,
    });
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

  /** How many times the benchmark confirmer was asked (one per host-path call). */
  confirmations: () => confirmations,
};

declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;
