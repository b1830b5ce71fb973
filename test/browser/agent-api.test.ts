import { expect } from '@open-wc/testing';
import { WebMcpHost, WEBMCP_PREFERENCE } from '../../src/shell/agents/webmcp-host.js';
import type { ModelContextLike, ModelContextToolLike } from '../../src/core/agents/webmcp-registrar.js';
import type { AuditEntry } from '../../src/core/audit/audit-types.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, openTab } from '../support/dashboard.js';
import { deepQuery } from '../support/dom.js';
import { useAgentsDashboard } from '../support/agents.js';

// The AgentAPI end to end (MCP-WP §3.5, §17): the built-in widgets' agent actions through the host's gate,
// against server-everything through the real gateway. "reader" may run read-only actions; "operator" all.
// What an action may do inside (payload checks, its tool calls and prompts) is in agent-actions.test.ts.

describe('AgentAPI: the host gate between agents and widgets', () => {
  const { env, events, widgets, refusal } = useAgentsDashboard();

  it('MCP-WP-3.5.1 / 17.1.3a every built-in widget exposes agent actions as one deterministic JSON Schema that the host can compile', async () => {
    const card = await env.card('everything');
    for (const type of ['tool-browser', 'resource-explorer', 'activity-log', 'server-status', 'server-panel']) {
      await card.chooseWidgetType(type);
      const id = `${type}:everything`;
      const entry = await waitFor(
        () =>
          widgets()
            .list()
            .find((w) => w.widgetId === id),
        10_000,
        `${id} registered`,
      );
      expect(entry.problem, id).to.equal(undefined);
      const first = widgets().capabilities(id);
      expect(widgets().capabilities(id), `${id}: the same document every time`).to.deep.equal(first);
      expect(await env.dashboard.services!.validator.schemaProblem(first), `${id} compiles`).to.equal(undefined);
      expect(entry.actions.find((a) => a.action === 'get-status')?.readOnly).to.equal(true);
      expect(
        widgets()
          .list()
          .filter((w) => w.serverName === 'everything').length,
        'the switched-away widget is gone',
      ).to.equal(1);
    }
    expect(
      widgets()
        .list()[0]!
        .actions.map((a) => `${a.action}${a.readOnly ? '' : ' (changes things)'}`),
    ).to.deep.equal(['get-status', 'list-tools', 'list-resources', 'select-tool', 'invoke-tool (changes things)']);
  });

  it('MCP-WP-17.1.2 an agent the config does not name is refused; a known agent runs read-only actions, and every invocation is audited', async () => {
    const stranger = await refusal(widgets().execute('stranger', 'server-panel:everything', 'list-tools', {}));
    expect(stranger.code).to.equal('unknown-agent');
    const listed = await widgets().execute('reader', 'server-panel:everything', 'list-tools', { query: 'echo' });
    expect(listed.success).to.equal(true);
    expect((listed.data as Array<{ name: string }>).map((t) => t.name)).to.deep.equal(['echo']);
    const audit = (await env.dashboard.services!.policy.audit.list({ kind: 'agent-action' })) as AuditEntry[];
    expect(
      audit.some((e) => e.callerId === 'stranger' && e.decision === 'deny' && e.outcome === 'refused: unknown-agent'),
    ).to.equal(true);
    expect(
      audit.some(
        (e) => e.callerId === 'reader' && e.toolName === 'list-tools' && e.outcome === 'ok' && e.source === 'agent',
      ),
    ).to.equal(true);
  });

  it('MCP-WP-17.1.5 actions that change things need the config\u2019s grant: "reader" may not invoke a tool through a widget', async () => {
    const before = events.length;
    const refused = await refusal(
      widgets().execute('reader', 'server-panel:everything', 'invoke-tool', {
        tool: 'echo',
        arguments: { message: 'x' },
      }),
    );
    expect(refused.code).to.equal('not-allowed');
    expect(refused.message).to.contain('"dashboard.agents.reader.widgetActions": "all"');
    expect(
      events.slice(before).some((e) => e.event === 'mcp:tool:invoke-requested' || e.event === 'mcp:tool:calling'),
      'nothing was invoked (sentinel)',
    ).to.equal(false);
  });

  it("MCP-WP-3.5.3 / 17.1.4 an agent\u2019s invoke-tool meets the same dialog and policy as a person\u2019s, and its events carry { source: 'agent' }", async () => {
    const before = events.length;
    const running = widgets().execute('operator', 'server-panel:everything', 'invoke-tool', {
      tool: 'echo',
      arguments: { message: 'agent says hi' },
    });
    const text = (await dialogOpen(env.dashboard)).replace(/\s+/g, ' ');
    expect(text).to.contain('agent operator');
    expect(text).to.contain('policy C11');
    answerDialog(env.dashboard, 'confirm');
    const result = await running;
    expect(result.success, JSON.stringify(result)).to.equal(true);
    expect(JSON.stringify(result.data)).to.contain('Echo: agent says hi');
    const mine = events.slice(before);
    const requested = mine.find((e) => e.event === 'mcp:tool:invoke-requested')!;
    expect(requested.source, 'the widget emitted it').to.equal('server-panel:everything');
    expect(requested.data.source).to.equal('agent');
    for (const name of ['mcp:tool:calling', 'mcp:tool:result']) {
      const e = mine.find((x) => x.event === name)!;
      expect(e.data.source, name).to.equal('agent');
      expect(e.data.caller).to.deep.equal({ surface: 'agent', id: 'operator' });
    }
    for (const name of ['mcp:agent:action-started', 'mcp:agent:action-result'])
      expect(mine.find((x) => x.event === name)?.data.source, name).to.equal('agent');
    expect(
      mine.filter((e) => e.event === 'mcp:agent:progress').map((e) => (e.data.progress as { state: string }).state),
    ).to.deep.equal(['queued', 'running', 'succeeded']);
    const audit = (await env.dashboard.services!.policy.audit.list({ kind: 'tool-call' })) as AuditEntry[];
    expect(
      audit.some(
        (e) =>
          e.toolName === 'echo' &&
          e.source === 'agent' &&
          e.callerId === 'operator' &&
          e.detail === 'through widget server-panel:everything',
      ),
    ).to.equal(true);
    // The control: the same tool invoked by a person carries no agent hint.
    const personal = events.length;
    env.dashboard.services!.bus.emit('mcp:tool:invoke-requested', {
      serverName: 'everything',
      toolName: 'echo',
      args: { message: 'person' },
      requestId: 'person-1',
    });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const own = await waitFor(
      () => events.slice(personal).find((e) => e.event === 'mcp:tool:result' && e.data.requestId === 'person-1'),
      10_000,
      'the person\u2019s result',
    );
    expect(own.data.source).to.equal(undefined);
  });

  it('MCP-WP-17.1.2 the card\u2019s Activity shows what agents did, from the host\u2019s history: each agent action with its agent, refusals with the reason, and the tool call asked by the agent', async () => {
    await refusal(
      widgets().execute('reader', 'server-panel:everything', 'invoke-tool', {
        tool: 'echo',
        arguments: { message: 'no' },
      }),
    );
    const card = await env.card('everything');
    await openTab(card, 'Activity');
    const table = await waitFor(() => deepQuery('mcp-activity-table', card.shadowRoot!), 5000, 'the activity table');
    const rows = () =>
      [...table.shadowRoot!.querySelectorAll('tbody tr')].map((r) => r.textContent!.replace(/\s+/g, ' '));
    await waitFor(
      () => rows().some((r) => r.includes('agent action') && r.includes('Refused to agent "reader"')),
      5000,
      'the refusal line',
    );
    const lines = rows();
    expect(
      lines.some((r) => r.includes('server-panel:everything invoke-tool') && r.includes('Done for agent "operator"')),
      lines.join('\n'),
    ).to.equal(true);
    expect(
      lines.some((r) => r.includes('echo') && r.includes('asked by agent operator')),
      lines.join('\n'),
    ).to.equal(true);
    // The host's history (deps.History) keeps them with who asked, for widgets created later too.
    const history = env.dashboard.services!.history.list('everything');
    expect(
      history.some(
        (e) => e.kind === 'agent' && e.outcome === 'error' && e.source?.surface === 'agent' && e.source.id === 'reader',
      ),
    ).to.equal(true);
    expect(
      history.some(
        (e) => e.kind === 'tool' && e.name === 'echo' && e.source?.surface === 'agent' && e.source.id === 'operator',
      ),
    ).to.equal(true);
    expect(
      history.some((e) => e.kind === 'tool' && e.name === 'echo' && e.source?.surface === 'user'),
      'the person\u2019s call is the user\u2019s',
    ).to.equal(true);
  });

  it('WebMCP is off by default and says when the browser has none; with a model context the switch registers exactly the agent\u2019s tools, and the choice is kept', async () => {
    const header = env.dashboard.shadowRoot!.querySelector('mcp-agent-switch')!;
    const checkbox = header.shadowRoot!.querySelector<HTMLInputElement>('input[role="switch"]')!;
    expect(checkbox.checked, 'off unless the config turns it on').to.equal(false);
    expect(header.shadowRoot!.textContent).to.contain('This browser offers no WebMCP');
    const tools = new Map<string, ModelContextToolLike>();
    const context: ModelContextLike = {
      registerTool(tool, options) {
        tools.set(tool.name, tool);
        options?.signal?.addEventListener('abort', () => tools.delete(tool.name));
      },
    };
    const host = new WebMcpHost(env.dashboard.services!, context);
    host.start();
    expect(host.status()).to.include({ enabled: false, available: true, agentId: 'reader', agentConfigured: true });
    expect(tools.size).to.equal(0);
    await host.setEnabled(true);
    const model = env.dashboard.modelVisibleTools().map((t) => t.name);
    expect([...tools.keys()].filter((n) => !n.startsWith('dashboard__')).sort()).to.deep.equal([...model].sort());
    expect(model).to.include('everything__echo');
    expect(env.dashboard.services!.configuration.get(WEBMCP_PREFERENCE)).to.equal(true);
    const again = new WebMcpHost(env.dashboard.services!, { registerTool: () => undefined });
    again.start();
    expect(again.status().enabled, 'the stored choice wins over the config').to.equal(true);
    again.dispose();
    await host.setEnabled(false);
    expect(tools.size).to.equal(0);
    host.dispose();
  });
});
