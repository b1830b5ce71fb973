import type { OfflineConflict } from '../../core/shared/types.js';
import type { HostServices } from '../services/host-services.js';
import { WebMcpHost } from './webmcp-host.js';

/** The page's agent surfaces: the WebMCP registrations behind the header switch. */
export interface AgentsHost {
  webmcp: WebMcpHost;
  dispose(): void;
}

/**
 * Wires the agent features into a dashboard once its config is loaded: the WebMCP host (the dashboard
 * provides it to the header switch, `<mcp-agent-switch>`, through its context), and a host notice for each
 * queued call that failed when it was sent (the conflict itself is resolved in the widget that queued it).
 */
export function installAgents(options: { services: HostServices }): AgentsHost {
  const { services } = options;
  const webmcp = new WebMcpHost(services);
  webmcp.start();
  const t = (key: string, variables?: Record<string, unknown>) => services.i18n.t(key, variables);
  const off = services.bus.on('mcp:host:offline-error', (d: { conflict?: OfflineConflict }) => {
    const c = d?.conflict;
    if (!c) return;
    services.bus.emit('mcp:host:notification', {
      title: t('offline.conflictTitle', { server: c.serverName }),
      body: t('offline.conflictBody', { name: c.name, message: c.message }),
      level: 'error',
    });
  });
  return {
    webmcp,
    dispose() {
      off();
      webmcp.dispose();
    },
  };
}
