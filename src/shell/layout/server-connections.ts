import type { MCPServerInfo } from '../../core/types.js';
import type { HostServices } from '../host-services.js';

const pending = new WeakMap<HostServices, Map<string, Promise<MCPServerInfo>>>();

/**
 * Connects a server once for every tile that shows it (a panel, a tool browser and a status tile of
 * the same server share one session). `force` reconnects (the Reconnect button).
 */
export function connectShared(services: HostServices, name: string, transport: 'stdio' | 'http', force = false): Promise<MCPServerInfo> {
  let map = pending.get(services);
  if (!map) pending.set(services, (map = new Map()));
  const inFlight = map.get(name);
  if (inFlight && !force) return inFlight;
  const info = services.bridge.getServer(name)?.info;
  if (!force && info && services.bridge.isConnected(name)) return Promise.resolve(info);
  const connecting = services.bridge.connect(name, transport).finally(() => {
    if (map.get(name) === connecting) map.delete(name);
  });
  map.set(name, connecting);
  return connecting;
}
