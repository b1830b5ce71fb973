import { expect } from '@open-wc/testing';
import type { McpUiResourceWidget } from '../../src/shell/mcp-apps/mcp-ui-resource-widget.js';
import { checkWidgetResult, createWidgetInstance } from '../../src/shell/card/widget-lifecycle.js';
import type { MCPServerInfo, MCPWidgetInterface } from '../../src/core/shared/types.js';
import { deepQuery } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { evalInView, waitInView } from '../support/views.js';
import { useDashboard } from '../support/setup.js';

async function showInPage(widget: MCPWidgetInterface): Promise<McpUiResourceWidget> {
  const element = widget.api.element as McpUiResourceWidget;
  document.body.append(element);
  await waitFor(() => element.sandboxFrame?.state === 'shown', 10_000, 'the sandboxed resource');
  return element;
}

describe('MCP-WP §15 mcp-ui interoperability: UIResourceAdapter over the real sandbox', () => {
  let info: MCPServerInfo;

  const env = useDashboard({
    mcpServers: { hostile: { command: 'node', args: ['test/fixtures/hostile-app-server.mjs'] } },
    ready: ['hostile'],
  });

  before(async () => {
    info = env.dashboard.services!.bridge.getServer('hostile')!.info!;
  });

  it('MCP-WP-16.6.1 fromMCPUI: a text/html resource becomes an untrusted, mcpUICompatible widget that passes the widget contract', async () => {
    const read = await env.dashboard.services!.bridge.readResource('hostile', 'ui://hostile/mcpui.html');
    const widget = env.dashboard.services!.mcpUi.fromMCPUI(read.contents[0], info);
    expect(() => checkWidgetResult(widget, info)).to.not.throw();
    expect(widget.widget.trustLevel).to.equal('untrusted');
    expect(widget.widget.mcpUICompatible).to.equal(true);
    expect(widget.widget.mcpUIResourceTypes).to.deep.equal(['text/html']);
    expect(widget.api.element).to.be.instanceOf(HTMLElement);
    // MCP-WP-4.2.11: being mcpUICompatible, it implements toMCPUI(), which gives back the resource.
    expect(env.dashboard.services!.mcpUi.toMCPUI(widget)).to.deep.equal({
      uri: 'ui://hostile/mcpui.html',
      mimeType: 'text/html',
      content: (read.contents[0] as { text: string }).text,
    });
  });

  it('MCP-WP-16.3.2 / 16.6.2 the text/html content runs in the MCP Apps sandbox: separate origin, no access to the host DOM or storage', async () => {
    localStorage.setItem('mcp-ui-secret', 'x');
    const read = await env.dashboard.services!.bridge.readResource('hostile', 'ui://hostile/mcpui.html');
    const element = await showInPage(env.dashboard.services!.mcpUi.fromMCPUI(read.contents[0], info));
    try {
      const id = element.sandboxFrame!.id;
      const seen = await waitInView<{ text: string; top: string; storage: string; origin: string }>(
        id,
        `const p = document.getElementById('hello'); return p && p.dataset.storage ? { text: p.textContent, top: p.dataset.topAccess, storage: p.dataset.storage, origin: self.origin } : null;`,
      );
      expect(seen.text).to.equal('Hello from mcp-ui');
      expect(seen.top).to.match(/^blocked SecurityError/);
      expect(seen.storage).to.match(/^blocked SecurityError/);
      expect(seen.origin).to.equal('null');
      const outer = element.sandboxFrame!.frameElement!;
      expect(new URL(outer.src).origin).to.not.equal(location.origin);
      expect(element.getStatus().secondaryMetric).to.contain('untrusted');
    } finally {
      element.remove();
      localStorage.removeItem('mcp-ui-secret');
    }
  });

  it('MCP-WP-16.3.3 text/uri-list: an https URL is framed from the sandbox with only its origin allowed; http is rejected', async () => {
    const link = await env.dashboard.services!.bridge.readResource('hostile', 'ui://hostile/mcpui-link');
    const element = await showInPage(env.dashboard.services!.mcpUi.fromMCPUI(link.contents[0], info));
    try {
      const id = element.sandboxFrame!.id;
      const nested = await evalInView<{ src: string; sandbox: string | null }>(
        id,
        `const f = document.querySelector('iframe'); return { src: f.src, sandbox: f.getAttribute('sandbox') };`,
      );
      expect(nested).to.deep.equal({ src: 'https://example.com/app', sandbox: 'allow-scripts allow-forms' });
      const csp = JSON.parse(new URL(element.sandboxFrame!.frameElement!.src).searchParams.get('csp')!);
      expect(csp).to.deep.equal({ frameDomains: ['https://example.com'] });
    } finally {
      element.remove();
    }
    const insecure = await env.dashboard.services!.bridge.readResource('hostile', 'ui://hostile/mcpui-insecure-link');
    expect(() => env.dashboard.services!.mcpUi.fromMCPUI(insecure.contents[0], info)).to.throw(/https/);
    expect(() =>
      env.dashboard.services!.mcpUi.fromMCPUI(
        { uri: 'ui://x', mimeType: 'application/vnd.mcp-ui.remote-dom', content: 'x' },
        info,
      ),
    ).to.throw(/remote-dom/);
  });

  it('MCP-WP-16.5.1 "mcp-ui" is a widget type: a server with mcp-ui resources can be shown through the adapter in its card', async () => {
    try {
      // The View menu's path: the tile records the widget type.
      const card = await env.card('hostile');
      await card.chooseWidgetType('mcp-ui');
      await waitFor(() => card.phase === 'ready' || card.phase === 'error', 20_000, 'the card');
      expect(card.phase, card.error).to.equal('ready');
      const element = await waitFor(
        () => deepQuery<McpUiResourceWidget>('mcp-ui-resource-widget', card.shadowRoot!),
        5000,
        'the mcp-ui widget',
      );
      await waitFor(() => element.getStatus().state === 'active', 10_000, 'the resource to show');
      expect(card.shadowRoot!.textContent).to.contain('untrusted');
    } finally {
      await env.dashboard.services!.configuration.set('widgets.type.hostile', undefined);
    }
  });

  it('MCP-WP-16.4.1 / 16.4.2 toMCPUI: a compatible widget exports its rendered shadow DOM as static HTML with nothing executable; others are refused', async () => {
    class ExportCard extends HTMLElement {
      constructor() {
        super();
        const root = this.attachShadow({ mode: 'open' });
        const sheet = new CSSStyleSheet();
        sheet.replaceSync('.title { color: rgb(200, 0, 0); }');
        root.adoptedStyleSheets = [sheet];
        root.innerHTML = `<p class="title" onclick="alert(1)">Hello &lt;world&gt;</p><a href="javascript:alert(1)">bad</a><a href="https://ok.example.com/">ok</a><script>window.__exported = 1</script><slot></slot>`;
      }
      getStatus() {
        return { state: 'idle' as const, primaryMetric: '', secondaryMetric: '', lastActivity: null, message: null };
      }
    }
    if (!customElements.get('mcp-export-test-widget')) customElements.define('mcp-export-test-widget', ExportCard);
    const element = document.createElement('mcp-export-test-widget');
    element.textContent = 'light child';
    document.body.append(element);
    const meta = {
      protocolVersion: '1.0.0' as const,
      element: 'mcp-export-test-widget',
      displayName: 'Export',
      icon: 'x',
      category: 'MCP Servers' as const,
      mcpServerName: 'hostile',
      transport: 'stdio' as const,
      mcpProtocolVersion: 'x',
      capabilities: { tools: false, resources: false, prompts: false, sampling: false },
    };
    const adapter = env.dashboard.services!.mcpUi;
    const compatible: MCPWidgetInterface = {
      api: { element },
      widget: { ...meta, mcpUICompatible: true, repository: { url: 'https://github.com/example/widget' } },
    };
    const plain: MCPWidgetInterface = { api: { element }, widget: meta };
    expect(adapter.isMCPUICompatible(compatible)).to.equal(true);
    expect(adapter.isMCPUICompatible(plain)).to.equal(false);
    expect(() => adapter.toMCPUI(plain)).to.throw(/16\.4\.1/);
    const exported = adapter.toMCPUI(compatible, { as: 'text/html' });
    // Without `as`, a widget's own toMCPUI() (MCP-WP-4.2.11) is used, and checked like any resource.
    expect(
      adapter.toMCPUI({
        ...compatible,
        api: { ...compatible.api, toMCPUI: () => ({ uri: 'ui://own', mimeType: 'text/html', content: '<p>own</p>' }) },
      }),
    ).to.deep.equal({ uri: 'ui://own', mimeType: 'text/html', content: '<p>own</p>' });
    expect(() =>
      adapter.toMCPUI({
        ...compatible,
        api: { ...compatible.api, toMCPUI: () => ({ uri: 'https://x', mimeType: 'text/html', content: 'x' }) },
      }),
    ).to.throw(/ui:\/\//);
    element.remove();
    expect(exported.mimeType).to.equal('text/html');
    expect(exported.uri).to.equal('ui://mcp-wp/hostile/mcp-export-test-widget');
    expect(exported.content).to.contain('<template shadowrootmode="open">');
    expect(exported.content).to.contain('rgb(200, 0, 0)');
    expect(exported.content).to.contain('Hello &lt;world&gt;');
    expect(exported.content).to.contain('https://ok.example.com/');
    expect(exported.content).to.not.match(/<script|onclick|javascript:/i);
    expect(adapter.toMCPUI(compatible, { as: 'text/uri-list' })).to.deep.equal({
      uri: exported.uri,
      mimeType: 'text/uri-list',
      content: 'https://github.com/example/widget',
    });
    // Round trip: the export, loaded back through fromMCPUI, renders the same text in the sandbox.
    const back = await showInPage(adapter.fromMCPUI(exported, info));
    try {
      const text = await waitInView<string>(
        back.sandboxFrame!.id,
        `const el = document.querySelector('mcp-export-test-widget'); return el && el.shadowRoot ? el.shadowRoot.textContent + '|' + el.textContent : '';`,
      );
      expect(text).to.contain('Hello <world>');
      expect(text).to.contain('light child');
    } finally {
      back.remove();
    }
    expect((window as unknown as { __exported?: number }).__exported).to.equal(undefined);
  });

  it('fromMCPUI widgets go through the real widget lifecycle like any other', async () => {
    const read = await env.dashboard.services!.bridge.readResource('hostile', 'ui://hostile/mcpui.html');
    const deps = {
      dependencies: {} as never,
      dispose() {},
      busSubscriptions: () => 0,
      leftovers: () => ({ busListeners: 0, timers: 0, resourceSubscriptions: 0, configListeners: 0 }),
    };
    const instance = await createWidgetInstance(
      () => env.dashboard.services!.mcpUi.fromMCPUI(read.contents[0], info),
      deps,
      info,
    );
    expect(instance.element.localName).to.equal('mcp-ui-resource-widget');
    expect(instance.widget.trustLevel).to.equal('untrusted');
  });
});
