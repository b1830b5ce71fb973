import { html, css } from 'lit';
import { McpServerWidgetElement, baseStyles, defineElement, type MCPTool, type ToolSelectEvent } from '../kit/index.js';
import '../kit/tool-list.js';
import '../kit/tool-runner.js';
import { en } from './messages-en.js';
import { ja } from './messages-ja.js';

/**
 * mcp-tool-browser-widget (MCP-WP §12): search every tool by name, title and description in a
 * virtualised list (thousands of tools stay responsive), then fill the generated form and invoke.
 */
export class McpToolBrowserWidget extends McpServerWidgetElement {
  static override styles = [
    baseStyles,
    css`
      :host { display: block; }
      .split { display: grid; grid-template-columns: minmax(12rem, 1fr) 2fr; gap: var(--mcp-spacing-lg, 1rem); }
      @media (max-width: 40rem) { .split { grid-template-columns: 1fr; } }
      h3 { margin: 0 0 var(--mcp-spacing-sm, 0.25rem); font-size: var(--mcp-font-size-lg, 1rem); }
    `,
  ];

  static override properties = { ...McpServerWidgetElement.properties, selected: { state: true } };

  declare selected: MCPTool | undefined;

  constructor() {
    super();
    this.localize({ en, ja });
  }

  protected override onListChanged(): void {
    if (this.selected) this.selected = this.info?.tools.find((t) => t.name === this.selected!.name);
  }

  override async refresh(): Promise<void> {
    await super.refresh();
    this.onListChanged();
  }

  override render() {
    const info = this.info;
    if (!info) return html`<p role="status">${this.t('browser.loading')}</p>`;
    return html`<section aria-label=${this.t('browser.heading', { name: info.serverName })}>
      <div class="split">
        <mcp-tool-list .tools=${info.tools} .selected=${this.selected?.name} .i18n=${this.deps?.I18n}
          @mcp-tool-select=${(e: ToolSelectEvent) => (this.selected = e.tool)}></mcp-tool-list>
        <mcp-tool-runner .bus=${this.deps?.EventBus} server-name=${info.serverName} .tool=${this.selected} .i18n=${this.deps?.I18n}
          ?tasks=${Boolean((info.capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined)?.requests?.tools?.call)}></mcp-tool-runner>
      </div>
    </section>`;
  }
}

defineElement('mcp-tool-browser-widget', McpToolBrowserWidget);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool-browser-widget': McpToolBrowserWidget;
  }
}
