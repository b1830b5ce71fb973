// A third-party widget, built like any other: it imports only the public kit and lit.
import { LitElement, css, html, nothing } from 'lit';
import {
  baseStyles,
  createRequestId,
  defineElement,
  errorText,
  type DependenciesObject,
  type MCPServerInfo,
  type MCPWidgetInterface,
  type MCPWidgetStatus,
  type Unsubscribe,
} from 'mcp-dashboard/widgets/kit';
import manifest from '../widget.json';

/** <mcp-acme-echo-widget>: sends a message to the server's `echo` tool and shows the answer. */
export class AcmeEchoWidget extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      form {
        display: flex;
        gap: 0.5rem;
        align-items: end;
        flex-wrap: wrap;
      }
      .reply {
        font-weight: 600;
      }
    `,
  ];
  static override properties = { reply: { state: true }, error: { state: true } };

  declare reply: string | undefined;
  declare error: string | undefined;
  deps: DependenciesObject | undefined;
  info: MCPServerInfo | undefined;
  private subs: Unsubscribe[] = [];
  private pending: string | undefined;
  private last: number | null = null;

  /** Follows the results of this widget's own requests. */
  start(): void {
    const bus = this.deps!.EventBus;
    const mine = (d: { requestId?: string }) => d.requestId !== undefined && d.requestId === this.pending;
    this.subs.push(
      bus.on(
        'mcp:tool:result',
        (d: { requestId?: string; result: { content: Array<{ type: string; text?: string }> } }) => {
          if (!mine(d)) return;
          this.last = Date.now();
          this.error = undefined;
          this.reply = d.result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
        },
      ),
      bus.on('mcp:tool:error', (d: { requestId?: string; error: unknown }) => {
        if (mine(d)) this.error = errorText(d.error).message;
      }),
      bus.on('mcp:tool:cancelled', (d: { requestId?: string }) => {
        if (mine(d)) this.reply = 'Cancelled; nothing was sent.';
      }),
    );
  }

  /** Releases every subscription. */
  stop(): void {
    for (const unsubscribe of this.subs) unsubscribe();
    this.subs = [];
  }

  private say(event: Event): void {
    event.preventDefault();
    const input = this.renderRoot.querySelector('input')!;
    this.pending = createRequestId('echo');
    this.deps!.EventBus.emit('mcp:tool:invoke-requested', {
      serverName: this.info!.serverName,
      toolName: 'echo',
      args: { message: input.value },
      requestId: this.pending,
    });
  }

  /** MCP-WP-5.2.1 */
  getStatus(): MCPWidgetStatus {
    const active = this.last !== null && Date.now() - this.last < 60_000;
    return {
      state: this.error ? 'error' : active ? 'active' : 'idle',
      primaryMetric: `Acme Echo ${manifest.version}`,
      secondaryMetric: '',
      lastActivity: this.last,
      message: this.error ?? null,
    };
  }

  override render() {
    return html`<p class="muted">Acme Echo <span class="version">${manifest.version}</span></p>
      <form @submit=${this.say}>
        <label>Message <input name="message" required /></label>
        <button type="submit">Say it</button>
      </form>
      ${this.reply !== undefined ? html`<p class="reply" role="status">${this.reply}</p>` : nothing}
      ${this.error ? html`<p class="error-text" role="alert">${this.error}</p>` : nothing}`;
  }
}

defineElement('mcp-acme-echo-widget', AcmeEchoWidget);

/** The factory (MCP-WP §3). */
export default function createEchoWidget(deps: DependenciesObject, info: MCPServerInfo): MCPWidgetInterface {
  const element = document.createElement('mcp-acme-echo-widget') as AcmeEchoWidget;
  element.deps = deps;
  element.info = info;
  return {
    api: {
      element,
      initialize: async () => element.start(),
      destroy: async () => element.stop(),
      refresh: async () => {},
    },
    widget: {
      protocolVersion: '1.0.0',
      element: 'mcp-acme-echo-widget',
      displayName: 'Acme Echo',
      icon: '\u{1F4E3}',
      category: 'MCP Servers',
      mcpServerName: info.serverName,
      transport: info.transport,
      mcpProtocolVersion: info.protocolVersion,
      capabilities: { tools: true, resources: false, prompts: false, sampling: false },
      permissions: { mcpOperations: { invokeTool: true } },
      trustLevel: 'verified',
    },
  };
}
