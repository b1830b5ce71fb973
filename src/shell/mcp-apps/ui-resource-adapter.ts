import { validateAppCsp, type AppCsp } from '../../core/shared/mcp-apps/csp.js';
import {
  MCP_UI_MIME_TYPES,
  UIResourceError,
  mcpUiResourcesOf,
  parseUIResource,
  uriListDocument,
  uriListTarget,
  type UIResource,
} from '../../core/mcp-apps/mcp-ui.js';
import type {
  DependenciesObject,
  MCPServerInfo,
  MCPWidgetInterface,
  ResourceContents,
  TrustLevel,
  WidgetFactory,
} from '../../core/shared/types.js';
import { McpUiResourceWidget } from './mcp-ui-resource-widget.js';
import { staticDocument } from './static-export.js';
import type { SandboxLocation } from './static-sandbox-frame.js';

/** Options for the adapter. */
export interface UIResourceAdapterOptions {
  sandbox: SandboxLocation;
  /**
   * Decides whether a resource was explicitly verified (MCP-WP-16.6.1). Nothing in this dashboard
   * verifies mcp-ui content yet, so by default every mcp-ui widget is `untrusted`.
   */
  isVerified?: (resource: UIResource, info: MCPServerInfo) => boolean;
}

/**
 * mcp-ui interoperability (MCP-WP §15, rules 16.x): turns mcp-ui resources into MCP-WP widgets that
 * render in the MCP Apps sandbox, exports a widget's rendering as a static mcp-ui resource, and
 * says whether a widget can be exported.
 */
export class UIResourceAdapter {
  constructor(private readonly options: UIResourceAdapterOptions) {}

  /**
   * MCP-WP-16.3.1: an mcp-ui resource as a widget. `text/html` is shown in the sandbox under the
   * restrictive default CSP (16.3.2); `text/uri-list` must be https (16.3.3) and is framed from the
   * sandbox with only that origin in `frame-src`. The widget is `untrusted` unless verified
   * (16.6.1) and says `mcpUICompatible: true`. Throws a UIResourceError for anything else.
   */
  fromMCPUI(resource: UIResource | unknown, mcpServerInfo: MCPServerInfo): MCPWidgetInterface {
    const parsed = parseUIResource(resource);
    let html: string;
    let csp: AppCsp = {};
    if (parsed.mimeType === 'text/uri-list') {
      const url = uriListTarget(parsed.content);
      html = uriListDocument(url);
      csp = validateAppCsp(
        { frameDomains: [url.origin] },
        { forbiddenOrigins: this.options.sandbox.forbiddenOrigins() },
      ).csp;
      if (!csp.frameDomains) throw new UIResourceError(`${url.origin} cannot be framed from the sandbox.`);
    } else {
      html = parsed.content;
    }
    const trustLevel: TrustLevel = this.options.isVerified?.(parsed, mcpServerInfo) ? 'verified' : 'untrusted';
    const element = document.createElement('mcp-ui-resource-widget') as McpUiResourceWidget;
    element.resource = parsed;
    element.info = mcpServerInfo;
    element.sandbox = this.options.sandbox;
    element.content = { html, csp };
    element.trustLevel = trustLevel;
    return {
      api: {
        element,
        // MCP-WP-4.2.11: an mcpUICompatible widget implements toMCPUI(); this one gives back its resource.
        toMCPUI: () => ({ ...parsed }),
        async initialize() {},
        async destroy() {
          element.remove();
        },
        async refresh() {},
      },
      widget: {
        protocolVersion: '1.0.0',
        element: 'mcp-ui-resource-widget',
        displayName: `${mcpServerInfo.serverName} (mcp-ui)`,
        icon: '\u{1F5BC}\uFE0F',
        category: 'MCP Servers',
        mcpServerName: mcpServerInfo.serverName,
        transport: mcpServerInfo.transport,
        mcpProtocolVersion: mcpServerInfo.protocolVersion,
        capabilities: { tools: false, resources: true, prompts: false, sampling: false },
        permissions: {},
        trustLevel,
        mcpUICompatible: true,
        mcpUIResourceTypes: [parsed.mimeType],
      },
    };
  }

  /**
   * MCP-WP-16.4.2: a widget as an mcp-ui resource. `as: 'text/html'` serialises its rendered element
   * (shadow trees included) to static HTML; `as: 'text/uri-list'` gives its `repository.url` (https
   * only); without `as`, the widget's own `api.toMCPUI()` (MCP-WP-4.2.11) is used when it has one,
   * checked like any incoming resource, else the static HTML. Only for widgets that declare
   * `mcpUICompatible: true` (16.4.1).
   */
  toMCPUI(widget: MCPWidgetInterface, options: { as?: 'text/html' | 'text/uri-list' } = {}): UIResource {
    if (!this.isMCPUICompatible(widget)) {
      throw new UIResourceError(
        `Widget <${widget?.widget?.element}> does not declare mcpUICompatible: true (MCP-WP-16.4.1), so it is not exported.`,
      );
    }
    const meta = widget.widget;
    const own = widget.api.toMCPUI;
    if (!options.as && typeof own === 'function') return parseUIResource(own.call(widget.api));
    const uri = `ui://mcp-wp/${encodeURIComponent(meta.mcpServerName)}/${meta.element}`;
    if (options.as === 'text/uri-list') {
      const raw = (meta.repository as { url?: unknown } | undefined)?.url;
      const url = typeof raw === 'string' ? uriListTarget(raw) : undefined;
      if (!url) throw new UIResourceError(`Widget <${meta.element}> has no repository.url to export as text/uri-list.`);
      return { uri, mimeType: 'text/uri-list', content: url.href };
    }
    const element = widget.api.element instanceof Element ? widget.api.element : undefined;
    if (!element) throw new UIResourceError(`Widget <${meta.element}> has no rendered element to export.`);
    return { uri, mimeType: 'text/html', content: staticDocument(element, meta.displayName) };
  }

  /** MCP-WP-16.4.1: true when the widget declares `mcpUICompatible: true` and, if it lists types, a supported one. */
  isMCPUICompatible(widget: MCPWidgetInterface): boolean {
    const meta = widget?.widget;
    if (!meta || meta.mcpUICompatible !== true) return false;
    if (!Array.isArray(meta.mcpUIResourceTypes)) return true;
    return meta.mcpUIResourceTypes.some((t) => MCP_UI_MIME_TYPES[String(t)] === 'supported');
  }

  /**
   * MCP-WP-16.5.1 as a widget type: for a server that offers mcp-ui resources (`ui://` with
   * `text/html` or `text/uri-list` in resources/list), a widget showing the first of them.
   */
  factory(hostRead?: (serverName: string, uri: string) => Promise<ResourceContents>): WidgetFactory {
    return async (deps: DependenciesObject, info: MCPServerInfo) => {
      const candidate = mcpUiResourcesOf(info.resources)[0];
      if (!candidate)
        throw new UIResourceError(
          `Server "${info.serverName}" lists no mcp-ui resource (ui:// with text/html or text/uri-list); choose another widget type.`,
        );
      // The host reads the resource it adapts (the resulting widget is untrusted, MCP-WP-16.6.1, and may
      // itself run no MCP operation); without a host reader, the widget's own bridge is used.
      const read = await (hostRead ?? ((server: string, uri: string) => deps.MCPBridge.readResource(server, uri)))(
        info.serverName,
        candidate.uri,
      );
      const item = read.contents.find((c) => c.uri === candidate.uri) ?? read.contents[0];
      return this.fromMCPUI({ ...item, mimeType: item?.mimeType ?? candidate.mimeType }, info);
    };
  }
}
