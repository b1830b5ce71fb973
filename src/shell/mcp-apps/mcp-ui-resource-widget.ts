import type { AppCsp } from '../../core/shared/mcp-apps/csp.js';
import type { UIResource } from '../../core/mcp-apps/mcp-ui.js';
import type { MCPServerInfo, MCPWidgetStatus } from '../../core/shared/types.js';
import type { StaticSandboxFrame, SandboxLocation } from './static-sandbox-frame.js';

let frameModule: Promise<typeof import('./static-sandbox-frame.js')> | undefined;

/** The sandbox frame code (with the SDK's AppBridge), loaded when the first mcp-ui resource is shown; a failed load is retried. */
function loadFrameModule(): Promise<typeof import('./static-sandbox-frame.js')> {
  frameModule ??= import('./static-sandbox-frame.js').catch((error: unknown) => {
    frameModule = undefined;
    throw error;
  });
  return frameModule;
}

const STYLE = `
  :host { display: block; }
  header { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; font-size: var(--mcp-font-size-sm, 0.8125rem); }
  .uri { font-family: monospace; word-break: break-all; }
  .trust { border: 1px solid var(--mcp-border, #8c959f); border-radius: var(--mcp-radius-sm, 2px); padding: 0 4px; }
  .frame { border: 1px solid var(--mcp-border, #8c959f); border-radius: var(--mcp-radius-md, 4px); margin-top: 0.25rem; }
  .problem { color: var(--mcp-error-dark, #a4161a); }
`;

/**
 * <mcp-ui-resource-widget>: an mcp-ui resource as an MCP-WP widget (MCP-WP-16.3.2: a custom
 * element extending HTMLElement, the content in a sandboxed iframe under a CSP). Rendered in the
 * dashboard's MCP Apps sandbox — separate origin, opaque inner frame — and marked untrusted.
 */
export class McpUiResourceWidget extends HTMLElement {
  resource: UIResource | undefined;
  info: MCPServerInfo | undefined;
  sandbox: SandboxLocation | undefined;
  content: { html: string; csp: AppCsp } | undefined;
  trustLevel = 'untrusted';
  private frame: StaticSandboxFrame | undefined;
  private lastActivity: number | null = null;
  /** Bumped on every connect/disconnect, so a frame module that loads late mounts only into the current box. */
  private generation = 0;
  private loadError: string | undefined;

  connectedCallback(): void {
    this.generation += 1;
    if (!this.resource || !this.content || !this.sandbox) return;
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    root.replaceChildren();
    const style = document.createElement('style');
    style.textContent = STYLE;
    const header = document.createElement('header');
    const uri = document.createElement('span');
    uri.className = 'uri';
    uri.textContent = this.resource.uri;
    const type = document.createElement('span');
    type.textContent = `mcp-ui ${this.resource.mimeType}`;
    const trust = document.createElement('span');
    trust.className = 'trust';
    trust.textContent = `${this.trustLevel} \u00b7 sandboxed`;
    header.append(uri, type, trust);
    const box = document.createElement('div');
    box.className = 'frame';
    root.append(style, header, box);
    const problem = (message: string) => {
      const p = document.createElement('p');
      p.className = 'problem';
      p.setAttribute('role', 'alert');
      p.textContent = `\u2717 Could not show the resource: ${message}`;
      root.append(p);
    };
    const generation = this.generation;
    const sandbox = this.sandbox;
    const content = { ...this.content, title: `mcp-ui resource ${this.resource.uri}` };
    loadFrameModule().then(
      ({ StaticSandboxFrame }) => {
        if (generation !== this.generation) return;
        // A static resource has no state to lose: a moved element simply loads it again.
        this.frame = new StaticSandboxFrame(sandbox, content, () => {
          this.lastActivity = Date.now();
          if (this.frame?.state === 'error') problem(this.frame.error ?? 'unknown error');
        });
        void this.frame.mount(box);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.loadError = `its sandbox code did not load (${(error as Error)?.message ?? String(error)}). Reload the page.`;
        problem(this.loadError);
      },
    );
  }

  disconnectedCallback(): void {
    this.generation += 1;
    void this.frame?.close();
    this.frame = undefined;
  }

  /** The sandbox frame (tests). */
  get sandboxFrame(): StaticSandboxFrame | undefined {
    return this.frame;
  }

  /** MCP-WP-5.2.1 status. */
  getStatus(): MCPWidgetStatus {
    const state = this.loadError ? 'error' : this.frame?.state;
    return {
      state: state === 'error' ? 'error' : state === 'shown' ? 'active' : 'loading',
      primaryMetric: this.resource ? `mcp-ui ${this.resource.mimeType}` : 'mcp-ui',
      secondaryMetric: `${this.trustLevel} \u00b7 sandboxed`,
      lastActivity: this.lastActivity,
      message: state === 'error' ? (this.loadError ?? this.frame?.error ?? null) : null,
    };
  }
}

if (!customElements.get('mcp-ui-resource-widget')) customElements.define('mcp-ui-resource-widget', McpUiResourceWidget);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-ui-resource-widget': McpUiResourceWidget;
  }
}
