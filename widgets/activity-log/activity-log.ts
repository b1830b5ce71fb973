import { html, css } from 'lit';
import {
  McpServerWidgetElement,
  baseStyles,
  defineElement,
  type ActivityEntry,
  type LatencyPoint,
} from '../kit/index.js';
import '../kit/activity/activity-table.js';
import '../kit/activity/latency-chart.js';
import { en } from './messages-en.js';
import { ja } from './messages-ja.js';

const MAX_ENTRIES = 500;

/**
 * mcp-activity-log-widget (MCP-WP §12): a chronological log of this server's calls, reads and
 * prompts with request/response inspection and latency, and a chart of tool-call latency over time.
 */
export class McpActivityLogWidget extends McpServerWidgetElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      h3 {
        font-size: var(--mcp-font-size-lg, 1rem);
        margin: var(--mcp-spacing-md, 0.5rem) 0;
      }
      .toolbar {
        display: flex;
        justify-content: flex-end;
      }
    `,
  ];

  static override properties = { ...McpServerWidgetElement.properties, entries: { state: true } };

  declare entries: ActivityEntry[];

  constructor() {
    super();
    this.localize({ en, ja });
    this.entries = [];
  }

  protected override onActivity(entry: ActivityEntry): void {
    this.entries = [entry, ...this.entries].slice(0, MAX_ENTRIES);
  }

  protected override retainedData(): readonly unknown[] {
    return this.entries;
  }

  /** Tool calls that finished (ok or error) with a latency, oldest first. */
  latencyPoints(): LatencyPoint[] {
    return this.entries
      .filter((e) => e.kind === 'tool' && e.latency !== undefined && e.outcome !== 'started')
      .map((e) => ({ time: e.time, latency: e.latency!, label: e.name }))
      .reverse();
  }

  override render() {
    const info = this.info;
    const t = this.t;
    const i18n = this.deps?.I18n;
    if (!info) return html`<p role="status">${t('log.loading')}</p>`;
    return html`<section aria-label=${t('log.heading', { name: info.serverName })}>
      <h3>${t('log.latency')}</h3>
      <mcp-latency-chart .points=${this.latencyPoints()} .i18n=${i18n}></mcp-latency-chart>
      <div class="toolbar"><button type="button" @click=${() => (this.entries = [])}>${t('log.clear')}</button></div>
      <mcp-activity-table .entries=${this.entries} caption=${t('log.calls')} .i18n=${i18n}></mcp-activity-table>
    </section>`;
  }
}

defineElement('mcp-activity-log-widget', McpActivityLogWidget);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-activity-log-widget': McpActivityLogWidget;
  }
}
