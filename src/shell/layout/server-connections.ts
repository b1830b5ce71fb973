import type { MCPServerInfo } from '../../core/shared/types.js';
import type { HostServices } from '../services/host-services.js';
import { sessionWait, startupTurn } from '../startup/startup-turn.js';

const pending = new WeakMap<HostServices, Map<string, Promise<MCPServerInfo>>>();

/**
 * Connects a server once for every tile that shows it (a panel, a tool browser and a status tile of
 * the same server share one session). `force` reconnects (the Reconnect button).
 */
export function connectShared(
  services: HostServices,
  name: string,
  transport: 'stdio' | 'http',
  force = false,
): Promise<MCPServerInfo> {
  let map = pending.get(services);
  if (!map) pending.set(services, (map = new Map()));
  const inFlight = map.get(name);
  if (inFlight && !force) return inFlight;
  const info = services.bridge.getServer(name)?.info;
  if (!force && info && services.bridge.isConnected(name)) return Promise.resolve(info);
  // Whichever tile connects first shows the catalog's lists meanwhile; the others share them.
  // The session then opens after the person's first interaction, a second later without one, or at
  // once when something needs it (startup-turn.ts): its code and handshake are main-thread work.
  const drawnFirst = !force && catalogInfo(services, name, transport) !== undefined;
  const wait = sessionWait(services.configuration.get<unknown>('mcp.sessionWaitMs'));
  const turn = drawnFirst
    ? Promise.race([startupTurn(services, wait), services.bridge.demanded(name) ?? Promise.resolve()])
    : Promise.resolve();
  const connecting = turn
    .then(() => services.bridge.connect(name, transport))
    .finally(() => {
      if (map.get(name) === connecting) map.delete(name);
    });
  map.set(name, connecting);
  return connecting;
}

/**
 * What the gateway discovered on a server that has no session in this page yet, put into
 * the bridge so every tile of the server (and the calls they make, which wait for the session) share
 * it; undefined when the server has a session, is connecting without it, or the catalog lacks it.
 */
export function catalogInfo(
  services: HostServices,
  name: string,
  transport: 'stdio' | 'http',
): MCPServerInfo | undefined {
  if (services.bridge.isConnected(name)) return undefined;
  const info = services.catalog.info(name, transport);
  if (info) services.bridge.seed(info);
  return services.bridge.seededInfo(name);
}
