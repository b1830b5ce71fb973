import { expect } from '@open-wc/testing';
import { LitElement, html } from 'lit';
import { createHostServices, type HostServices } from '../services/host-services.js';
import { contextValues, HostContexts } from '../services/host-contexts.js';
import './widget-card.js';
import type { McpWidgetCard } from './widget-card.js';
import type { DependenciesObject, MCPServerInfo, WidgetFactory } from '../../core/shared/types.js';
import { startGateway, stopGateway, waitFor, type TestGateway } from '../../../test/support/gateway.js';

class TestWidget extends LitElement {
  getStatus() {
    return { state: 'idle' as const, primaryMetric: 'test', secondaryMetric: '', lastActivity: null, message: null };
  }
  override render() {
    return html`<p>test widget</p>`;
  }
}
if (!customElements.get('mcp-test-card-widget')) customElements.define('mcp-test-card-widget', TestWidget);

function metadata(info: MCPServerInfo, over: Record<string, unknown> = {}) {
  return {
    protocolVersion: '1.0.0' as const,
    element: 'mcp-test-card-widget',
    displayName: 'Test',
    icon: 'T',
    category: 'MCP Servers' as const,
    mcpServerName: info.serverName,
    transport: info.transport,
    mcpProtocolVersion: info.protocolVersion,
    capabilities: { tools: true, resources: true, prompts: true, sampling: false },
    ...over,
  };
}

describe('widget card lifecycle (MCP-WP-10.2)', () => {
  let gateway: TestGateway;
  let services: HostServices;
  // The cards' parent provides the page's services, as <mcp-dashboard> does.
  const root = document.createElement('div');

  before(async () => {
    gateway = await startGateway({ mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'] } } });
    services = createHostServices({
      baseUrl: gateway.origin,
      token: gateway.token,
      confirm: async () => false,
      dbName: `card-${Date.now()}`,
    });
    new HostContexts(root).provide(contextValues(services));
    document.body.append(root);
  });
  after(async () => {
    root.remove();
    services?.dispose();
    await stopGateway(gateway);
  });

  async function mountWith(factory: WidgetFactory): Promise<McpWidgetCard> {
    const type = `test-${Math.random().toString(36).slice(2)}`;
    services.registry.register({ type, label: type, load: async () => factory });
    await services.configuration.set('widgets.type.everything', type);
    const card = document.createElement('mcp-widget-card');
    card.server = {
      name: 'everything',
      transport: 'stdio',
      state: 'idle',
      restarts: 0,
      sessions: 0,
      lastError: null,
      lastExit: null,
      disabled: false,
    };
    root.append(card);
    await waitFor(() => card.phase === 'ready' || card.phase === 'error', 20_000, 'the card');
    return card;
  }

  it('a factory that throws gives an error card with the reason; nothing else breaks', async () => {
    const card = await mountWith(() => {
      throw new Error('kaboom in factory');
    });
    expect(card.phase).to.equal('error');
    expect(card.shadowRoot!.textContent).to.contain('kaboom in factory');
    card.remove();
  });

  it('MCP-WP-4.2.4 a widget claiming another server is refused, naming the rule', async () => {
    const card = await mountWith((_deps, info) => ({
      api: {},
      widget: metadata(info, { mcpServerName: 'someone-else' }),
    }));
    expect(card.phase).to.equal('error');
    expect(card.shadowRoot!.textContent).to.contain('MCP-WP-4.2.4');
    card.remove();
  });

  it('MCP-WP-4.2.2 an element name outside the pattern is refused', async () => {
    const card = await mountWith((_deps, info) => ({ api: {}, widget: metadata(info, { element: 'my-widget' }) }));
    expect(card.shadowRoot!.textContent).to.contain('MCP-WP-4.2.2');
    card.remove();
  });

  it('initialize() that rejects gives an error card', async () => {
    const card = await mountWith((_deps, info) => ({
      api: {
        initialize: async () => {
          throw new Error('cannot init');
        },
      },
      widget: metadata(info),
    }));
    expect(card.phase).to.equal('error');
    expect(card.shadowRoot!.textContent).to.contain('cannot init');
    card.remove();
  });

  it('MCP-WP-10.2.1 / 3.4.2 creates, initialises and mounts; removing the card destroys it and the host drops every listener the widget left', async () => {
    const baseline = services.bus.listenerCount();
    const order: string[] = [];
    let deps: DependenciesObject | undefined;
    const card = await mountWith((d, info) => {
      deps = d;
      order.push('factory');
      // A careless widget: subscribes and never unsubscribes.
      d.EventBus.on('mcp:tool:result', () => {});
      d.EventBus.on('mcp:*', () => {});
      return {
        api: {
          initialize: async () => {
            order.push('initialize');
          },
          destroy: async () => {
            order.push('destroy');
          },
        },
        widget: metadata(info),
      };
    });
    expect(card.phase).to.equal('ready');
    expect(card.shadowRoot!.querySelector('mcp-test-card-widget')).to.exist;
    expect(order).to.deep.equal(['factory', 'initialize']);
    expect(services.bus.listenerCount()).to.equal(baseline + 2);
    card.remove();
    await waitFor(() => order.includes('destroy'), 5000, 'destroy');
    await waitFor(() => services.bus.listenerCount() === baseline, 5000, 'listeners to be released');
    expect(deps).to.exist;
  });

  it('MCP-WP-3.4.4 a destroy() that never finishes is cut off and cleaned up anyway', async () => {
    const baseline = services.bus.listenerCount();
    const card = await mountWith((d, info) => {
      d.EventBus.on('mcp:*', () => {});
      return { api: { destroy: () => new Promise<void>(() => {}) }, widget: metadata(info) };
    });
    expect(card.phase).to.equal('ready');
    const started = Date.now();
    await card.teardown();
    expect(Date.now() - started).to.be.within(4900, 7000);
    expect(services.bus.listenerCount()).to.equal(baseline);
    card.remove();
  });
});
