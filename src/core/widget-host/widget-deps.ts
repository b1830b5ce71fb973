import { ScopedConfiguration, type Configuration } from '../services/configuration.js';
import { ScopedEventBus, type EventBus, type ForbiddenEventError } from '../services/event-bus.js';
import { GatedConfiguration } from './gated-configuration.js';
import type { MCPBridge } from '../bridge/mcp-bridge.js';
import { LOCAL_CODES, MCPError } from '../bridge/mcp-error.js';
import type { AuditLog } from '../audit/audit-log.js';
import {
  PermissionDeniedError,
  type GatedOperation,
  type WidgetGrant,
  type WidgetGrants,
} from '../policy/widget-grants.js';
import type { InstalledWidgetTrust } from '../policy/trust.js';
import type { ToolInvoker } from '../invocation/tool-invoker.js';
import { ScopedI18n } from '../services/i18n.js';
import { ScopedTheme } from './scoped-theme.js';
import type {
  A11yHelperInterface,
  AppHostInterface,
  DependenciesObject,
  I18nInterface,
  MCPWidgetMetadata,
  NotificationsInterface,
  ThemeInterface,
  WidgetAPI,
} from '../shared/types.js';
import { createWidgetBridge } from '../bridge/widget-bridge.js';
import { WidgetTimers } from './widget-timers.js';
import { NO_TELEMETRY } from '../services/telemetry.js';
import { widgetAgentDependencies, type AgentDependencyHosts } from '../agents/agent-dependencies.js';
import type { ActivityHistory } from '../history/activity-history.js';

/** What a widget still holds; all zero after a clean destroy (MCP-WP-3.4.2). */
export interface WidgetLeftovers {
  busListeners: number;
  timers: number;
  resourceSubscriptions: number;
  configListeners: number;
  /** WidgetMessaging subscriptions. */
  messageSubscriptions?: number;
}

/** The dependencies for one widget instance and the means to release them. */
export interface WidgetDependencies {
  dependencies: DependenciesObject;
  /** Removes every listener and subscription the widget left behind (MCP-WP-3.4.2, enforced by the host). */
  dispose(): void;
  /** Live subscriptions the widget holds on the bus (for leak checks). */
  busSubscriptions(): number;
  /** Everything the widget still holds through its dependencies. */
  leftovers(): WidgetLeftovers;
  /** Closes the widget's MCP App views gracefully (`ui/resource-teardown`); call before removing it. */
  release?(): Promise<void>;
  /** Applies the permissions the widget declared in the metadata its factory returned (MCP-WP-11.4.1). */
  applyMetadata?(widget: MCPWidgetMetadata): void;
  /** What the widget was granted (when a policy is in place). */
  grant?(): WidgetGrant | undefined;
  /** Hands the host the widget's API once it is initialised (its `agent`, MCP-WP §3.5). */
  attachApi?(api: WidgetAPI): void;
}

/** The host's permission machinery for widgets (MCP-WP-11.4). */
export interface WidgetPolicyOptions {
  grants: WidgetGrants;
  widgetType: string;
  serverName: string;
  /** For widgets installed from a registry: the trust and permissions recorded at install. */
  installed?: InstalledWidgetTrust;
  /** True when the registry verified the widget's signature against a pinned publisher key. */
  signatureVerified?: boolean;
  audit?: AuditLog;
  /** Audits and shows a blocked operation (it is refused either way). */
  onPermissionDenied?: (error: PermissionDeniedError, serverName: string) => void;
  /** Host clipboard (the shell's); reached only through the gate. */
  clipboard?: (text: string) => Promise<void>;
  /** Host notifications (the shell's); reached only through the gate. */
  notify?: (widgetId: string, notification: Parameters<NotificationsInterface['notify']>[0]) => Promise<void>;
}

function describePermissions(grant: WidgetGrant): string {
  const p = grant.permissions;
  const ops = (['invokeTool', 'readResource', 'getPrompt', 'subscribeToUpdates'] as const).filter((k) => p[k]);
  return `trust ${grant.trust}; mcpOperations: ${ops.join(', ') || 'none'}; storage: ${p.storage}; clipboard: ${p.clipboard ? 'yes' : 'no'}; notifications: ${p.notifications ? 'yes' : 'no'}`;
}

/**
 * Builds what the host injects into a widget factory (MCP-WP-3.2, 4.3): a per-widget EventBus view,
 * a gated MCPBridge, a scoped Configuration, read-only views of Theme and I18n whose listeners
 * go with the widget, and the shared A11yHelper. Built-in and third-party widgets get exactly this.
 * With `policy`, every operation is checked against the widget's grant (trust from the dashboard
 * config, permissions as declared); a refusal is blocked, audited and shown (MCP-WP-11.4.3, 11.4.6).
 */
export function createWidgetDependencies(options: {
  widgetId: string;
  bus: EventBus;
  bridge: MCPBridge;
  invoker: ToolInvoker;
  configuration: Configuration;
  theme?: ThemeInterface;
  a11y?: A11yHelperInterface;
  i18n?: I18nInterface;
  onViolation?: (error: ForbiddenEventError) => void;
  /** Makes the widget's scoped `AppHost` (MCP Apps views); absent when the page hosts no apps. */
  appHost?: (widgetId: string) => { api: AppHostInterface; release(): Promise<void> };
  /** The host's activity history; the widget gets a view whose subscriptions go with it. */
  history?: ActivityHistory;
  policy?: WidgetPolicyOptions;
  /** WidgetMessaging, OfflineCache and the AgentAPI registry, with the widget's type and server. */
  agents?: { hosts: AgentDependencyHosts; widgetType: string; serverName: string };
}): WidgetDependencies {
  const { widgetId, policy } = options;
  policy?.grants.register(widgetId, policy.widgetType, policy.serverName, {
    installed: policy.installed,
    signatureVerified: policy.signatureVerified,
  });
  const gate = (operation: GatedOperation, serverName?: string): void => {
    if (!policy) return;
    try {
      policy.grants.check(widgetId, operation, serverName);
    } catch (error) {
      if (error instanceof PermissionDeniedError) policy.onPermissionDenied?.(error, serverName ?? policy.serverName);
      throw error;
    }
  };
  const refused = (operation: GatedOperation) => (): never => {
    try {
      gate(operation);
    } catch (error) {
      throw new MCPError((error as Error).message, {
        jsonrpcCode: LOCAL_CODES.denied,
        data: { permission: operation },
      });
    }
    throw new MCPError(`"${operation}" is not allowed.`, { jsonrpcCode: LOCAL_CODES.denied });
  };

  const bus = new ScopedEventBus(options.bus, widgetId, options.onViolation);
  const bridge = createWidgetBridge(options.bridge, options.invoker, widgetId, gate);
  const scoped = new ScopedConfiguration(options.configuration, widgetId);
  const configuration = policy
    ? new GatedConfiguration(
        scoped,
        () => policy.grants.get(widgetId)?.permissions.storage ?? 'none',
        refused('storage'),
      )
    : scoped;
  const timers = new WidgetTimers();
  const dependencies: DependenciesObject = {
    EventBus: bus,
    MCPBridge: bridge.bridge,
    Configuration: configuration,
    Timers: timers,
    // MCP-WP-6.7: present for every widget, and a no-op — nothing leaves the machine.
    Telemetry: NO_TELEMETRY,
  };
  const agents = options.agents
    ? widgetAgentDependencies(
        options.agents.hosts,
        { widgetId, widgetType: options.agents.widgetType, serverName: options.agents.serverName },
        bridge.bridge,
      )
    : undefined;
  Object.assign(dependencies, agents?.dependencies);
  const theme = options.theme ? new ScopedTheme(options.theme) : undefined;
  const i18n = options.i18n ? new ScopedI18n(options.i18n) : undefined;
  if (theme) dependencies.Theme = theme;
  if (options.a11y) dependencies.A11yHelper = options.a11y;
  const apps = options.appHost?.(options.widgetId);
  if (apps) dependencies.AppHost = apps.api;
  if (i18n) dependencies.I18n = i18n;
  const history = options.history?.scoped();
  if (history) dependencies.History = history.api;
  if (policy) {
    dependencies.Clipboard = Object.freeze({
      async writeText(text: string) {
        gate('clipboard');
        if (!policy.clipboard)
          throw new MCPError('This dashboard offers no clipboard.', { jsonrpcCode: LOCAL_CODES.denied });
        await policy.clipboard(String(text));
      },
    });
    dependencies.Notifications = Object.freeze({
      async notify(notification: Parameters<NotificationsInterface['notify']>[0]) {
        gate('notifications');
        await policy.notify?.(widgetId, {
          title: String(notification?.title ?? ''),
          body: notification?.body === undefined ? undefined : String(notification.body),
          level: notification?.level,
        });
      },
    });
  }
  return {
    dependencies: Object.freeze(dependencies),
    release: async () => {
      await apps?.release();
    },
    dispose() {
      agents?.dispose();
      bus.dispose();
      bridge.dispose();
      configuration.dispose();
      timers.dispose();
      theme?.dispose();
      i18n?.dispose();
      history?.dispose();
      const grant = policy?.grants.revoke(widgetId);
      if (grant && policy?.audit) {
        void policy.audit
          .record({
            kind: 'permission-revocation',
            serverName: grant.serverName,
            surface: 'widget',
            callerId: widgetId,
            detail: 'the widget was removed; its permissions end',
          })
          .catch(() => {});
      }
    },
    busSubscriptions: () => bus.size,
    attachApi: (api: WidgetAPI) => agents?.attachApi(api),
    leftovers: () => ({
      messageSubscriptions: agents?.subscriptions() ?? 0,
      busListeners: bus.size,
      timers: timers.pending,
      resourceSubscriptions: bridge.subscriptions(),
      configListeners: configuration.size,
    }),
    applyMetadata(widget: MCPWidgetMetadata) {
      if (!policy) return;
      const grant = policy.grants.declare(widgetId, widget.permissions, widget.trustLevel);
      if (grant && policy.audit) {
        const claimed =
          grant.claimedTrust && grant.claimedTrust !== grant.trust
            ? `; the widget claimed "${grant.claimedTrust}", which is ignored`
            : '';
        void policy.audit
          .record({
            kind: 'permission-grant',
            serverName: grant.serverName,
            surface: 'widget',
            callerId: widgetId,
            reason: `${grant.trustReason}${claimed}`,
            detail: describePermissions(grant),
          })
          .catch(() => {});
      }
    },
    grant: () => policy?.grants.get(widgetId),
  };
}
