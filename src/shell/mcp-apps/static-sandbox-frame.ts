import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppCsp } from '../../core/shared/mcp-apps/csp.js';
import { OUTER_SANDBOX, resolveInnerSandbox } from '../../core/mcp-apps/sandbox-policy.js';
import { sandboxProxyUrl } from '../../core/shared/mcp-apps/sandbox-origin.js';
import { OriginBoundTransport } from './origin-bound-transport.js';

/** Where the sandbox is, for content that is not an MCP App (mcp-ui resources). */
export interface SandboxLocation {
  origin(): Promise<string>;
  hostOrigin: string;
  forbiddenOrigins(): string[];
}

let counter = 0;

/**
 * Static content (an mcp-ui `text/html` or `text/uri-list` resource) in the same sandbox as MCP App
 * views: the proxy on the sandbox origin, the CSP header built from `csp`, the inner frame without
 * `allow-same-origin`. The SDK's AppBridge delivers the HTML to the proxy; no MCP handler is
 * installed, so the content cannot call tools or read resources — it is shown, nothing more.
 */
export class StaticSandboxFrame {
  readonly id = `mcpui-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  private iframe: HTMLIFrameElement | undefined;
  private bridge: AppBridge | undefined;
  /** 'loading' until the proxy has the HTML. */
  state: 'loading' | 'shown' | 'error' | 'closed' = 'loading';
  error: string | undefined;

  constructor(
    private readonly sandbox: SandboxLocation,
    private readonly content: { html: string; csp: AppCsp; title: string },
    private readonly onChange: () => void = () => {},
  ) {}

  /** Creates the frame inside `container` and loads the content. */
  async mount(container: HTMLElement): Promise<void> {
    if (this.iframe || this.state === 'closed') return;
    try {
      const origin = await this.sandbox.origin();
      const iframe = document.createElement('iframe');
      iframe.setAttribute('sandbox', OUTER_SANDBOX);
      iframe.setAttribute('title', this.content.title);
      iframe.setAttribute('referrerpolicy', 'no-referrer');
      iframe.style.cssText = 'display:block;width:100%;height:320px;border:0';
      container.append(iframe);
      this.iframe = iframe;
      const bridge = new AppBridge(null, { name: 'mcp-dashboard', version: '0.1.0' }, {});
      this.bridge = bridge;
      bridge.addEventListener('sandboxready', () => {
        void bridge.sendSandboxResourceReady({
          html: this.content.html,
          csp: this.content.csp,
          sandbox: resolveInnerSandbox(undefined).sandbox,
        });
        this.state = 'shown';
        this.onChange();
      });
      await bridge.connect(new OriginBoundTransport(iframe.contentWindow!, origin));
      iframe.src = sandboxProxyUrl(origin, {
        hostOrigin: this.sandbox.hostOrigin,
        csp: this.content.csp,
        view: this.id,
      });
    } catch (error) {
      this.state = 'error';
      this.error = (error as Error)?.message ?? String(error);
      this.onChange();
    }
  }

  /** The outer iframe (tests). */
  get frameElement(): HTMLIFrameElement | undefined {
    return this.iframe;
  }

  /** Removes the frame. */
  async close(): Promise<void> {
    this.state = 'closed';
    try {
      await this.bridge?.close();
    } catch {
      // already gone
    }
    this.iframe?.remove();
    this.iframe = undefined;
  }
}
