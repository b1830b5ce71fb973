// The MCPlet demo server through the real gateway with its dev FIDO2 server, in a dashboard with Chromium's
// virtual authenticator (CDP WebAuthn domain): what the MCPlet policy and passkey tests share.
import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import type { HostCallOptions } from '../../src/core/bridge/mcp-bridge.js';
import { deepText } from './dom.js';
import { waitFor } from './gateway.js';
import { useDashboard, type DashboardEnv } from './setup.js';
import { addVirtualAuthenticator, removeVirtualAuthenticator } from './webauthn.js';

/** The demo server's name in the config. */
export const SERVER = 'mcplet-demo';

/** The demo server with a pool, an agent of that pool and passkeys verified by the server. */
export const CONFIG = {
  mcpServers: { [SERVER]: { command: 'node', args: ['examples/mcplet-demo-server/server.mjs'] } },
  dashboard: {
    pools: { 'notes-pool': { description: 'demo notes' } },
    agents: { 'notes-agent': { pools: ['notes-pool'] } },
    passkeys: { enabled: true, verifiers: [SERVER] },
  },
};

/** The env of a demo-server block, its ready card, and every `mcp:tool:calling` the bus saw (in order). */
export interface McpletEnv {
  env: DashboardEnv;
  card: () => McpWidgetCard;
  calls: Array<{ toolName: string; args: unknown }>;
}

/** Registers the hooks of a block against the demo server, with a virtual authenticator on the page. */
export function useMcpletDemo(): McpletEnv {
  let card: McpWidgetCard | undefined;
  const calls: McpletEnv['calls'] = [];
  before(() => addVirtualAuthenticator());
  const env = useDashboard(CONFIG);
  before(async () => {
    card = await env.card(SERVER);
    expect(card.phase, card.error).to.equal('ready');
    env.dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string; args: unknown }) =>
      calls.push({ toolName: d.toolName, args: d.args }),
    );
  });
  after(() => removeVirtualAuthenticator());
  return { env, card: () => card!, calls };
}

/**
 * Puts `hook` between the dashboard and its bridge's callTool: it sees each call's arguments and options and
 * may return other options (a host that tampers). Returns what takes it out again.
 */
export function interceptCallTool(
  dashboard: McpDashboard,
  hook: (args: object, options: HostCallOptions) => HostCallOptions | void,
): () => void {
  const bridge = dashboard.services!.bridge;
  const original = bridge.callTool.bind(bridge);
  bridge.callTool = (s: string, t: string, a: object, o: HostCallOptions = {}) => original(s, t, a, hook(a, o) ?? o);
  return () => {
    bridge.callTool = original;
  };
}

/** The passkey prompt element of a dashboard. */
export function passkeyPrompt(dashboard: McpDashboard) {
  return dashboard.shadowRoot!.querySelector('mcp-passkey-prompt')!;
}

/** The tool runner's text once it contains `text`. */
export async function runnerText(runner: HTMLElement, text: string, timeoutMs = 15_000): Promise<string> {
  return waitFor(
    () => (deepText(runner.shadowRoot!).includes(text) ? deepText(runner.shadowRoot!) : undefined),
    timeoutMs,
    `"${text}" in the tool runner`,
  );
}
