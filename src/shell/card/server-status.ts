import { LitElement, html, css, nothing } from 'lit';
import type { ConnectionProblem } from '../../core/shared/gateway-api/connection-problem.js';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import type { MCPWidgetStatus } from '../../core/shared/types.js';
import { renderStatus } from '../../../widgets/kit/widget/status.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { doctorText } from './connection-doctor-text.js';
import './connection-doctor.js';

/**
 * Styles of <mcp-server-status>, for the shadow root that holds it (it renders into its host's tree).
 * The element itself has no box: its state and its problem join the host's row or grid, the problem on
 * a line of its own after everything else on that row.
 */
export const serverStatusStyles = css`
  mcp-server-status {
    display: contents;
  }
  .status {
    font-weight: var(--mcp-font-weight-medium, 600);
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    white-space: nowrap;
  }
  .status-error {
    color: var(--mcp-error-dark, #a4161a);
  }
  .status-active {
    color: var(--mcp-success-dark, #0d6b3c);
  }
  .status-loading {
    color: var(--mcp-warning-dark, #8a4b00);
  }
  .status-disabled {
    text-decoration: underline dotted;
  }
  mcp-server-status > mcp-sign-in-panel {
    flex: 1 0 100%;
    order: 2;
    grid-column: 1 / -1;
    min-width: 0;
  }
  .server-problem {
    flex: 1 0 100%;
    order: 1;
    grid-column: 1 / -1;
    min-width: 0;
    margin: 0;
    word-break: break-word;
  }
  .server-problem p {
    margin: var(--mcp-spacing-xs, 0.125rem) 0;
  }
  .server-problem .error-card {
    border-left: 4px solid var(--mcp-error-dark, #a4161a);
    padding-left: var(--mcp-spacing-md, 0.5rem);
  }
  mcp-server-status[compact] .server-problem p {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
`;

/**
 * <mcp-server-status>: a server's state (icon and word, MCP-WP-5.2.2) and what is wrong with it — the
 * connection doctor's diagnosis, the error in words, or "reconnecting" while the gateway restarts it.
 * The one place both a server panel's card header and a compact status tile show this, so whatever is
 * added here (the remote-server Sign in / Sign out) appears in both. `compact` shortens the problem to its
 * message (the tile links to the panel, which has the whole diagnosis).
 *
 * Renders into its host's shadow root (no shadow root of its own) so the host lays it out with its own
 * row or grid; include `serverStatusStyles` in the host's styles.
 */
export class McpServerStatus extends LitElement {
  static override properties = {
    server: { attribute: false },
    state: {},
    error: { attribute: false },
    problem: { attribute: false },
    compact: { type: Boolean, reflect: true },
    helpful: { type: Boolean },
    signIn: { attribute: false },
    restart: { attribute: false },
  };

  declare server: GatewayServerSummary | undefined;
  /** The state the host worked out (a card from its widget, a tile from the bridge and the history). */
  declare state: MCPWidgetStatus['state'];
  /** What went wrong, in words (a failed connect, a widget in error, the bridge's last error). */
  declare error: string | undefined;
  /** The doctor's diagnosis from a failed connect; the gateway's (`server.problem`) otherwise. */
  declare problem: ConnectionProblem | null | undefined;
  declare compact: boolean;
  /** Add the "what to do" line under a plain error (a connection that failed without a diagnosis). */
  declare helpful: boolean;
  /**
   * Sign in / Sign out from the host, which owns the session: rendered inside the doctor when the
   * diagnosis is "authorization needed" (`embedded`: the doctor already says why), beside the region otherwise.
   */
  declare signIn: ((embedded: boolean) => unknown) | undefined;
  /** Starts a server the gateway stopped restarting (a crash loop) again: a Restart button inside that diagnosis. */
  declare restart: (() => void) | undefined;
  private readonly l10n = new ShellLocalize(this);

  constructor() {
    super();
    this.state = 'loading';
    this.compact = false;
    this.helpful = false;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** The problem region (role alert, or status while reconnecting); the Sign in / Sign out controls belong beside it. */
  private renderProblem() {
    const t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
    const server = this.server;
    const state = this.state;
    if (!server || state === 'disabled') return nothing;
    const problem = this.problem ?? server.problem ?? undefined;
    const doctor = (p: ConnectionProblem) =>
      this.compact
        ? html`<p class="error-text" title=${doctorText(t, p).action}>✗ ${doctorText(t, p).message}</p>`
        : html`<mcp-connection-doctor .problem=${p}
            >${p.step === 'auth' && this.signIn ? this.signIn(true) : nothing}${
              p.kind === 'crash-loop' && this.restart
                ? html`<button type="button" class="restart" data-action="restart" @click=${() => this.restart?.()}>
                    ${t('card.restartServer')}
                  </button>`
                : nothing
            }</mcp-connection-doctor
          >`;
    if (server.state === 'restarting' && state !== 'error') {
      return html`<div class="server-problem" role="status"
        ><p>${t('card.reconnectingUpstream')}</p
        >${server.problem && !this.compact ? doctor(server.problem) : nothing}</div
      >`;
    }
    if (state === 'error' && problem) return html`<div class="server-problem" role="alert">${doctor(problem)}</div>`;
    if (this.error) {
      return html`<div class="server-problem" role="alert"
        ><div class=${this.helpful && !this.compact ? 'error-card' : ''}>
          <p class="error-text"
            >${this.helpful && !this.compact ? html`<strong>✗ ${this.error}</strong>` : html`✗ ${this.error}`}</p
          >
          ${this.helpful && !this.compact ? html`<p class="muted">${t('card.errorHelp')}</p>` : nothing}
        </div></div
      >`;
    }
    return nothing;
  }

  override render() {
    const t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
    const shown = this.state === 'error' ? (this.problem ?? this.server?.problem ?? undefined) : undefined;
    // Sign in goes inside the doctor when it diagnosed "authorization needed" (one message, not two).
    const signIn = this.signIn && !this.compact && shown?.step !== 'auth' ? this.signIn(false) : nothing;
    return html`<span class="status status-${this.state}" role="status">${renderStatus(this.state, t)}</span
      >${this.renderProblem()}${signIn}`;
  }
}

if (!customElements.get('mcp-server-status')) customElements.define('mcp-server-status', McpServerStatus);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-server-status': McpServerStatus;
  }
}
