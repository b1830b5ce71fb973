import { LitElement, type PropertyValues } from 'lit';
import type {
  DependenciesObject,
  I18nMessage,
  MCPInfo,
  MCPServerInfo,
  MCPWidgetStatus,
  Unsubscribe,
  WidgetResourceUsage,
  WidgetTimersInterface,
} from '../../../src/core/shared/types.js';
import { trackActivity, type ActivityEntry } from '../activity/activity.js';
import { LocalizeController } from '../i18n/localize.js';
import { KIT_CATALOGS } from '../i18n/messages.js';
import { dataBytes, gzippedBytes } from '../resources/resource-usage.js';
import { RetriesExhaustedError, withRetries } from './retry.js';
import { widgetTimers } from './timers.js';
import { errorText } from '../tool-runner/tool-text.js';

/** A call counts as recent activity for this long (MCP-WP-5.2.2 "active"). */
export const ACTIVE_WINDOW_MS = 60_000;

/**
 * Base class for widgets that represent one server: follows connection state, activity and
 * `list_changed` on the bus, implements `getStatus()` / `getMCPInfo()` (MCP-WP-5.2.1, 5.3.1),
 * `refresh()` with capped retries (MCP-WP-3.4.3, 9.1.6), `getResourceUsage()` (MCP-WP-17.6.5), and
 * releases everything in `stop()` (MCP-WP-3.4.2). Subclasses render; they add subscriptions with
 * `this.own(...)`.
 */
export class McpServerWidgetElement extends LitElement {
  static override properties = {
    info: { attribute: false },
    connection: { state: true },
    opening: { state: true },
    lastError: { state: true },
    refreshing: { state: true },
  };

  declare deps: DependenciesObject | undefined;
  declare info: MCPServerInfo | undefined;
  declare connection: 'connected' | 'disconnected' | 'error';
  /** The host shows this server from what it already knew while its session opens (the gateway's catalog). */
  declare opening: boolean;
  declare lastError: string | null;
  declare refreshing: boolean;
  /** URL of the module the widget's factory came from (its `import.meta.url`), for the bundle size. */
  moduleUrl: string | undefined;
  protected lastActivity: number | null = null;
  private lastRenderMs = 0;
  private bundleBytes = 0;
  protected timers: WidgetTimersInterface | undefined;
  private subs: Unsubscribe[] = [];
  /**
   * Strings in the host's locale through the I18n dependency; English without it (MCP-WP-6.8.2).
   * Subclasses with their own strings call `localize(catalogs)` in their constructor.
   */
  protected l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.deps?.I18n });
  /** Looks up a message in the widget's catalogs (then the kit's). */
  protected readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);

  constructor() {
    super();
    this.connection = 'connected';
    this.opening = false;
    this.lastError = null;
    this.refreshing = false;
  }

  /** Adds the widget's own catalogs (merged over the kit's, per language). */
  protected localize(catalogs: Record<string, Record<string, I18nMessage>>): void {
    this.removeController(this.l10n);
    const merged: Record<string, Record<string, I18nMessage>> = {};
    for (const locale of new Set([...Object.keys(KIT_CATALOGS), ...Object.keys(catalogs)]))
      merged[locale] = { ...(KIT_CATALOGS[locale] ?? {}), ...(catalogs[locale] ?? {}) };
    this.l10n = new LocalizeController(this, { catalogs: merged, i18n: () => this.deps?.I18n });
  }

  /** Keeps an unsubscribe to run in `stop()`. */
  protected own(unsubscribe: Unsubscribe): void {
    this.subs.push(unsubscribe);
  }

  /** Starts following the bus; the factory's `initialize()` calls it. */
  start(): void {
    const bus = this.deps?.EventBus;
    const name = this.info?.serverName;
    if (!bus || !name || this.subs.length) return;
    this.timers = widgetTimers(this.deps);
    if (this.moduleUrl) void gzippedBytes(this.moduleUrl).then((bytes) => (this.bundleBytes = bytes));
    const mine = (d: { serverName?: unknown } | undefined) => d?.serverName === name;
    const take = (entry: ActivityEntry) => {
      if (entry.kind !== 'server' && entry.kind !== 'log')
        this.lastActivity = Math.max(this.lastActivity ?? 0, entry.time);
      this.onActivity(entry);
    };
    const history = this.deps?.History;
    if (history) {
      // The host's history: what happened before this widget existed (another view, another layout) too.
      for (const entry of history.list(name).reverse()) take(entry);
      this.own(history.subscribe(name, take));
    } else {
      this.own(trackActivity(bus, name, take));
    }
    this.opening = this.deps?.MCPBridge.getServer(name)?.state === 'connecting';
    this.own(
      bus.on('mcp:server:connected', (d) => {
        if (!mine(d)) return;
        this.connection = 'connected';
        this.opening = false;
        this.lastError = null;
      }),
    );
    this.own(
      bus.on('mcp:server:disconnected', (d: { serverName?: string; reason?: string }) => {
        if (!mine(d)) return;
        this.opening = false;
        this.connection = 'disconnected';
        this.lastError = d.reason ?? this.t('widget.disconnected');
      }),
    );
    this.own(
      bus.on('mcp:server:error', (d: { serverName?: string; error?: unknown }) => {
        if (!mine(d)) return;
        this.opening = false;
        this.lastError = errorText(d.error).message;
      }),
    );
    // MCP-WP-10.3.4: a host that only announces locale changes on the bus still re-renders us.
    this.own(bus.on('mcp:host:locale-changed', () => this.requestUpdate()));
    // notifications/*/list_changed: the host has refreshed its view; show it without a reload.
    this.own(
      bus.on('mcp:server:list-changed', (d: { serverName?: string; kind?: string }) => {
        if (!mine(d)) return;
        const fresh = this.deps?.MCPBridge.getServer(name)?.info;
        if (fresh && this.info)
          this.info = {
            ...this.info,
            tools: fresh.tools,
            resources: fresh.resources,
            prompts: fresh.prompts,
            resourceTemplates: fresh.resourceTemplates,
          };
        this.onListChanged(String(d.kind ?? ''));
      }),
    );
    this.onStart();
  }

  /** Releases every subscription and timer (MCP-WP-3.4.2). */
  stop(): void {
    for (const unsubscribe of this.subs) unsubscribe();
    this.subs = [];
    this.timers?.clearAll();
    this.onStop();
  }

  /** Times each render (template and DOM commit) for `getResourceUsage()`. */
  protected override update(changed: PropertyValues): void {
    const t0 = performance.now();
    super.update(changed);
    this.lastRenderMs = performance.now() - t0;
  }

  /** Hook: server data a subclass keeps beside `info` (activity entries…), counted in `memoryUsed`. */
  protected retainedData(): readonly unknown[] {
    return [];
  }

  /**
   * MCP-WP-17.6.5 / 18.1.4, in bytes and milliseconds. `memoryUsed`: the server data this widget
   * keeps (lists and retained entries as JSON text, UTF-16), not the DOM or shared code, which a page
   * cannot attribute to one element. `bundleSize`: the gzipped size of the module the factory came
   * from (0 until measured, or when the module cannot be read back). `renderTime`: the last render.
   */
  getResourceUsage(): WidgetResourceUsage {
    const retained = this.retainedData().reduce<number>((sum, item) => sum + dataBytes(item), 0);
    return { memoryUsed: dataBytes(this.info) + retained, bundleSize: this.bundleBytes, renderTime: this.lastRenderMs };
  }

  /** Hook: after `start()`. */
  protected onStart(): void {}
  /** Hook: in `stop()`. */
  protected onStop(): void {}
  /** Hook: every activity entry of this server. */
  protected onActivity(_entry: ActivityEntry): void {}
  /** Hook: after a list changed and `info` was updated. */
  protected onListChanged(_kind: string): void {}

  /** Re-fetches tools, resources and prompts (MCP-WP-3.4.3), retrying transient failures a few times. */
  async refresh(): Promise<void> {
    const bridge = this.deps?.MCPBridge;
    const info = this.info;
    if (!bridge || !info) return;
    this.refreshing = true;
    try {
      const [tools, resources, prompts] = await withRetries(
        () =>
          Promise.all([
            bridge.listTools(info.serverName),
            bridge.listResources(info.serverName),
            bridge.listPrompts(info.serverName),
          ]),
        { timers: this.timers },
      );
      const templates = bridge.getServer(info.serverName)?.info?.resourceTemplates ?? info.resourceTemplates;
      this.info = { ...info, tools, resources, prompts, resourceTemplates: templates };
      this.lastError = null;
    } catch (error) {
      const e = error instanceof RetriesExhaustedError ? error : undefined;
      this.lastError = e ? `${e.message}. ${e.guidance}` : errorText(error).message;
      throw error;
    } finally {
      this.refreshing = false;
    }
  }

  /** MCP-WP-5.2.1 status for the card header. */
  getStatus(): MCPWidgetStatus {
    const info = this.info;
    let state: MCPWidgetStatus['state'] = 'idle';
    if (!info || this.opening) state = 'loading';
    else if (this.connection !== 'connected') state = 'error';
    else if (this.lastActivity !== null && Date.now() - this.lastActivity < ACTIVE_WINDOW_MS) state = 'active';
    return {
      state,
      primaryMetric: info
        ? this.t('widget.counts', {
            tools: this.t('count.tools', { count: info.tools.length }),
            resources: this.t('count.resources', { count: info.resources.length }),
            prompts: this.t('count.prompts', { count: info.prompts.length }),
          })
        : this.t('widget.noData'),
      secondaryMetric: info
        ? this.t('widget.transport', { transport: info.transport, version: info.protocolVersion })
        : '',
      lastActivity: this.lastActivity,
      message: state === 'error' ? this.lastError : null,
    };
  }

  /** MCP-WP-5.3.1 details. */
  getMCPInfo(): MCPInfo {
    return {
      serverName: this.info?.serverName ?? '',
      availableTools: this.info?.tools.length ?? 0,
      availableResources: this.info?.resources.length ?? 0,
      availablePrompts: this.info?.prompts.length ?? 0,
      // MCP-WP's three states: a session still opening is not connected yet.
      connectionState: this.opening ? 'disconnected' : this.connection,
      lastError: this.lastError,
    };
  }
}
