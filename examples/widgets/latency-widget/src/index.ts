// Depends on @acme/sparkline: the host loads that package first, so <mcp-acme-sparkline> exists here.
import { LitElement, css, html } from 'lit';
import {
  baseStyles,
  defineElement,
  type DependenciesObject,
  type MCPServerInfo,
  type MCPWidgetInterface,
  type MCPWidgetStatus,
  type Unsubscribe,
} from 'mcp-dashboard/widgets/kit';

/** <mcp-acme-latency-widget>: latencies of this server's tool calls. */
export class AcmeLatencyWidget extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
    `,
  ];
  static override properties = { latencies: { state: true } };

  declare latencies: number[];
  deps: DependenciesObject | undefined;
  info: MCPServerInfo | undefined;
  private subs: Unsubscribe[] = [];

  constructor() {
    super();
    this.latencies = [];
  }

  /** Follows tool results and errors of this widget's server. */
  start(): void {
    const record = (d: { serverName?: string; latency?: number }) => {
      if (d.serverName === this.info?.serverName && typeof d.latency === 'number')
        this.latencies = [...this.latencies, Math.round(d.latency)].slice(-200);
    };
    this.subs.push(this.deps!.EventBus.on('mcp:tool:result', record), this.deps!.EventBus.on('mcp:tool:error', record));
  }

  /** Releases every subscription. */
  stop(): void {
    for (const unsubscribe of this.subs) unsubscribe();
    this.subs = [];
  }

  private median(): number | undefined {
    if (!this.latencies.length) return undefined;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  }

  /** MCP-WP-5.2.1 */
  getStatus(): MCPWidgetStatus {
    const m = this.median();
    return {
      state: 'idle',
      primaryMetric: `${this.latencies.length} calls`,
      secondaryMetric: m === undefined ? '' : `median ${m} ms`,
      lastActivity: null,
      message: null,
    };
  }

  override render() {
    const m = this.median();
    return html`<p
        ><span class="calls">${this.latencies.length} calls</span>${m === undefined ? '' : ` \u00b7 median ${m} ms`}</p
      >
      <mcp-acme-sparkline .values=${this.latencies} label="Latency in ms"></mcp-acme-sparkline>`;
  }
}

defineElement('mcp-acme-latency-widget', AcmeLatencyWidget);

/** The factory (MCP-WP §3). */
export default function createLatencyWidget(deps: DependenciesObject, info: MCPServerInfo): MCPWidgetInterface {
  const element = document.createElement('mcp-acme-latency-widget') as AcmeLatencyWidget;
  element.deps = deps;
  element.info = info;
  return {
    api: { element, initialize: async () => element.start(), destroy: async () => element.stop() },
    widget: {
      protocolVersion: '1.0.0',
      element: 'mcp-acme-latency-widget',
      displayName: 'Acme Latency',
      icon: '\u23f1',
      category: 'MCP Servers',
      mcpServerName: info.serverName,
      transport: info.transport,
      mcpProtocolVersion: info.protocolVersion,
      capabilities: { tools: true, resources: false, prompts: false, sampling: false },
      trustLevel: 'community',
    },
  };
}
