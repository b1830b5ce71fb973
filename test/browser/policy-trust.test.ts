import { expect } from '@open-wc/testing';
import type { DependenciesObject } from '../../src/core/shared/types.js';
import { deepQuery, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { dialogIsOpen, fillAndInvoke, searchTools, selectTool } from '../support/dashboard.js';
import { useDashboard } from '../support/setup.js';

// A config that trusts no widget and runs MCPlet strictly: trust comes only from the config, never
// from what a widget says about itself; standard MCP tools are excluded.
const CONFIG = {
  mcpServers: { 'mcplet-demo': { command: 'node', args: ['examples/mcplet-demo-server/server.mjs'] } },
  dashboard: {
    policy: { strictMcplet: true },
    trust: { default: 'untrusted', widgets: {} },
    pools: { 'notes-pool': {} },
  },
};

describe('trust from the dashboard config, strict MCPlet (MCP-WP-11.4.4, MCPlet §5.3.1)', () => {
  const env = useDashboard(CONFIG);

  it('the dashboard config reaches the browser without secrets', async () => {
    const config = await env.dashboard.services!.policy.client.dashboardConfig();
    expect(config).to.deep.include({ policy: { strictMcplet: true } });
    expect((config.passkeys as { rpId?: string }).rpId).to.equal('localhost');
    expect(JSON.stringify(config)).to.not.contain('verifiers');
    // The page's own load of these settings (at start-up) may finish after the request above: wait for it, then check.
    await waitFor(
      () => env.dashboard.services!.policy.settings().policy.strictMcplet === true,
      10_000,
      'the page to load its policy settings',
    );
    expect(env.dashboard.services!.policy.settings().trust.widgets).to.deep.equal({});
  });

  it('MCP-WP-11.4.4 an untrusted widget (not named in the config) may not run MCP operations: denied with the reason, no dialog', async () => {
    const card = await env.card('mcplet-demo');
    const calls: string[] = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string }) => calls.push(d.toolName));
    const runner = await selectTool(card, 'Search notes');
    await fillAndInvoke(runner, { query: 'x' });
    await waitFor(() => deepText(runner.shadowRoot!).includes('untrusted'), 5000, 'the denial');
    expect(deepText(runner.shadowRoot!)).to.contain('dashboard.trust');
    expect(dialogIsOpen(env.dashboard)).to.equal(false);
    const widget = deepQuery('mcp-server-panel-widget', card.shadowRoot!) as unknown as { deps: DependenciesObject };
    const read = await widget.deps.MCPBridge.readResource(
      'mcplet-demo',
      'mcplet://tool-result-schema/search_notes',
    ).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(read?.message).to.contain('untrusted');
    off();
    expect(calls).to.deep.equal([]);
    const grant = env.dashboard.services!.policy.grants.get('server-panel:mcplet-demo')!;
    expect(grant.trust).to.equal('untrusted');
    expect(grant.permissions.invokeTool).to.equal(false);
  });

  it('a widget claiming a higher trust level in its metadata gets nothing for it', async () => {
    // The built-in panel claims nothing; a claim is recorded and ignored (resolveTrust never reads it).
    const grants = env.dashboard.services!.policy.grants;
    grants.register('evil:mcplet-demo', 'evil', 'mcplet-demo');
    const grant = grants.declare('evil:mcplet-demo', { mcpOperations: { invokeTool: true } }, 'enterprise')!;
    expect(grant.claimedTrust).to.equal('enterprise');
    expect(grant.trust).to.equal('untrusted');
    expect(grant.permissions.invokeTool).to.equal(false);
    grants.revoke('evil:mcplet-demo');
  });

  it('MCPlet §5.3.1 with policy.strictMcplet a standard MCP tool is excluded and shown as excluded', async () => {
    const card = await env.card('mcplet-demo');
    deepQueryText<HTMLButtonElement>('[role="tab"]', 'Tools', card.shadowRoot!)?.click();
    await searchTools(card.shadowRoot!, 'Legacy echo');
    const item = await waitFor(
      () => deepQueryText('button.tool-item', 'Legacy echo', card.shadowRoot!),
      10_000,
      'the item',
    );
    expect(item.textContent!.replace(/\s+/g, ' ')).to.contain(
      'excluded: it declares no _meta.mcpletType and this dashboard runs with policy.strictMcplet',
    );
    const tool = env.dashboard
      .services!.bridge.getServer('mcplet-demo')!
      .info!.tools.find((t) => t.name === 'legacy_echo')!;
    const evaluation = env.dashboard.services!.policy.gate.evaluate('mcplet-demo', tool, {
      surface: 'user',
      id: 'host',
    });
    expect(evaluation.decision.rule).to.equal('X3');
  });
});
