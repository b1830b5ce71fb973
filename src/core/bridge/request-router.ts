import type { EventBus } from '../services/event-bus.js';
import type { MCPBridge } from './mcp-bridge.js';

/**
 * Serves the widget-side request events of MCP-WP §8.2 that need no confirmation:
 * `mcp:resource:read-requested` and `mcp:prompt:invoke-requested`. Results and errors come back
 * as the bridge's own events (`mcp:resource:read`, `mcp:prompt:result`, `…:error`).
 */
export function routeReadRequests(
  bus: EventBus,
  bridge: MCPBridge,
  /** Checks the emitting widget's permission (MCP-WP-11.4.3); false = refused (already reported). */
  allowed: (source: string, operation: 'readResource' | 'getPrompt', serverName: string) => boolean = () => true,
): () => void {
  // Who asked, for the host history: a widget's bus view stamps its id; the host's own requests are the user's.
  const requester = (source: string) =>
    source === 'host' ? { surface: 'user', id: 'host' } : { surface: 'widget', id: source };
  const a = bus.on('mcp:resource:read-requested', (data: { serverName?: unknown; uri?: unknown }, meta) => {
    if (typeof data?.serverName !== 'string' || typeof data.uri !== 'string') return;
    if (!allowed(meta.source, 'readResource', data.serverName)) return;
    bridge.readResource(data.serverName, data.uri, { caller: requester(meta.source) }).catch(() => {
      // reported through mcp:resource:error
    });
  });
  const b = bus.on(
    'mcp:prompt:invoke-requested',
    (data: { serverName?: unknown; promptName?: unknown; args?: unknown }, meta) => {
      if (typeof data?.serverName !== 'string' || typeof data.promptName !== 'string') return;
      if (!allowed(meta.source, 'getPrompt', data.serverName)) return;
      const args = data.args && typeof data.args === 'object' && !Array.isArray(data.args) ? data.args : {};
      bridge.getPrompt(data.serverName, data.promptName, args, { caller: requester(meta.source) }).catch(() => {
        // reported through mcp:prompt:error
      });
    },
  );
  return () => {
    a();
    b();
  };
}
