import { html, nothing, type TemplateResult } from 'lit';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import type { Tile } from '../../core/shared/layout/layout-types.js';
import type { WidgetRegistry } from '../card/widget-registry.js';
import type { AppView } from '../mcp-apps/app-view.js';
import '../card/widget-card.js';
import './app-tile.js';
import './status-tile.js';

/** What rendering a tile's content needs from the dashboard. */
export interface TileContext {
  /** The widget types (undefined until the page's services exist: then no tile is drawn yet). */
  registry: WidgetRegistry | undefined;
  servers: Map<string, GatewayServerSummary>;
  /** True once installed widgets are registered (before that an unknown type may still arrive). */
  registryReady: boolean;
  /** Views opened elsewhere and pinned to a tile, by tile id (shown instead of opening again). */
  liveViews: Map<string, AppView>;
  /** Servers that have a widget tile on this dashboard (their status tile links to it). */
  panels: Set<string>;
  t: (key: string, variables?: Record<string, unknown>) => string;
}

/** A built-in type's label in the user's language; an installed widget's own label otherwise. */
export function widgetLabel(ctx: TileContext, type: string): string {
  const entry = ctx.registry?.get(type);
  const key = `widgetType.${type}`;
  const translated = ctx.t(key);
  return entry?.source !== 'registry' && translated !== key ? translated : (entry?.label ?? type);
}

/** The tile's name, for its bar and for announcements. */
export function tileLabel(ctx: TileContext, tile: Tile): string {
  if (tile.kind === 'status') return ctx.t('tileLabel.status', { server: tile.server });
  if (tile.kind === 'app') return ctx.t('tileLabel.app', { tool: tile.tool, server: tile.server });
  return ctx.t('tileLabel.widget', { server: tile.server, widget: widgetLabel(ctx, tile.widget) });
}

function placeholder(text: string): TemplateResult {
  return html`<p class="placeholder" role="note">${text}</p>`;
}

/**
 * What a tile shows: a widget card, a status line, a pinned app — or, when the layout names a server
 * or widget this dashboard does not have, a placeholder saying so (the rest of the layout is unaffected).
 */
export function renderTileContent(ctx: TileContext, tile: Tile): TemplateResult | typeof nothing {
  if (!ctx.registry) return nothing;
  const server = ctx.servers.get(tile.server);
  if (!server) return placeholder(ctx.t('placeholder.server', { server: tile.server }));
  if (tile.kind === 'status') {
    return html`<mcp-status-tile .server=${server} .canShow=${ctx.panels.has(tile.server)}></mcp-status-tile>`;
  }
  if (tile.kind === 'app') {
    return html`<mcp-app-tile .tile=${tile} .view=${ctx.liveViews.get(tile.id)}></mcp-app-tile>`;
  }
  if (!ctx.registry.get(tile.widget)) {
    return ctx.registryReady
      ? placeholder(ctx.t('placeholder.widget', { widget: tile.widget }))
      : html`<p role="status" class="muted placeholder-wait">${ctx.t('card.loadingWidget')}</p>`;
  }
  return html`<mcp-widget-card
    .server=${server}
    .widgetTypeChoice=${tile.widget}
    data-tile=${tile.id}
  ></mcp-widget-card>`;
}
