import { Configuration } from '../../core/services/configuration.js';
import { EventBus } from '../../core/services/event-bus.js';
import { ActivityHistory } from '../../core/history/activity-history.js';
import { GatewayClient } from '../../core/shared/gateway-api/gateway-client.js';
import { MCPBridge } from '../../core/bridge/mcp-bridge.js';
import { ServerCatalog } from '../../core/bridge/server-catalog.js';
import { routeReadRequests } from '../../core/bridge/request-router.js';
import { ToolInvoker, type Confirmer } from '../../core/invocation/tool-invoker.js';
import { ConsentFloods, sessionBlockStore } from '../../core/invocation/consent-floods.js';
import { LazySchemaValidator } from '../../core/invocation/lazy-validator.js';
import { I18n } from '../../core/services/i18n.js';
import { ThemeService } from '../../../theme/theme-service.js';
import { KIT_CATALOGS } from '../../../widgets/kit/i18n/messages.js';
import { modelVisibleTools, type ModelToolDescriptor } from '../../core/mcplet/model-tools.js';
import type { MCPServerInfo } from '../../core/shared/types.js';
import { A11yHelper } from './a11y-helper.js';
import { AppHost } from '../mcp-apps/app-host.js';
import { UIResourceAdapter } from '../mcp-apps/ui-resource-adapter.js';
import { mcpUiResourcesOf } from '../../core/mcp-apps/mcp-ui.js';
import { SHELL_CATALOGS } from '../i18n/messages.js';
import { Preferences } from './preferences.js';
import { createPolicyServices, openPolicyStore, type PolicyServices } from './policy-services.js';
import { BUILT_IN_WIDGETS, WidgetRegistry } from '../card/widget-registry.js';
import { createAgentServices, type AgentServices } from '../agents/agent-services.js';
import { ServerConnections } from '../layout/server-connections.js';

/** Everything the shell wires together once per page. */
export interface HostServices {
  bus: EventBus;
  configuration: Configuration;
  gateway: GatewayClient;
  bridge: MCPBridge;
  validator: LazySchemaValidator;
  invoker: ToolInvoker;
  theme: ThemeService;
  a11y: A11yHelper;
  i18n: I18n;
  preferences: Preferences;
  registry: WidgetRegistry;
  /** MCP Apps: views of `ui://` resources in the sandbox. */
  apps: AppHost;
  /** mcp-ui interoperability (MCP-WP §15). */
  mcpUi: UIResourceAdapter;
  /** The tools a model/agent surface would be given (app-only tools excluded). */
  modelVisibleTools(): ModelToolDescriptor[];
  /** Invocation policy, trust, passkeys and audit. */
  policy: PolicyServices;
  /** Agents, widget messaging and offline support. */
  agents: AgentServices;
  /** Each server's activity, kept by the host for the page's lifetime; widgets get it as `deps.History`. */
  history: ActivityHistory;
  /** What the gateway discovered on each server: cards show it while their session opens. */
  catalog: ServerCatalog;
  /** One session per server, shared by every tile that shows it. */
  connections: ServerConnections;
  dispose(): void;
}

/** Creates the host's services; `confirm` is the dialog the invoker asks. */
export function createHostServices(options: {
  baseUrl: string;
  token: string;
  /** Team mode: a new token after the person signed in again (gateway-client.ts). */
  renewToken?: () => Promise<string>;
  confirm: Confirmer;
  announcerHost?: HTMLElement;
  dbName?: string;
  configuration?: Configuration;
  policyDb?: ReturnType<typeof openPolicyStore>;
}): HostServices {
  const bus = new EventBus();
  // Follows the bus from the start, so nothing that happens before a widget exists is lost.
  const history = new ActivityHistory(bus);
  history.start();
  const configuration = options.configuration ?? new Configuration({ dbName: options.dbName });
  const gateway = new GatewayClient({
    baseUrl: options.baseUrl,
    token: options.token,
    ...(options.renewToken ? { renew: options.renewToken } : {}),
  });
  const bridge = new MCPBridge({ bus, gateway });
  // ajv loads in its own chunk once start-up is over (the dashboard preloads it then; docs/decisions/startup-first-click.md).
  const validator = new LazySchemaValidator();
  // The host knows its own strings and the kit's (so `t` answers kit keys for any widget too).
  const i18n = new I18n({ catalogs: [KIT_CATALOGS, SHELL_CATALOGS], fallbackLocale: 'en' });
  const policy = createPolicyServices({
    bus,
    bridge,
    validator,
    gateway,
    dbName: options.dbName,
    db: options.policyDb,
    t: (key, variables) => i18n.t(key, variables),
  });
  // "Deny all from this agent" outlives a reload of the tab (an agent keeps acting on it), not the tab.
  const floods = new ConsentFloods({ store: sessionBlockStore() });
  const invoker = new ToolInvoker({
    bus,
    bridge,
    validator,
    confirm: options.confirm,
    policy: policy.gate,
    floods,
    // Team mode (the page renews its token there): the gateway's audit log records which surface asked.
    announceSurface: options.renewToken !== undefined,
  });
  invoker.start();
  const agents = createAgentServices({ bus, bridge, invoker, validator, policy, gateway });
  const stopRouting = routeReadRequests(bus, bridge, (source, operation, serverName) =>
    policy.allowBusRequest(source, operation, serverName),
  );
  const theme = new ThemeService({ mode: 'auto' });
  const a11y = new A11yHelper(options.announcerHost);
  const preferences = new Preferences({ configuration, theme, a11y, i18n, bus });
  const registry = new WidgetRegistry();
  for (const entry of BUILT_IN_WIDGETS) registry.register(entry);
  const apps = new AppHost({ bus, bridge, invoker, theme, configuration, gateway, i18n, dbName: options.dbName });
  // Open apps' own tools are offered to agents (WebMCP) under the same policy as servers' tools.
  agents.surface.appToolSource = () => apps.appToolOffers();
  const mcpUi = new UIResourceAdapter({ sandbox: apps.sandboxLocation() });
  registry.register({
    type: 'mcp-ui',
    label: 'mcp-ui resource (sandboxed, untrusted)',
    source: 'built-in',
    // Offered only for servers that list an mcp-ui resource (MCP-WP-16.5.1).
    get servers() {
      return bridge
        .listServers()
        .filter((name) => mcpUiResourcesOf(bridge.getServer(name)?.info?.resources).length > 0);
    },
    load: async () => mcpUi.factory((serverName, uri) => bridge.readResource(serverName, uri)),
  });
  const catalog = new ServerCatalog();
  return {
    bus,
    configuration,
    gateway,
    bridge,
    catalog,
    connections: new ServerConnections({ bridge, configuration, catalog }),
    validator,
    invoker,
    theme,
    a11y,
    i18n,
    preferences,
    registry,
    apps,
    mcpUi,
    // What an agent is offered: the tools the policy lets the configured agent call (WebMCP registers exactly these).
    modelVisibleTools: () =>
      modelVisibleTools(
        bridge
          .listServers()
          .map((name) => bridge.getServer(name))
          .filter((s) => s?.state === 'connected' && s.info)
          .map((s) => s!.info as MCPServerInfo),
        (serverName, tool) =>
          policy.gate.evaluate(serverName, tool, { surface: 'agent', id: agents.agent().id }).decision.decision !==
          'deny',
      ),
    policy,
    agents,
    history,
    dispose() {
      agents.dispose();
      history.dispose();
      void apps.dispose();
      invoker.stop();
      policy.catalog.stop();
      stopRouting();
      // A removed dashboard must not keep its MCP sessions (and their long-lived streams) open:
      // browsers allow few connections per origin, so a second dashboard would stall behind them.
      // The shared event stream closes once the sessions on it are gone.
      void Promise.allSettled(bridge.listServers().map((name) => bridge.disconnect(name))).then(() => gateway.close());
      preferences.dispose();
      theme.dispose();
      a11y.dispose();
    },
  };
}
