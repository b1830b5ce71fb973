import { expect } from '@open-wc/testing';
import { ScopedEventBus } from '../../src/core/services/event-bus.js';
import type { AgentActionContext, AgentAPI, MCPWidgetMetadata } from '../../src/core/shared/types.js';
import { waitFor } from '../support/gateway.js';
import { widgetDependencies } from '../support/dashboard.js';
import { useAgentsDashboard } from '../support/agents.js';

// Inside an agent action (MCP-WP §17.1): what a widget's action is given and may do — its payload is checked
// against the schema it declared, its tool calls get no more than the widget, and a prompt it asks for is
// checked before anyone sees it. Spy widgets registered with the real host, against server-everything.

describe('AgentAPI: inside an agent action', () => {
  const { env, widgets, refusal } = useAgentsDashboard();

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
    const bus = new ScopedEventBus(env.dashboard.services!.bus, 'spy2:everything');
    let context: AgentActionContext | undefined;
    const seen: Array<Record<string, unknown>> = [];
    const off2 = env.dashboard.services!.bus.on('mcp:tool:error', (d: Record<string, unknown>) => seen.push(d));
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
    const s = env.dashboard.services!;
    const deps = widgetDependencies(env.dashboard, 'prompter:everything', {
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
    const sampling = env.dashboard.shadowRoot!.querySelector('mcp-sampling-dialog')!;
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
});
