import { createWidgetDependencies, type WidgetDependencies } from '../../core/widget-host/widget-deps.js';
import type { HostServices } from '../services/host-services.js';
import type { WidgetTypeEntry } from './widget-registry.js';

/**
 * The dependencies a card gives the widget it creates for `serverName` from `entry` (MCP-WP-10.2.1):
 * the host services, the widget's scoped MCP Apps host, and the policy-gated grants for its type and
 * install record. The card and the benchmarks that measure a card's widget both build them here, so
 * what is measured is what a card wires.
 */
export function cardWidgetDependencies(
  services: HostServices,
  entry: WidgetTypeEntry,
  serverName: string,
): WidgetDependencies {
  return createWidgetDependencies({
    widgetId: `${entry.type}:${serverName}`,
    bus: services.bus,
    bridge: services.bridge,
    invoker: services.invoker,
    configuration: services.configuration,
    theme: services.theme,
    a11y: services.a11y,
    i18n: services.i18n,
    appHost: (widgetId) => services.apps.scope(widgetId),
    history: services.history,
    onViolation: (violation) => services.bus.emit('mcp:host:violation', { serverName, message: violation.message }),
    agents: { hosts: services.agents.hosts, widgetType: entry.type, serverName },
    policy: {
      grants: services.policy.grants,
      widgetType: entry.type,
      serverName,
      // A registry widget's install record (its trust and the permissions consented to) is config too.
      ...(entry.source === 'registry'
        ? {
            installed: { trustLevel: entry.trustLevel ?? 'untrusted', permissions: entry.permissions },
            signatureVerified: entry.trustLevel === 'verified' && entry.signature !== undefined,
          }
        : {}),
      audit: services.policy.audit,
      onPermissionDenied: (error, deniedServer) => services.policy.reportViolation(error, deniedServer),
      clipboard: (text) => navigator.clipboard.writeText(text),
      notify: async (widgetId, notification) =>
        services.bus.emit('mcp:host:notification', { widgetId, serverName, ...notification }),
    },
  });
}
