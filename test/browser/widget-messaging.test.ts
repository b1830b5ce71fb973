import { expect } from '@open-wc/testing';
import type { WidgetDependencies } from '../../src/core/widget-host/widget-deps.js';
import type { MCPWidgetMetadata, WidgetMessage, WidgetPermissions } from '../../src/core/shared/types.js';
import type { AuditEntry } from '../../src/core/audit/audit-types.js';
import type { McpToolBrowserWidget } from '../../widgets/tool-browser/tool-browser.js';
import { deepQuery, deepQueryAll, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, widgetDependencies } from '../support/dashboard.js';
import { useDashboard } from '../support/setup.js';

// WidgetMessaging (MCP-WP §6.5) between real widgets of a real dashboard: server-everything twice, one
// card as a resource explorer and one as a tool browser. The "widgets" a test drives directly are given
// their dependencies the way a card gives them (createWidgetDependencies with the host's grants).

const HOSTILE = '<img src=x onerror="window.__pwned=(window.__pwned||0)+1"><script>window.__pwned=1</script>';
type Logged = {
  from: string;
  to: string;
  type: string;
  outcome: string;
  code?: string;
  delivered?: number;
  bytes?: number;
  payload?: unknown;
};

describe('WidgetMessaging between widgets', () => {
  const logged: Logged[] = [];
  const made: WidgetDependencies[] = [];

  /** A widget made as a card makes one: its type's trust from the config, its declared permissions within it. */
  function widget(id: string, type: string, permissions: WidgetPermissions): WidgetDependencies {
    const s = env.dashboard.services!;
    const deps = widgetDependencies(env.dashboard, id, {
      agents: { hosts: s.agents.hosts, widgetType: type, serverName: 'everything' },
      policy: { grants: s.policy.grants, widgetType: type, serverName: 'everything', audit: s.policy.audit },
    });
    deps.applyMetadata!({ permissions } as MCPWidgetMetadata);
    made.push(deps);
    return deps;
  }

  const browser = () => deepQuery<McpToolBrowserWidget>('mcp-tool-browser-widget', env.dashboard.shadowRoot!)!;
  const offered = () => browser().shadowRoot!.querySelector('mcp-offered-value')!;

  const env = useDashboard({
    mcpServers: {
      everything: { command: 'mcp-server-everything', args: ['stdio'] },
      second: { command: 'mcp-server-everything', args: ['stdio'] },
    },
    teardown: () => made.forEach((deps) => deps.dispose()),
  });

  before(async () => {
    await (await env.card('everything')).chooseWidgetType('resource-explorer');
    await (await env.card('second')).chooseWidgetType('tool-browser');
    env.dashboard.services!.bus.on('mcp:host:widget-message', (d: Logged) => logged.push(d));
    await waitFor(
      () =>
        deepQuery('mcp-tool-browser-widget', env.dashboard.shadowRoot!) &&
        deepQuery('mcp-resource-explorer-widget', env.dashboard.shadowRoot!),
      10_000,
      'both widgets',
    );
  });

  it('pick a resource in the resource explorer and use its URI as an argument in the tool browser', async () => {
    const explorer = deepQuery('mcp-resource-explorer-widget', env.dashboard.shadowRoot!)!;
    const resourceBrowser = await waitFor(
      () => explorer.shadowRoot!.querySelector('mcp-resource-browser'),
      5000,
      'resource list',
    );
    const first = await waitFor(
      () => resourceBrowser.shadowRoot!.querySelector<HTMLButtonElement>('li button'),
      10_000,
      'a resource',
    );
    first.click();
    const share = await waitFor(
      () => resourceBrowser.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="share-resource"]'),
      5000,
      'Use in tool browser',
    );
    const uri = resourceBrowser.selected!;
    share.click();
    await waitFor(() => offered().value === uri, 5000, 'the URI offered in the tool browser');
    expect(deepText(offered().shadowRoot!)).to.contain('resource-explorer:everything');
    // The person picks Echo and puts the URI into its message field.
    const runner = await browser().showTool('echo');
    await offered().updateComplete;
    offered().shadowRoot!.querySelector<HTMLButtonElement>('[data-use-field="message"]')!.click();
    const form = runner!.shadowRoot!.querySelector('mcp-schema-form')!;
    expect((form.value as { message?: string }).message).to.equal(uri);
    const invoke = deepQueryAll<HTMLButtonElement>('button', form.shadowRoot!).find(
      (b) => b.textContent?.trim() === 'Invoke',
    )!;
    invoke.click();
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await waitFor(() => deepText(runner!.shadowRoot!).includes(`Echo: ${uri}`), 15_000, 'the echo of the URI');
    const sent = logged.find((l) => l.from === 'resource-explorer:everything' && l.outcome === 'delivered')!;
    expect(sent).to.include({ to: 'tool-browser', type: 'resource-selected', delivered: 1 });
    expect(sent.payload, 'the log never carries the payload').to.equal(undefined);
  });

  it('MCP-WP-6.5.4 the host sets the sender: a widget claiming another\u2019s name is delivered under its own, and its hostile payload is shown as text', async () => {
    const evil = widget('resource-explorer:everything#evil', 'resource-explorer', {
      widgetCommunication: { canSend: true, canReceive: false },
    });
    evil.dependencies.WidgetMessaging!.sendToWidget('tool-browser', {
      type: 'resource-selected',
      payload: { uri: HOSTILE },
      source: 'resource-explorer:everything',
      timestamp: 0,
    });
    await waitFor(() => offered().value === HOSTILE, 5000, 'the hostile value offered');
    await offered().updateComplete;
    expect(deepText(offered().shadowRoot!)).to.contain('resource-explorer:everything#evil');
    const code = offered().shadowRoot!.querySelector('[data-offered]')!;
    expect(code.textContent).to.equal(HOSTILE);
    expect(offered().shadowRoot!.querySelector('img, script'), 'no element was made from the payload').to.equal(null);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    // Straight onto the bus, under the spec's channel name: the tool browser does not take it (it listens only through WidgetMessaging).
    evil.dependencies.EventBus.emit('mcp:widget:tool-browser:second:message', {
      type: 'resource-selected',
      payload: { uri: 'bus://spoof' },
      source: 'resource-explorer:everything',
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(offered().value).to.equal(HOSTILE);
  });

  it('MCP-WP-6.5.6 a widget that did not declare widgetCommunication (or is untrusted) may not send: refused, audited and logged', async () => {
    const silent = widget('server-status:everything#silent', 'server-status', { storage: 'none' });
    const untrusted = widget('made-up:everything', 'made-up', {
      widgetCommunication: { canSend: true, canReceive: true },
    });
    for (const deps of [silent, untrusted]) {
      expect(() =>
        deps.dependencies.WidgetMessaging!.sendToWidget('tool-browser', {
          type: 'resource-selected',
          payload: { uri: 'x' },
        }),
      ).to.throw(/may not send messages/);
      expect(() => deps.dependencies.WidgetMessaging!.subscribeToWidget('*', () => {})).to.throw(
        /may not receive messages/,
      );
    }
    const audit = (await env.dashboard.services!.policy.audit.list({ kind: 'widget-message' })) as AuditEntry[];
    expect(audit.filter((e) => e.outcome === 'cannot-send').map((e) => e.callerId)).to.include.members([
      'server-status:everything#silent',
      'made-up:everything',
    ]);
    expect(
      logged.some((l) => l.from === 'made-up:everything' && l.outcome === 'refused' && l.code === 'cannot-send'),
    ).to.equal(true);
  });

  it('MCP-WP-6.5.6 allowlists: a sender reaches only its allowed targets; a recipient takes only its allowed sources', async () => {
    const narrow = widget('server-panel:everything#narrow', 'server-panel', {
      widgetCommunication: { canSend: true, canReceive: false, allowedTargets: ['activity-log'] },
    });
    expect(() =>
      narrow.dependencies.WidgetMessaging!.sendToWidget('tool-browser', {
        type: 'resource-selected',
        payload: { uri: 'narrow://' },
      }),
    ).to.throw(/may message only activity-log/);
    const other = widget('server-panel:everything#other', 'server-panel', {
      widgetCommunication: { canSend: true, canReceive: false },
    });
    other.dependencies.WidgetMessaging!.sendToWidget('tool-browser', {
      type: 'resource-selected',
      payload: { uri: 'not-allowed://' },
    });
    const entry = logged.find((l) => l.from === 'server-panel:everything#other')!;
    expect(entry.delivered, 'the tool browser accepts only resource explorers').to.equal(0);
    expect(offered().value).to.not.equal('not-allowed://');
  });

  it('MCP-WP-6.5.4 at most 10 messages a second per widget: the 11th is refused and logged; every message is logged', async () => {
    const sender = widget('resource-explorer:everything#burst', 'resource-explorer', {
      widgetCommunication: { canSend: true, canReceive: false },
    });
    const receiver = widget('tool-browser:everything#inbox', 'tool-browser', {
      widgetCommunication: { canSend: false, canReceive: true },
    });
    const received: WidgetMessage[] = [];
    receiver.dependencies.WidgetMessaging!.subscribeToWidget('resource-explorer:everything#burst', (m) =>
      received.push(m),
    );
    let refused = 0;
    for (let i = 0; i < 11; i++) {
      try {
        sender.dependencies.WidgetMessaging!.sendToWidget('tool-browser:everything#inbox', {
          type: 'tick',
          payload: { i },
        });
      } catch (error) {
        refused += 1;
        expect((error as Error).message).to.contain('more than 10 messages in one second');
      }
    }
    expect(refused).to.equal(1);
    expect(received.map((m) => (m.payload as { i: number }).i)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Object.isFrozen(received[0]!.payload), 'delivered payloads are frozen copies').to.equal(true);
    const burst = logged.filter((l) => l.from === 'resource-explorer:everything#burst');
    expect(burst.length).to.equal(11);
    expect(burst.filter((l) => l.outcome === 'delivered').every((l) => l.delivered === 1 && l.bytes === 7)).to.equal(
      true,
    );
    expect(burst.at(-1)).to.include({ outcome: 'refused', code: 'rate-limited' });
    // The host's history keeps each message as the server's activity, asked by the sender (never the payload).
    const history = env.dashboard
      .services!.history.list('everything')
      .filter((e) => e.kind === 'message' && e.source?.id === 'resource-explorer:everything#burst');
    expect(history.length).to.equal(11);
    expect(history[0]).to.include({
      outcome: 'error',
      name: 'resource-explorer:everything#burst \u2192 tool-browser:everything#inbox',
    });
    expect(JSON.stringify(history)).not.to.contain('"i":');
    receiver.dispose();
    expect(receiver.leftovers().messageSubscriptions, 'subscriptions end with the widget').to.equal(0);
  });
});
