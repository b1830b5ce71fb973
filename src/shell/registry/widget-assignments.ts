// Which servers' tiles show an installed widget: the choice lives in the configuration
// (`widgets.type.<server>`, `registry.assigned.<widget>`), and the cards concerned restart to show it.

import type { WidgetManifest } from '../../../registry-client/index.js';
import type { RegistryHostOptions } from './registry-host-types.js';

const TYPE_KEY = (server: string) => `widgets.type.${server}`;
const ASSIGNED_KEY = (name: string) => `registry.assigned.${name}`;

/** Assigns installed widgets to servers, restarts the cards that show them, and releases them on uninstall. */
export class WidgetAssignments {
  constructor(private readonly options: Pick<RegistryHostOptions, 'services' | 'cards'>) {}

  /** Configured server names. */
  serverNames(): string[] {
    return Object.keys(this.options.services.configuration.get<Record<string, unknown>>('mcp.servers') ?? {});
  }

  /** The configured servers among those the manifest names: a new widget is used for them. */
  defaultServers(manifest: WidgetManifest): string[] {
    const configured = this.serverNames();
    return (manifest.mcpServers ?? []).filter((s) => configured.includes(s));
  }

  /** True once `name` was given its servers (at install, or by default when first seen). */
  isAssigned(name: string): boolean {
    return Boolean(this.options.services.configuration.get(ASSIGNED_KEY(name)));
  }

  /** The servers whose cards show `name` now. */
  serversShowing(name: string): string[] {
    return this.options
      .cards()
      .filter((c) => c.currentType === name)
      .map((c) => c.server.name);
  }

  /** Uses `name` for these servers and restarts their cards. */
  async assign(name: string, servers: string[]): Promise<void> {
    const configuration = this.options.services.configuration;
    // A server's tiles that showed its chosen widget (or the default) now show this one (the tile records it).
    const previous = new Map(
      servers.map((server) => [server, configuration.get<string>(TYPE_KEY(server)) ?? 'server-panel']),
    );
    await configuration.set(ASSIGNED_KEY(name), true).catch(() => {});
    for (const server of servers) await configuration.set(TYPE_KEY(server), name).catch(() => {});
    for (const card of this.options.cards()) {
      const server = card.server?.name;
      if (servers.includes(server) && (card.currentType === previous.get(server) || card.currentType === name))
        void card.assignWidgetType(name);
      else if (card.currentType === name) void card.start();
    }
  }

  /** Restarts the cards that show `name` (a new version of it). */
  restartCards(name: string): void {
    for (const card of this.options.cards()) if (card.currentType === name) void card.start();
  }

  /** Forgets `name`'s servers and restarts the cards that showed it. */
  async release(name: string): Promise<void> {
    const configuration = this.options.services.configuration;
    for (const server of this.serverNames()) {
      if (configuration.get(TYPE_KEY(server)) === name)
        await configuration.set(TYPE_KEY(server), undefined).catch(() => {});
    }
    await configuration.set(ASSIGNED_KEY(name), undefined).catch(() => {});
    // MCP-WP-16.8.1 steps 2–3: destroy() every instance and remove it from the DOM (the card's teardown).
    await Promise.all(
      this.options
        .cards()
        .filter((c) => c.currentType === name)
        .map((c) => c.start()),
    );
  }
}
