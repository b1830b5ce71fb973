// A widget that asks for more than the others: clipboard, persistent storage, resource access.
import { LitElement, css, html, nothing } from 'lit';
import {
  baseStyles,
  defineElement,
  type DependenciesObject,
  type MCPServerInfo,
  type MCPWidgetInterface,
  type MCPWidgetStatus,
} from 'mcp-dashboard/widgets/kit';
import manifest from '../widget.json';

/** <mcp-contoso-resource-pins-widget>: the server's resources, with pins kept in Configuration. */
export class ContosoResourcePinsWidget extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      ul {
        list-style: none;
        padding: 0;
      }
      li {
        display: flex;
        gap: 0.5rem;
        align-items: center;
      }
    `,
  ];
  static override properties = { pins: { state: true }, note: { state: true } };

  declare pins: string[];
  declare note: string | undefined;
  deps: DependenciesObject | undefined;
  info: MCPServerInfo | undefined;

  constructor() {
    super();
    this.pins = [];
  }

  /** Reads the saved pins. */
  start(): void {
    this.pins = (this.deps!.Configuration.get<string[]>('pins') ?? []).filter((p) => typeof p === 'string');
  }

  private async toggle(uri: string): Promise<void> {
    this.pins = this.pins.includes(uri) ? this.pins.filter((p) => p !== uri) : [...this.pins, uri];
    await this.deps!.Configuration.set('pins', this.pins);
  }

  private async copy(uri: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(uri);
      this.note = `Copied ${uri}`;
    } catch {
      this.note = 'The browser did not allow copying.';
    }
  }

  /** MCP-WP-5.2.1 */
  getStatus(): MCPWidgetStatus {
    return {
      state: 'idle',
      primaryMetric: `${this.pins.length} pinned`,
      secondaryMetric: `Resource Pins ${manifest.version}`,
      lastActivity: null,
      message: null,
    };
  }

  override render() {
    const resources = (this.info?.resources ?? []).slice(0, 50);
    return html`<p class="muted">Contoso Resource Pins <span class="version">${manifest.version}</span></p>
      <ul aria-label="Resources">
        ${resources.map(
          (r) =>
            html`<li>
              <button
                type="button"
                aria-pressed=${this.pins.includes(r.uri) ? 'true' : 'false'}
                @click=${() => void this.toggle(r.uri)}
                >Pin</button
              >
              <span>${r.name ?? r.uri}</span>
              <button type="button" aria-label=${`Copy ${r.uri}`} @click=${() => void this.copy(r.uri)}
                >Copy URI</button
              >
            </li>`,
        )}
      </ul>
      ${this.note ? html`<p role="status">${this.note}</p>` : nothing}`;
  }
}

defineElement('mcp-contoso-resource-pins-widget', ContosoResourcePinsWidget);

/** The factory (MCP-WP §3). */
export default function createResourcePinsWidget(deps: DependenciesObject, info: MCPServerInfo): MCPWidgetInterface {
  const element = document.createElement('mcp-contoso-resource-pins-widget') as ContosoResourcePinsWidget;
  element.deps = deps;
  element.info = info;
  return {
    api: { element, initialize: async () => element.start() },
    widget: {
      protocolVersion: '1.0.0',
      element: 'mcp-contoso-resource-pins-widget',
      displayName: 'Contoso Resource Pins',
      icon: '\u{1F4CC}',
      category: 'MCP Servers',
      mcpServerName: info.serverName,
      transport: info.transport,
      mcpProtocolVersion: info.protocolVersion,
      capabilities: { tools: false, resources: true, prompts: false, sampling: false },
      permissions: manifest.permissions as MCPWidgetInterface['widget']['permissions'],
      trustLevel: 'community',
    },
  };
}
