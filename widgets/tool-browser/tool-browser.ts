import { html, css } from 'lit';
import {
  McpServerWidgetElement,
  baseStyles,
  defineElement,
  type MCPTool,
  type ToolSelectEvent,
  type WidgetMessage,
} from '../kit/index.js';
import type { McpToolRunner } from '../kit/tool-runner/tool-runner.js';
import type { UseValueEvent } from '../kit/schema-form/offered-value.js';
import '../kit/tool-runner/tool-list.js';
import '../kit/tool-runner/tool-runner.js';
import '../kit/schema-form/offered-value.js';
import { en } from './messages-en.js';
import { ja } from './messages-ja.js';

/**
 * mcp-tool-browser-widget (MCP-WP §12): search every tool by name, title and description in a
 * virtualised list (thousands of tools stay responsive), then fill the generated form and invoke.
 * It accepts resource URIs that a resource explorer sends (MCP-WP §6.5) and puts one into a text
 * field of the chosen tool when the person asks.
 */
export class McpToolBrowserWidget extends McpServerWidgetElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      .split {
        display: grid;
        grid-template-columns: minmax(12rem, 1fr) 2fr;
        gap: var(--mcp-spacing-lg, 1rem);
      }
      @media (max-width: 40rem) {
        .split {
          grid-template-columns: 1fr;
        }
      }
      h3 {
        margin: 0 0 var(--mcp-spacing-sm, 0.25rem);
        font-size: var(--mcp-font-size-lg, 1rem);
      }
    `,
  ];

  static override properties = {
    ...McpServerWidgetElement.properties,
    selected: { state: true },
    offered: { state: true },
  };

  declare selected: MCPTool | undefined;
  /** The last resource URI a resource explorer sent, and which one (shown as text). */
  declare offered: { value: string; source: string } | undefined;

  constructor() {
    super();
    this.localize({ en, ja });
  }

  protected override onStart(): void {
    const messaging = this.deps?.WidgetMessaging;
    if (!messaging) return;
    try {
      this.own(messaging.subscribeToWidget('resource-explorer', (message: WidgetMessage) => this.onMessage(message)));
    } catch {
      // Not granted widgetCommunication.canReceive: the widget simply offers no pairing.
    }
  }

  /** A message is untrusted: only a `resource-selected` with a URI string is used, and only as text. */
  private onMessage(message: WidgetMessage): void {
    const uri = (message.payload as { uri?: unknown } | null)?.uri;
    if (message.type !== 'resource-selected' || typeof uri !== 'string' || uri.length > 4096) return;
    this.offered = { value: uri, source: message.source };
  }

  protected override onListChanged(): void {
    if (this.selected) this.selected = this.info?.tools.find((t) => t.name === this.selected!.name);
  }

  override async refresh(): Promise<void> {
    await super.refresh();
    this.onListChanged();
  }

  /** Shows a tool and its form (agent action "select-tool"); the runner, or undefined when there is no such tool. */
  async showTool(name: string): Promise<McpToolRunner | undefined> {
    const tool = this.info?.tools.find((t) => t.name === name);
    if (!tool) return undefined;
    this.selected = tool;
    await this.updateComplete;
    const runner = this.renderRoot.querySelector('mcp-tool-runner') ?? undefined;
    await runner?.updateComplete;
    return runner;
  }

  private useValue(event: UseValueEvent): void {
    this.renderRoot.querySelector('mcp-tool-runner')?.setArguments({ [event.field]: event.value });
  }

  override render() {
    const info = this.info;
    if (!info) return html`<p role="status">${this.t('browser.loading')}</p>`;
    return html`<section aria-label=${this.t('browser.heading', { name: info.serverName })}>
      <div class="split">
        <mcp-tool-list
          .tools=${info.tools}
          .selected=${this.selected?.name}
          .i18n=${this.deps?.I18n}
          @mcp-tool-select=${(e: ToolSelectEvent) => (this.selected = e.tool)}
        ></mcp-tool-list>
        <div>
          <mcp-offered-value
            .value=${this.offered?.value}
            .source=${this.offered?.source ?? ''}
            .tool=${this.selected}
            .i18n=${this.deps?.I18n}
            @mcp-use-value=${(e: UseValueEvent) => this.useValue(e)}
          ></mcp-offered-value>
          <mcp-tool-runner
            .bus=${this.deps?.EventBus}
            .offline=${this.deps?.OfflineCache}
            server-name=${info.serverName}
            .tool=${this.selected}
            .i18n=${this.deps?.I18n}
            ?tasks=${Boolean((info.capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined)?.requests?.tools?.call)}
          ></mcp-tool-runner>
        </div>
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
