import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import { ScopedEventBus } from '../../src/core/services/event-bus.js';
import { WebMcpHost, WEBMCP_PREFERENCE } from '../../src/shell/agents/webmcp-host.js';
import type { ModelContextLike, ModelContextToolLike } from '../../src/core/agents/webmcp-registrar.js';
import type { AgentActionContext, AgentAPI } from '../../src/core/shared/types.js';
import type { AuditEntry } from '../../src/core/audit/audit-types.js';
import { createWidgetDependencies } from '../../src/core/widget-host/widget-deps.js';
import type { MCPWidgetMetadata } from '../../src/core/shared/types.js';
import { startGateway, stopGateway, waitFor, type TestGateway } from '../support/gateway.js';
import { answerDialog, dialogOpen, mountDashboard, openTab, readyCard } from '../support/dashboard.js';
import { deepQuery } from '../support/dom.js';
import { refusal, type Event } from '../support/agents.js';

// The AgentAPI end to end (MCP-WP §3.5, §17): the built-in widgets' agent actions through the host's gate,
// against server-everything through the real gateway. "reader" may run read-only actions; "operator" all.

describe('AgentAPI: the host gate between agents and widgets', () => {
  let gateway: TestGateway;
  let dashboard: McpDashboard;
  const events: Event[] = [];

  before(async () => {
    gateway = await startGateway({
      mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'] } },
      dashboard: { webmcp: { agent: 'reader' }, agents: { reader: { pools: [] }, operator: { widgetActions: 'all' } } },
    });
    dashboard = await mountDashboard(gateway);
    expect((await readyCard(dashboard, 'everything')).phase).to.equal('ready');
    dashboard.services!.bus.on('mcp:*', (data, meta) =>
      events.push({ event: meta.event, data: (data ?? {}) as Record<string, unknown>, source: meta.source }),
    );
    await waitFor(() => dashboard.services!.agents.widgets.list().length > 0, 10_000, 'the panel\u2019s AgentAPI');
  });

  after(async () => {
    dashboard?.remove();
    await stopGateway(gateway);
  });

  const widgets = () => dashboard.services!.agents.widgets;

  it('MCP-WP-3.5.1 / 17.1.3a every built-in widget exposes agent actions as one deterministic JSON Schema that the host can compile', async () => {
    const card = await readyCard(dashboard, 'everything');
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
      expect(await dashboard.services!.validator.schemaProblem(first), `${id} compiles`).to.equal(undefined);
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
    const audit = (await dashboard.services!.policy.audit.list({ kind: 'agent-action' })) as AuditEntry[];
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
    const text = (await dialogOpen(dashboard)).replace(/\s+/g, ' ');
    expect(text).to.contain('agent operator');
    expect(text).to.contain('policy C11');
    answerDialog(dashboard, 'confirm');
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
    const audit = (await dashboard.services!.policy.audit.list({ kind: 'tool-call' })) as AuditEntry[];
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
    dashboard.services!.bus.emit('mcp:tool:invoke-requested', {
      serverName: 'everything',
      toolName: 'echo',
      args: { message: 'person' },
      requestId: 'person-1',
    });
    await dialogOpen(dashboard);
    answerDialog(dashboard, 'confirm');
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
    const card = await readyCard(dashboard, 'everything');
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
    const history = dashboard.services!.history.list('everything');
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

  it('MCP-WP-17.1.3 an invalid payload is refused before executeAction runs; a widget whose capabilities change is refused from then on', async () => {
    let runs = 0;
    let version = 1;
    const spy: AgentAPI = {
      getCapabilities: () => ({
        type: 'object',
        oneOf: [
          {
            properties: {
              action: { const: 'count' },
              params: {
                type: 'object',
                properties: { n: { type: 'integer', minimum: 1 } },
                required: ['n'],
                additionalProperties: false,
              },
            },
            'x-mcpwp-readOnly': true,
            description: `v${version}`,
          },
        ],
      }),
      executeAction: async () => {
        runs += 1;
        return { success: true };
      },
    };
    const off = widgets().register({ widgetId: 'spy:everything', widgetType: 'spy', serverName: 'everything' }, spy);
    try {
      for (const params of [{}, { n: 0 }, { n: 'two' }, { n: 1, extra: true }]) {
        const refused = await refusal(widgets().execute('reader', 'spy:everything', 'count', params));
        expect(refused.code, JSON.stringify(params)).to.equal('invalid-params');
      }
      expect(runs, 'executeAction was never called (sentinel)').to.equal(0);
      expect((await widgets().execute('reader', 'spy:everything', 'count', { n: 2 })).success).to.equal(true);
      expect(runs).to.equal(1);
      version = 2;
      const changed = await refusal(widgets().execute('reader', 'spy:everything', 'count', { n: 2 }));
      expect(changed.code).to.equal('not-deterministic');
      expect(runs).to.equal(1);
    } finally {
      off();
    }
  });

  it('MCP-WP-17.1.1 a tool call made for an agent action gets no more than its widget, and its invocation id dies with the action', async () => {
    const bus = new ScopedEventBus(dashboard.services!.bus, 'spy2:everything');
    let context: AgentActionContext | undefined;
    const seen: Array<Record<string, unknown>> = [];
    const off2 = dashboard.services!.bus.on('mcp:tool:error', (d: Record<string, unknown>) => seen.push(d));
    const spy: AgentAPI = {
      getCapabilities: () => ({
        type: 'object',
        oneOf: [{ properties: { action: { const: 'call' }, params: { type: 'object' } }, 'x-mcpwp-readOnly': true }],
      }),
      executeAction: async (_action, _params, ctx) => {
        context = ctx;
        bus.emit('mcp:tool:invoke-requested', {
          serverName: 'everything',
          toolName: 'echo',
          args: { message: 'x' },
          requestId: 'inside',
          agentInvocation: ctx!.invocationId,
        });
        await waitFor(() => seen.find((d) => d.requestId === 'inside'), 5000, 'the call inside the action');
        return { success: true };
      },
    };
    const off = widgets().register({ widgetId: 'spy2:everything', widgetType: 'spy2', serverName: 'everything' }, spy);
    try {
      expect((await widgets().execute('reader', 'spy2:everything', 'call', {})).success).to.equal(true);
      const inside = seen.find((d) => d.requestId === 'inside')!;
      // The spy widget has no grant (unknown to the host, so bound to no server): the agent acting through it is refused like the widget (D1).
      expect((inside.error as { message: string }).message).to.contain('acts through widget "spy2:everything"');
      expect((inside.error as { data: { rule: string } }).data.rule).to.equal('D1');
      bus.emit('mcp:tool:invoke-requested', {
        serverName: 'everything',
        toolName: 'echo',
        args: { message: 'x' },
        requestId: 'replayed',
        agentInvocation: context!.invocationId,
      });
      const replayed = await waitFor(() => seen.find((d) => d.requestId === 'replayed'), 5000, 'the replayed call');
      expect((replayed.error as { message: string }).message).to.contain('not running');
    } finally {
      off();
      off2();
      bus.dispose();
    }
  });

  it('MCP-WP-17.1.6 a prompt an agent action asks for is checked against the SamplingRequest schema before anyone is asked; a valid one meets the same sampling dialog, which names the agent', async () => {
    const s = dashboard.services!;
    const deps = createWidgetDependencies({
      widgetId: 'prompter:everything',
      bus: s.bus,
      bridge: s.bridge,
      invoker: s.invoker,
      configuration: s.configuration,
      policy: { grants: s.policy.grants, widgetType: 'server-panel', serverName: 'everything', audit: s.policy.audit },
    });
    deps.applyMetadata!({ permissions: { mcpOperations: { invokeTool: true } } } as MCPWidgetMetadata);
    const asked: unknown[] = [];
    const offAsked = s.bus.on('mcp:sampling:requested', (d: { request: unknown }) => asked.push(d.request));
    let prompt: unknown;
    const spy: AgentAPI = {
      getCapabilities: () => ({
        type: 'object',
        oneOf: [{ properties: { action: { const: 'ask' }, params: { type: 'object' } }, 'x-mcpwp-readOnly': true }],
      }),
      executeAction: async (_action, _params, ctx) => {
        try {
          const reply = await deps.dependencies.MCPBridge.createMessage('everything', prompt as never, {
            agentInvocation: ctx!.invocationId,
          });
          return { success: true, data: reply };
        } catch (error) {
          return { success: false, error: { message: (error as Error).message } };
        }
      },
    };
    const off = widgets().register(
      { widgetId: 'prompter:everything', widgetType: 'server-panel', serverName: 'everything' },
      spy,
    );
    const sampling = dashboard.shadowRoot!.querySelector('mcp-sampling-dialog')!;
    try {
      prompt = { messages: [{ role: 'robot', content: { type: 'text', text: 'hi' } }], maxTokens: 'many' };
      const bad = await widgets().execute('reader', 'prompter:everything', 'ask', {});
      expect(bad.success).to.equal(false);
      expect(bad.error?.message).to.match(
        /does not match MCP's SamplingRequest schema \(messages\.0\.role: .*maxTokens: .*\)\. Nothing was asked\./,
      );
      expect(asked.length, 'no sampling request went out (sentinel)').to.equal(0);
      expect(sampling.shadowRoot?.querySelector('dialog')?.open ?? false).to.equal(false);

      prompt = {
        messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the notes' } }],
        maxTokens: 20,
        'x-future': { keep: true },
      };
      const good = widgets().execute('reader', 'prompter:everything', 'ask', {});
      await waitFor(() => sampling.shadowRoot?.querySelector('dialog')?.open, 5000, 'the sampling dialog');
      expect(sampling.shadowRoot!.textContent).to.contain('for agent "reader"');
      expect((asked[0] as Record<string, unknown>)['x-future'], 'the request itself goes on unchanged').to.deep.equal({
        keep: true,
      });
      (sampling.shadowRoot!.querySelector('[data-action="decline"]') as HTMLButtonElement).click();
      const declined = await good;
      expect(declined.success).to.equal(false);
      expect(declined.error?.message).to.contain('declined');

      const outside = await deps.dependencies.MCPBridge.createMessage('everything', prompt as never, {
        agentInvocation: 'agent-not-running',
      }).catch((error: Error) => error);
      expect((outside as Error).message).to.contain('not running');
    } finally {
      off();
      offAsked();
      deps.dispose();
    }
  });

  it('WebMCP is off by default and says when the browser has none; with a model context the switch registers exactly the agent\u2019s tools, and the choice is kept', async () => {
    const header = dashboard.shadowRoot!.querySelector('mcp-agent-switch')!;
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
    const host = new WebMcpHost(dashboard.services!, context);
    host.start();
    expect(host.status()).to.include({ enabled: false, available: true, agentId: 'reader', agentConfigured: true });
    expect(tools.size).to.equal(0);
    await host.setEnabled(true);
    const model = dashboard.modelVisibleTools().map((t) => t.name);
    expect([...tools.keys()].filter((n) => !n.startsWith('dashboard__')).sort()).to.deep.equal([...model].sort());
    expect(model).to.include('everything__echo');
    expect(dashboard.services!.configuration.get(WEBMCP_PREFERENCE)).to.equal(true);
    const again = new WebMcpHost(dashboard.services!, { registerTool: () => undefined });
    again.start();
    expect(again.status().enabled, 'the stored choice wins over the config').to.equal(true);
    again.dispose();
    await host.setEnabled(false);
    expect(tools.size).to.equal(0);
    host.dispose();
  });
});
