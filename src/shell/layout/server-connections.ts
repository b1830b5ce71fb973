import type { MCPBridge } from '../../core/bridge/mcp-bridge.js';
import type { ServerCatalog } from '../../core/bridge/server-catalog.js';
import type { Configuration } from '../../core/services/configuration.js';
import type { MCPServerInfo } from '../../core/shared/types.js';
import { sessionWait, startupTurn } from '../startup/startup-turn.js';

/**
 * One session per server for every tile that shows it (a panel, a tool browser and a status tile of
 * the same server share one), opened after the page's first turn when the gateway's catalog could
 * draw the server meanwhile.
 */
export class ServerConnections {
  private readonly pending = new Map<string, Promise<MCPServerInfo>>();

  constructor(private readonly services: { bridge: MCPBridge; configuration: Configuration; catalog: ServerCatalog }) {}

  /** Connects `name` once for every tile that shows it; `force` reconnects (the Reconnect button). */
  connect(name: string, transport: 'stdio' | 'http', force = false): Promise<MCPServerInfo> {
    const { bridge, configuration } = this.services;
    const inFlight = this.pending.get(name);
    if (inFlight && !force) return inFlight;
    const info = bridge.getServer(name)?.info;
    if (!force && info && bridge.isConnected(name)) return Promise.resolve(info);
    // Whichever tile connects first shows the catalog's lists meanwhile; the others share them.
    // The session then opens after the person's first interaction, a second later without one, or at
    // once when something needs it (startup-turn.ts): its code and handshake are main-thread work.
    const drawnFirst = !force && this.catalogInfo(name, transport) !== undefined;
    const wait = sessionWait(configuration.get<unknown>('mcp.sessionWaitMs'));
    const turn = drawnFirst
      ? Promise.race([startupTurn(this, wait), bridge.demanded(name) ?? Promise.resolve()])
      : Promise.resolve();
    const connecting = turn
      .then(() => bridge.connect(name, transport))
      .finally(() => {
        if (this.pending.get(name) === connecting) this.pending.delete(name);
      });
    this.pending.set(name, connecting);
    return connecting;
  }

  /**
   * What the gateway discovered on a server that has no session in this page yet, put into
   * the bridge so every tile of the server (and the calls they make, which wait for the session) share
   * it; undefined when the server has a session, is connecting without it, or the catalog lacks it.
   */
  catalogInfo(name: string, transport: 'stdio' | 'http'): MCPServerInfo | undefined {
    const { bridge, catalog } = this.services;
    if (bridge.isConnected(name)) return undefined;
    const info = catalog.info(name, transport);
    if (info) bridge.seed(info);
    return bridge.seededInfo(name);
  }

  /** Drops what the catalog said about `name` (its session failed: the card shows the failure instead). */
  forget(name: string): void {
    this.services.catalog.forget(name);
  }
}
