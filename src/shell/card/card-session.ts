import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ConnectionProblem } from '../../core/shared/gateway-api/connection-problem.js';
import { problemFromErrorData } from '../../core/shared/gateway-api/connection-problem.js';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import { needsSignIn } from '../../core/shared/gateway-api/gateway-oauth.js';
import type { MCPInfo, MCPServerInfo, MCPWidgetElement, MCPWidgetStatus } from '../../core/shared/types.js';
import {
  a11yContext,
  bridgeContext,
  busContext,
  configurationContext,
  connectionsContext,
  consume,
  registryContext,
  themeContext,
  widgetDependenciesContext,
} from '../services/contexts.js';
import type { Phase } from './card-state.js';
import { DEFAULT_WIDGET_TYPE, type WidgetTypeEntry } from './widget-registry.js';
import { createWidgetInstance, destroyWidgetInstance, type WidgetInstance } from './widget-lifecycle.js';

/** The card a session reports to: what it shows of the connect, the widget and its status. */
export interface CardSessionHost extends ReactiveControllerHost, HTMLElement {
  server: GatewayServerSummary;
  phase: Phase;
  error: string | undefined;
  status: MCPWidgetStatus | undefined;
  mcpInfo: MCPInfo | undefined;
  listProblems: MCPServerInfo['listProblems'];
  widgetType: string;
  problem: ConnectionProblem | undefined;
  authNeeded: boolean;
  widgetTypeChoice: string | undefined;
  currentType: string | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
  t(key: string, variables?: Record<string, unknown>): string;
}

/**
 * A card's server session and widget (MCP-WP-10.2): connect → discover → factory → initialize →
 * mount, the status polling, the widget type switch, and the teardown that destroys the widget and
 * releases what it left behind. The services come from the page's contexts; a failure at any step
 * becomes the card's error with the reason.
 */
export class CardSession implements ReactiveController {
  private readonly bridge = consume(this.host, bridgeContext);
  private readonly connections = consume(this.host, connectionsContext);
  private readonly configuration = consume(this.host, configurationContext);
  private readonly registry = consume(this.host, registryContext);
  private readonly widgetDependencies = consume(this.host, widgetDependenciesContext);
  private readonly theme = consume(this.host, themeContext);
  private readonly bus = consume(this.host, busContext);
  private readonly a11y = consume(this.host, a11yContext);
  private instance: WidgetInstance | undefined;

  /** The mounted widget's element (the command palette asks it to show a tool or a tab). */
  widgetElement(): HTMLElement | undefined {
    return this.instance?.element;
  }
  private poll: ReturnType<typeof setInterval> | undefined;
  private serverInfo: MCPServerInfo | undefined;
  /** Counts starts, so a late answer to an older one is ignored. */
  private runs = 0;
  private started = false;

  constructor(private readonly host: CardSessionHost) {
    // Added after its context consumers: they have their services by the time the session starts.
    host.addController(this);
  }

  /** Starts the session when the card comes into the page (once, until it leaves). */
  hostConnected(): void {
    if (this.started) return;
    this.started = true;
    void this.start();
  }

  /** Destroys the widget when the card leaves the page. */
  hostDisconnected(): void {
    void this.teardown();
    this.started = false;
  }

  /** True while the widget shows the gateway's catalog and this page's session is still opening. */
  get connecting(): boolean {
    return Boolean(this.host.server && this.bridge.value?.pendingConnect(this.host.server.name));
  }

  /** The bridge's info from the gateway's catalog while the session opens (its counts show meanwhile). */
  seededInfo(): MCPServerInfo | undefined {
    return this.bridge.value?.seededInfo(this.host.server.name);
  }

  /** The widget types offered for the card's server. */
  types(): WidgetTypeEntry[] {
    return this.registry.value?.listFor(this.host.server.name) ?? [];
  }

  /** A built-in type's label in the user's language; an installed widget's own label otherwise. */
  typeLabel(type: string): string {
    const key = `widgetType.${type}`;
    const entry = this.registry.value?.get(type);
    const translated = this.host.t(key);
    return entry?.source !== 'registry' && translated !== key ? translated : (entry?.label ?? type);
  }

  /** Connect → discover → factory → initialize → mount; `force` reconnects a server other tiles share. */
  async start(force = false): Promise<void> {
    const host = this.host;
    const connections = this.connections.value;
    if (!connections || !host.server) return;
    const { name, transport } = host.server;
    if (host.server.disabled) {
      host.phase = 'disabled';
      return;
    }
    await this.teardown();
    const run = ++this.runs;
    host.error = undefined;
    host.phase = 'connecting';
    // The widget shows what the gateway discovered at once; this page's session opens meanwhile.
    const early = force ? undefined : connections.catalogInfo(name, transport);
    if (early) {
      this.serverInfo = early;
      await this.mountWidget(early);
    }
    let info;
    try {
      info = await connections.connect(name, transport, force);
    } catch (error) {
      if (run !== this.runs) return;
      connections.forget(name);
      await this.teardown();
      host.problem = problemFromErrorData((error as { data?: unknown }).data);
      host.authNeeded = needsSignIn(error);
      this.fail(host.t('card.couldNotConnect', { message: (error as Error).message }));
      return;
    }
    if (run !== this.runs) return;
    host.problem = undefined;
    host.authNeeded = false;
    this.serverInfo = info;
    if (early) {
      // The header leaves "Loading", and the session's own lists (the widget has them already) show their counts now.
      host.requestUpdate();
      this.pollStatus();
    } else await this.mountWidget(info);
  }

  /** Factory → initialize → mount, for the widget type chosen for this server (MCP-WP-10.2.1). */
  private async mountWidget(info: MCPServerInfo): Promise<void> {
    const host = this.host;
    const registry = this.registry.value!;
    const configuration = this.configuration.value!;
    const name = host.server.name;
    host.phase = 'loading-widget';
    const type = host.widgetTypeChoice ?? configuration.get<string>(`widgets.type.${name}`) ?? DEFAULT_WIDGET_TYPE;
    const entry = registry.get(type) ?? registry.get(DEFAULT_WIDGET_TYPE);
    if (!entry) {
      this.fail(host.t('card.noWidgetType', { type }));
      return;
    }
    host.widgetType = entry.type;
    const deps = this.widgetDependencies.value!(entry, name);
    host.currentType = entry.type;
    try {
      const factory = await entry.load();
      // The bridge's latest view: list_changed may have updated it since connect.
      const current = this.bridge.value?.getServer(name)?.info ?? info;
      this.instance = await createWidgetInstance(factory, deps, current, { signature: entry.signature });
    } catch (error) {
      deps.dispose();
      this.fail((error as Error).message);
      return;
    }
    host.phase = 'ready';
    await host.updateComplete;
    const slot = host.renderRoot.querySelector('.mount');
    if (slot && this.instance) {
      slot.append(this.instance.element);
      this.theme.value?.applyToElement(this.instance.element, this.instance.widget.scopedTheming);
    }
    this.pollStatus();
    const interval = configuration.get<number>('mcp.pollingInterval') ?? 2000;
    this.poll = setInterval(() => this.pollStatus(), Math.max(500, interval));
  }

  /** Switches the widget type for this server, persists the choice and remounts (no reconnect). */
  async chooseWidgetType(type: string): Promise<void> {
    const host = this.host;
    const configuration = this.configuration.value;
    if (!configuration || type === host.widgetType || !this.registry.value?.get(type)) return;
    host.widgetType = type;
    if (host.widgetTypeChoice !== undefined) host.widgetTypeChoice = type;
    // The tile records the choice in the layout (it is part of what a layout file shares).
    host.dispatchEvent(new CustomEvent('mcp-widget-type-change', { bubbles: true, composed: true, detail: { type } }));
    await configuration.set(`widgets.type.${host.server.name}`, type).catch(() => {
      this.a11y.value?.announce(host.t('card.choiceNotSaved'), 'polite');
    });
    const info = this.serverInfo;
    await this.teardown();
    if (info && this.bridge.value?.isConnected(host.server.name)) await this.mountWidget(info);
    else await this.start();
    this.a11y.value?.announce(
      host.t('card.nowShows', { name: host.server.name, label: this.typeLabel(type) }),
      'polite',
    );
  }

  /** The registry assigned an installed widget type to this server: show it, and let the tile record it. */
  async assignWidgetType(type: string): Promise<void> {
    if (this.host.widgetTypeChoice !== undefined) this.host.widgetTypeChoice = type;
    this.host.dispatchEvent(
      new CustomEvent('mcp-widget-type-change', { bubbles: true, composed: true, detail: { type } }),
    );
    await this.start();
  }

  private fail(message: string): void {
    this.host.phase = 'error';
    this.host.error = message;
    this.host.status = undefined;
  }

  /** Reads the widget's status (and its connection details) now. */
  pollStatus(): void {
    const host = this.host;
    const element = this.instance?.element as MCPWidgetElement | undefined;
    if (!element) return;
    host.listProblems = this.bridge.value?.getServer(host.server.name)?.info?.listProblems;
    try {
      host.status = element.getStatus();
    } catch (error) {
      host.status = {
        state: 'error',
        primaryMetric: '',
        secondaryMetric: '',
        lastActivity: null,
        message: host.t('card.statusThrew', { message: (error as Error).message }),
      };
    }
    try {
      // Optional (MCP-WP-5.3.1): connection details without parsing status strings.
      host.mcpInfo = typeof element.getMCPInfo === 'function' ? element.getMCPInfo() : undefined;
    } catch {
      host.mcpInfo = undefined;
    }
  }

  /** Destroys the widget (if any) and stops polling. */
  async teardown(): Promise<void> {
    const host = this.host;
    clearInterval(this.poll);
    this.poll = undefined;
    const instance = this.instance;
    this.instance = undefined;
    host.status = undefined;
    host.mcpInfo = undefined;
    if (!instance) return;
    const outcome = await destroyWidgetInstance(instance);
    const problems: string[] = [];
    if (outcome.error) problems.push(outcome.error);
    if (outcome.leftovers) {
      problems.push(
        `it left ${Object.entries(outcome.leftovers)
          .map(([what, n]) => `${n} ${what}`)
          .join(', ')} behind, which the dashboard released (MCP-WP-3.4.2)`,
      );
    }
    if (problems.length) {
      this.bus.value?.emit('mcp:host:violation', {
        serverName: host.server?.name,
        widget: instance.widget.element,
        message: `Widget <${instance.widget.element}> did not clean up: ${problems.join('; ')}`,
      });
    }
  }

  /** The widget's own refresh, then its status again; a failure is announced. */
  async refresh(): Promise<void> {
    try {
      await this.instance?.api.refresh?.();
      this.pollStatus();
    } catch (error) {
      this.a11y.value?.announce(this.host.t('card.refreshFailed', { message: (error as Error).message }), 'assertive');
    }
  }

  /** After Sign out the gateway ended the server's sessions: drop the widget and offer Sign in. */
  async signedOut(): Promise<void> {
    await this.teardown();
    await this.bridge.value?.disconnect(this.host.server.name).catch(() => {});
    this.host.authNeeded = true;
    this.fail(this.host.t('signIn.signedOut', { name: this.host.server.name }));
  }
}
