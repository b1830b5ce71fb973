import { LitElement, html, css, nothing } from 'lit';
import type { Unsubscribe } from '../../core/shared/types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { consume, webmcpContext } from '../services/contexts.js';
import { shellStyles } from '../shell.styles.js';
import type { WebMcpHost, WebMcpStatus } from './webmcp-host.js';

/**
 * <mcp-agent-switch>: the header switch **Let browser agents use these tools**, with what it
 * does now: how many tools are registered for which agent, or why none can be (no WebMCP in this browser).
 * It follows the page's WebMCP host from its context once the dashboard has installed the agents.
 */
export class McpAgentSwitch extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: inline-flex;
        flex-wrap: wrap;
        align-items: center;
        gap: var(--mcp-spacing-sm, 0.25rem);
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        max-width: 100%;
        min-width: 0;
      }
      label {
        display: inline-flex;
        align-items: center;
        gap: var(--mcp-spacing-xs, 0.125rem);
      }
      /* One line in the header, however long the state is (the full text is its title and is read out). */
      .state {
        color: var(--mcp-text-secondary, #4b5563);
        max-width: 18rem;
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      /* A narrow window (or 400 % zoom, 320 px): the state wraps rather than pushing the header sideways. */
      @media (max-width: 40rem) {
        .state {
          white-space: normal;
          max-width: 100%;
        }
      }
    `,
  ];

  static override properties = { status: { state: true } };

  declare status: WebMcpStatus | undefined;
  private host: WebMcpHost | undefined;
  private stop: Unsubscribe | undefined;
  private readonly l10n = new ShellLocalize(this);
  private readonly webmcp = consume(this, webmcpContext);

  /** Follows the host the context gives (again after the switch was away from the page). */
  protected override willUpdate(): void {
    const host = this.webmcp.value;
    if (host === this.host) return;
    this.stop?.();
    this.host = host;
    this.status = host?.status();
    this.stop = host?.onStatus((status) => (this.status = status));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop?.();
    this.stop = undefined;
    this.host = undefined;
  }

  private stateText(s: WebMcpStatus): string {
    const t = (key: string, v?: Record<string, unknown>) => this.l10n.t(key, v);
    if (!s.available) return t('agents.unavailable');
    if (!s.enabled) return t('agents.off');
    const registered = t('agents.registered', { count: s.registered.length, agent: s.agentId });
    const failed = s.failures.length
      ? ` ${t('agents.failed', { count: s.failures.length, names: s.failures.map((f) => f.name).join(', ') })}`
      : '';
    return `${registered}${s.agentConfigured ? '' : ` ${t('agents.notConfigured', { agent: s.agentId })}`}${failed}`;
  }

  override render() {
    const s = this.status;
    if (!s) return nothing;
    return html`<label
        ><input
          type="checkbox"
          role="switch"
          data-action="webmcp"
          .checked=${s.enabled}
          ?disabled=${!this.host}
          aria-describedby="webmcp-state"
          @change=${(e: Event) => void this.host?.setEnabled((e.target as HTMLInputElement).checked)}
        />${this.l10n.t('agents.switch')}</label
      >
      <span id="webmcp-state" class="state" role="status" title=${this.stateText(s)}>${this.stateText(s)}</span>`;
  }
}

if (!customElements.get('mcp-agent-switch')) customElements.define('mcp-agent-switch', McpAgentSwitch);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-agent-switch': McpAgentSwitch;
  }
}
