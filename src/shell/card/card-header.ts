import { html, nothing, type TemplateResult } from 'lit';
import type { ConnectionProblem } from '../../core/shared/gateway-api/connection-problem.js';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import type { MCPInfo, MCPServerInfo, MCPWidgetStatus } from '../../core/shared/types.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { icon } from '../icons/icons.js';
import { PROCESS_STATES, type Phase } from './card-state.js';
import type { WidgetTypeEntry } from './widget-registry.js';

/** What a card's header shows, and what its controls do. */
export interface CardHeaderView {
  server: GatewayServerSummary;
  phase: Phase;
  status: MCPWidgetStatus | undefined;
  mcpInfo: MCPInfo | undefined;
  /** The widget shows the gateway's catalog while this page's session opens. */
  connecting: boolean;
  /** The card's error (a failed connect or widget) and the doctor's diagnosis of a failed connect. */
  error: string | undefined;
  problem: ConnectionProblem | undefined;
  authNeeded: boolean;
  /** The catalog's lists while the widget loads (their counts show meanwhile). */
  seeded: MCPServerInfo | undefined;
  /** The server log is shown. */
  logOpen: boolean;
  /** The widget types offered for the server, the one shown, and their names. */
  types: WidgetTypeEntry[];
  widgetType: string;
  typeLabel(type: string): string;
  /** Sign in / Sign out (sign-in-panel.ts); `embedded` inside the doctor, which already says why. */
  signIn(embedded: boolean): unknown;
  t: Translate;
  choose(type: string): void;
  refresh(): void;
  reconnect(): void;
  toggleLog(): void;
}

/** The state the header shows (MCP-WP-5.2.2 states). */
function headerState(v: CardHeaderView): MCPWidgetStatus['state'] {
  if (v.phase === 'disabled') return 'disabled';
  // The gateway stopped restarting it (a crash loop): its diagnosis shows, with Restart, whatever this page's session says.
  if (v.phase === 'error' || v.server.state === 'failing') return 'error';
  if (v.phase !== 'ready') return 'loading';
  if (v.connecting) return 'loading';
  // The widget sees the browser's session, which survives; the gateway knows the server is gone meanwhile.
  if (v.server.state === 'restarting') return 'loading';
  return v.status?.state ?? 'loading';
}

function renderChooser(v: CardHeaderView) {
  if (v.types.length < 2 || v.phase === 'disabled') return nothing;
  const id = `type-${v.server.name}`;
  return html`<label class="visually-hidden" for=${id}
      >${v.t('card.view')} ${v.t('card.viewFor', { name: v.server.name })}</label
    >
    <select id=${id} @change=${(e: Event) => v.choose((e.target as HTMLSelectElement).value)}>
      ${v.types.map((t) => html`<option value=${t.type} ?selected=${t.type === v.widgetType}>${v.typeLabel(t.type)}</option>`)}
    </select>`;
}

/**
 * A card's header: the server's name and state (one status/error region with the compact tile,
 * server-status.ts), Refresh, Reconnect and the server log, the counts and process state, the View
 * chooser, and the widget's own connection state when it is not connected.
 */
export function renderCardHeader(v: CardHeaderView): TemplateResult {
  const s = v.server;
  const t = v.t;
  const state = headerState(v);
  // A connect refused for authorization without a diagnosis: the Sign in panel says why (one message, not two).
  const failing = s.state === 'failing';
  // Failing: the gateway's diagnosis (why it stopped) is newer than this card's failed connect.
  const problem = failing
    ? (s.problem ?? v.problem)
    : v.phase === 'error'
      ? (v.problem ?? s.problem ?? undefined)
      : undefined;
  const error =
    v.phase === 'error'
      ? v.authNeeded && !problem
        ? undefined
        : v.error
      : v.phase === 'ready' && v.status?.state === 'error'
        ? v.status.message || undefined
        : undefined;
  const headingId = `card-${s.name}`;
  const process = t(PROCESS_STATES.has(s.state) ? `process.${s.state}` : 'process.unknown', { state: s.state });
  // While the widget loads, the counts the gateway's catalog gave, in the widget kit's words.
  const listed = v.phase === 'loading-widget' ? v.seeded : undefined;
  const metrics = [
    v.status && v.phase === 'ready'
      ? `${v.status.primaryMetric}${v.status.secondaryMetric ? ` \u00b7 ${v.status.secondaryMetric}` : ''}`
      : listed
        ? t('widget.counts', {
            tools: t('count.tools', { count: listed.tools.length }),
            resources: t('count.resources', { count: listed.resources.length }),
            prompts: t('count.prompts', { count: listed.prompts.length }),
          })
        : '',
    `${t('card.process', { state: process })}${s.restarts ? ` \u00b7 ${t('card.restarts', { count: s.restarts })}` : ''}`,
  ].filter(Boolean);
  return html`<header>
    <div class="title-row">
      <h2 id=${headingId} title=${s.name}>${s.name}</h2>
      <mcp-server-status
        .server=${s}
        state=${state}
        .error=${error}
        .problem=${v.phase === 'error' || failing ? problem : undefined}
        ?helpful=${v.phase === 'error' && !v.authNeeded}
        .signIn=${v.signIn}
        .restart=${() => v.reconnect()}
      ></mcp-server-status>
      <span class="spacer"></span>
      ${
        v.phase === 'ready'
          ? html`<button
              type="button"
              class="icon-button"
              title=${t('card.refresh')}
              @click=${() => v.refresh()}
              aria-label=${t('card.refreshLabel', { name: s.name })}
              >${icon('refresh')}<span class="visually-hidden">${t('card.refresh')}</span></button
            >`
          : nothing
      }
      ${
        v.phase !== 'disabled'
          ? html`<button
              type="button"
              class="icon-button"
              title=${t('card.reconnect')}
              @click=${() => v.reconnect()}
              aria-label=${t('card.reconnectLabel', { name: s.name })}
              >${icon('plug-zap')}<span class="visually-hidden">${t('card.reconnect')}</span></button
            >`
          : nothing
      }
      ${
        s.transport === 'stdio'
          ? html`<button
              type="button"
              class="icon-button"
              title=${t('card.serverLog')}
              aria-expanded=${v.logOpen ? 'true' : 'false'}
              @click=${() => v.toggleLog()}
              >${icon('terminal')}<span class="visually-hidden">${t('card.serverLog')}</span></button
            >`
          : nothing
      }
    </div>
    <div class="meta-row"
      ><p class="metrics muted" title=${metrics.join(' \u00b7 ')}>${metrics.join(' \u00b7 ')}</p
      >${renderChooser(v)}</div
    >
    ${
      v.mcpInfo && v.phase === 'ready' && !v.connecting && v.mcpInfo.connectionState !== 'connected'
        ? html`<p class="metrics status-error"
            >${t('card.connection', { state: t(`connection.${v.mcpInfo.connectionState}`) })}${
              v.mcpInfo.lastError ? ` \u2014 ${v.mcpInfo.lastError}` : ''
            }</p
          >`
        : nothing
    }
  </header>`;
}
