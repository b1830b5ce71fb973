import { html, css, nothing } from 'lit';
import { McpServerWidgetElement, baseStyles, defineElement, renderStatus } from '../kit/index.js';
import { en } from './messages-en.js';
import { ja } from './messages-ja.js';

/**
 * mcp-server-status-widget (MCP-WP §12): a compact badge — server name, state as icon and text,
 * counts of tools, resources and prompts, and when it was last used. No interaction beyond reading.
 */
export class McpServerStatusWidget extends McpServerWidgetElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      .badge {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: baseline;
      }
      .name {
        font-weight: var(--mcp-font-weight-bold, 700);
      }
      .status-error {
        color: var(--mcp-error-dark, #a4161a);
      }
      .status-active {
        color: var(--mcp-success-dark, #0d6b3c);
      }
    `,
  ];

  constructor() {
    super();
    this.localize({ en, ja });
  }

  protected override onActivity(): void {
    this.requestUpdate();
  }

  override render() {
    const info = this.info;
    const t = this.t;
    if (!info) return html`<p role="status">${t('status.loading')}</p>`;
    const status = this.getStatus();
    return html`<div class="badge" role="group" aria-label=${t('status.label', { name: info.serverName })}>
      <span class="name">${info.serverName}</span>
      <span class="status-${status.state}">${renderStatus(status.state, t)}</span>
      <span
        >${t('status.counts', {
          tools: t('count.tools', { count: info.tools.length }),
          resources: t('count.resources', { count: info.resources.length }),
          prompts: t('count.prompts', { count: info.prompts.length }),
        })}</span
      >
      <span class="muted">${status.secondaryMetric}</span>
      <span class="muted"
        >${this.lastActivity ? t('status.lastActivity', { time: this.l10n.formatDate(this.lastActivity, { timeStyle: 'medium' }) }) : t('status.noActivity')}</span
      >
      ${status.message ? html`<span class="error-text" role="alert">✗ ${status.message}</span>` : nothing}
    </div>`;
  }
}

defineElement('mcp-server-status-widget', McpServerStatusWidget);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-server-status-widget': McpServerStatusWidget;
  }
}
