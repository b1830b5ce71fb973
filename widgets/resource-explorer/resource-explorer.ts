import { html, css } from 'lit';
import { McpServerWidgetElement, baseStyles, defineElement } from '../kit/index.js';
import '../kit/resources/resource-browser.js';
import { en } from './messages-en.js';
import { ja } from './messages-ja.js';

/**
 * mcp-resource-explorer-widget (MCP-WP §12): resources with URI, label, MIME type, size and
 * annotations; templates as forms; previews of text, images and JSON, a download for other types;
 * live updates when the server supports subscriptions.
 */
export class McpResourceExplorerWidget extends McpServerWidgetElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
    `,
  ];

  constructor() {
    super();
    this.localize({ en, ja });
  }

  override render() {
    const info = this.info;
    if (!info) return html`<p role="status">${this.t('explorer.loading')}</p>`;
    const subscribe = Boolean((info.capabilities.resources as { subscribe?: boolean } | undefined)?.subscribe);
    return html`<section aria-label=${this.t('explorer.heading', { name: info.serverName })}>
      <mcp-resource-browser
        .deps=${this.deps}
        server-name=${info.serverName}
        .resources=${info.resources}
        .templates=${info.resourceTemplates ?? []}
        ?can-subscribe=${subscribe}
        share-target="tool-browser"
      ></mcp-resource-browser>
    </section>`;
  }
}

defineElement('mcp-resource-explorer-widget', McpResourceExplorerWidget);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-resource-explorer-widget': McpResourceExplorerWidget;
  }
}
