import semver from 'semver';
import type { InstalledWidgetConfig } from '../../core/shared/config/registry-config-schema.js';
import type { WidgetFactory } from '../../core/shared/types.js';
import {
  addedPermissions,
  isLoaded,
  packageKey,
  PackageStore,
  RegistryClient,
  RegistryError,
  updateKind,
  type DownloadProgress,
  type InstallPlan,
  type RegistrySecurityEvent,
  type StoredPackage,
  type WidgetManifest,
} from '../../../registry-client/index.js';
import { consentRequest } from './consent-request.js';
import {
  installedEntry,
  keysToKeep,
  pinnedList,
  rolledBackEntry,
  storedRecords,
  type PinnedEntry,
} from './installed-packages.js';
import { RegistryApi, type RegistrySettings } from './registry-api.js';
import type { ConsentRequest, InstalledWidgetView, RegistryHostOptions } from './registry-host-types.js';
import { checkInstalledForUpdates } from './update-checks.js';

export type { ConsentAnswer, ConsentRequest, InstalledWidgetView, RegistryHostOptions } from './registry-host-types.js';

const TYPE_KEY = (server: string) => `widgets.type.${server}`;
const ASSIGNED_KEY = (name: string) => `registry.assigned.${name}`;

/**
 * The shell's side of the widget registry: keeps `dashboard.widgets` (the config file, through the
 * gateway), the package cache (IndexedDB) and the widget registry in step; installs, updates, rolls
 * back and uninstalls; and restarts the cards concerned through the existing lifecycle. Emits `change`.
 */
export class RegistryHost extends EventTarget {
  readonly api: RegistryApi;
  readonly store: PackageStore;
  settings: RegistrySettings | undefined;
  client: RegistryClient | undefined;
  installed: InstalledWidgetView[] = [];
  securityEvents: RegistrySecurityEvent[] = [];
  /** Set when the settings could not be read; the UI shows it. */
  problem: string | undefined;
  private readonly registered = new Map<string, string>();
  /** Version last tried per widget, so a refused package is not retried (and re-audited) every sync. */
  private readonly attempted = new Map<string, string>();
  private queue: Promise<unknown> = Promise.resolve();
  private timers: Array<ReturnType<typeof setInterval>> = [];

  constructor(private readonly options: RegistryHostOptions) {
    super();
    this.api = new RegistryApi(options.services.gateway);
    this.store = new PackageStore(options.dbName ? `${options.dbName}-widgets` : 'mcp-dashboard-widgets');
  }

  private changed(): void {
    this.dispatchEvent(new Event('change'));
  }

  /** Runs mutating operations one at a time. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }

  private securityEvent(event: RegistrySecurityEvent): void {
    this.securityEvents = [event, ...this.securityEvents].slice(0, 50);
    this.options.services.bus.emit('mcp:host:security-event', { source: 'registry', ...event });
    this.options.onSecurityEvent?.(event);
    console.warn(`[mcp-dashboard] registry security event (${event.kind}): ${event.message}`);
    this.changed();
  }

  /** Reads the settings, registers installed widgets, then keeps watching the config and checking for updates. */
  async init(): Promise<void> {
    await this.sync();
    void this.store.evict(this.keepKeys()).catch(() => {});
    const hours = this.settings?.widgetUpdates.checkIntervalHours ?? 24;
    this.timers.push(setInterval(() => void this.sync().catch(() => {}), 10_000));
    this.timers.push(setInterval(() => void this.checkUpdates().catch(() => {}), hours * 3_600_000));
    if (this.installed.length) void this.checkUpdates().catch(() => {});
  }

  /** Stops timers. */
  dispose(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  /** Configured server names. */
  serverNames(): string[] {
    return Object.keys(this.options.services.configuration.get<Record<string, unknown>>('mcp.servers') ?? {});
  }

  private keepKeys(): Set<string> {
    return keysToKeep(this.settings?.widgets ?? {});
  }

  /** Brings registrations in line with `dashboard.widgets` (also picks up `mcpwp install/uninstall`). */
  sync(): Promise<void> {
    return this.serial(async () => {
      let settings: RegistrySettings;
      try {
        settings = await this.api.settings();
        this.problem = undefined;
      } catch (error) {
        this.problem = `The widget settings could not be read: ${(error as Error).message}`;
        this.changed();
        return;
      }
      const firstTime = !this.client;
      this.settings = settings;
      this.client ??= new RegistryClient({
        registries: settings.registries,
        publisherKeys: settings.publisherKeys,
        store: this.store,
        onSecurityEvent: (e) => this.securityEvent(e),
      });
      const views = new Map(this.installed.map((v) => [v.name, v]));
      const next: InstalledWidgetView[] = [];
      for (const [name, entry] of Object.entries(settings.widgets)) {
        const view: InstalledWidgetView = {
          ...(views.get(name) ?? { state: 'missing' }),
          name,
          entry,
        } as InstalledWidgetView;
        const stale = this.registered.get(name) !== entry.version && this.attempted.get(name) !== entry.version;
        if (stale || view.state === 'missing') await this.activate(view, !firstTime);
        next.push(view);
      }
      for (const name of [...this.registered.keys()]) {
        if (!Object.hasOwn(settings.widgets, name)) await this.deactivate(name);
      }
      this.installed = next.sort((a, b) => a.name.localeCompare(b.name));
      this.changed();
    });
  }

  /** Makes sure the pinned packages are stored (downloading and verifying them if not), then registers the type. */
  private async activate(view: InstalledWidgetView, restart: boolean): Promise<void> {
    const { name, entry } = view;
    this.attempted.set(name, entry.version);
    try {
      let records = await this.records(name, entry);
      if (!records) {
        // Installed elsewhere (mcpwp install, another browser): fetch exactly the pinned versions.
        const plan = await this.client!.planPinned(pinnedList(entry, name));
        records = await this.client!.fetchAndStore(plan);
      }
      view.manifest = records[records.length - 1]!.manifest;
      view.state = 'ready';
      view.message = undefined;
      this.register(name, entry, view.manifest);
      if (!this.options.services.configuration.get(ASSIGNED_KEY(name)))
        await this.assign(name, this.defaultServers(view.manifest));
      else if (restart) this.restartCards(name);
    } catch (error) {
      view.state =
        error instanceof RegistryError && (error.code === 'unreachable' || error.code === 'not-found')
          ? 'missing'
          : 'error';
      view.message = (error as Error).message;
    }
  }

  private defaultServers(manifest: WidgetManifest): string[] {
    const configured = this.serverNames();
    return (manifest.mcpServers ?? []).filter((s) => configured.includes(s));
  }

  /** The stored, integrity-pinned records of an installed entry, dependencies first; undefined if any is missing. */
  private records(name: string, entry: PinnedEntry): Promise<StoredPackage[] | undefined> {
    return storedRecords(this.store, this.client, name, entry);
  }

  private register(name: string, entry: InstalledWidgetConfig, manifest: WidgetManifest): void {
    this.options.services.registry.register({
      type: name,
      label: `${manifest.displayName ?? name} ${entry.version}`,
      load: () => this.loadFactory(name),
      servers: manifest.mcpServers,
      source: 'registry',
      trustLevel:
        manifest.trustLevel === 'verified' && manifest.signature
          ? 'verified'
          : manifest.trustLevel === 'community'
            ? 'community'
            : 'untrusted',
      permissions: entry.permissions,
      signature: manifest.trustLevel === 'verified' && manifest.signature ? { ...manifest.signature } : undefined,
    });
    this.registered.set(name, entry.version);
  }

  /** Loads an installed widget's factory from its stored, verified bytes (dependencies first). */
  private async loadFactory(name: string): Promise<WidgetFactory> {
    const entry = this.settings?.widgets[name];
    if (!entry) throw new Error(`${name} is not installed.`);
    const records = await this.records(name, entry);
    if (!records)
      throw new Error(
        `${name}@${entry.version} is not stored in this browser yet; open the Widgets panel to download it.`,
      );
    const module = await this.client!.load(records);
    if (typeof module.default !== 'function')
      throw new Error(`${name} is a library, not a widget: it exports no widget factory.`);
    void this.store.touch(records.map((r) => r.key)).catch(() => {});
    return module.default as WidgetFactory;
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

  private restartCards(name: string): void {
    for (const card of this.options.cards()) if (card.currentType === name) void card.start();
  }

  private async deactivate(name: string): Promise<void> {
    this.options.services.registry.unregister(name);
    this.registered.delete(name);
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

  private requireClient(): RegistryClient {
    if (!this.client) throw new RegistryError('not-found', this.problem ?? 'The widget registry is not ready yet.');
    return this.client;
  }

  /** Tries an installed widget that failed to load again (e.g. after fixing the registry). */
  retry(name: string): Promise<void> {
    this.attempted.delete(name);
    const view = this.view(name);
    if (view) view.state = 'missing';
    return this.sync();
  }

  /** Search (MCP-WP-16.3.3). */
  search(query: string, server?: string) {
    return this.requireClient().search(query, server);
  }

  /** Published versions, newest first. */
  versions(name: string): Promise<string[]> {
    return this.requireClient().versions(name);
  }

  /** Checks a package without downloading its bundle: manifest, signature, dependencies. */
  preview(name: string, version?: string): Promise<InstallPlan> {
    return this.requireClient().plan(name, version);
  }

  private consentRequest(
    plan: InstallPlan,
    kind: ConsentRequest['kind'],
    current?: InstalledWidgetConfig,
  ): ConsentRequest {
    const m = plan.root.manifest;
    const assigned = this.options
      .cards()
      .filter((c) => c.currentType === m.name)
      .map((c) => c.server.name);
    const defaults = current ? assigned : this.defaultServers(m);
    const servers = this.serverNames().filter((s) => !m.mcpServers?.length || m.mcpServers.includes(s));
    return consentRequest(plan, kind, current, servers, defaults);
  }

  /** Stores the plan, runs the root once to check it is a widget, and records it in the config. */
  private async commit(
    plan: InstallPlan,
    previous: InstalledWidgetConfig | undefined,
    onProgress?: (p: DownloadProgress) => void,
  ): Promise<InstalledWidgetConfig> {
    const client = this.requireClient();
    const before = new Set(await this.store.keys());
    const records = await client.fetchAndStore(plan, { onProgress });
    const fresh = records.filter((r) => !before.has(r.key)).map((r) => r.key);
    const m = plan.root.manifest;
    try {
      const module = await client.load(records);
      if (typeof module.default !== 'function')
        throw new RegistryError(
          'load-failed',
          `${m.name} is a library, not a widget. Install a widget that depends on it instead.`,
          m.name,
          m.version,
        );
      const entry = installedEntry(plan, previous);
      const widgets = await this.api.record(m.name, entry);
      if (this.settings) this.settings.widgets = widgets;
      return entry;
    } catch (error) {
      // Nothing is installed: drop what this attempt stored.
      if (fresh.length) await this.store.delete(fresh).catch(() => {});
      throw error;
    }
  }

  private view(name: string): InstalledWidgetView | undefined {
    return this.installed.find((v) => v.name === name);
  }

  private refreshView(
    name: string,
    entry: InstalledWidgetConfig,
    manifest: WidgetManifest,
    reloadNeeded: boolean,
  ): void {
    const view: InstalledWidgetView = {
      ...(this.view(name) ?? {}),
      name,
      entry,
      manifest,
      state: 'ready',
      message: undefined,
      reloadNeeded,
      update: undefined,
    };
    this.installed = [...this.installed.filter((v) => v.name !== name), view].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    this.register(name, entry, manifest);
    this.changed();
  }

  /**
   * Installs `name` (MCP-WP-16.4.1): checks everything that needs no bytes, asks for consent with the
   * permissions (11.4.5), downloads and verifies, stores in one transaction, loads, records in the config.
   */
  install(
    name: string,
    version?: string,
    onProgress?: (p: DownloadProgress) => void,
  ): Promise<InstalledWidgetConfig | undefined> {
    return this.serial(async () => {
      const plan = await this.requireClient().plan(name, version);
      const m = plan.root.manifest;
      const current = this.settings?.widgets[name];
      if (current && semver.lt(m.version, current.version)) {
        const error = new RegistryError(
          'downgrade',
          `${name} ${m.version} is older than the installed ${current.version}. Downgrades are refused; use Roll back to return to the kept previous version.`,
          name,
          m.version,
        );
        this.client!.report(error);
        throw error;
      }
      if (current && current.version === m.version)
        throw new RegistryError('version-mismatch', `${name} ${m.version} is already installed.`, name, m.version);
      const answer = await this.options.consent(this.consentRequest(plan, current ? 'update' : 'install', current));
      if (!answer.ok)
        throw new RegistryError(
          'consent-declined',
          `${m.displayName ?? name} was not installed: you declined its permissions.`,
          name,
          m.version,
        );
      const entry = await this.commit(plan, current, onProgress);
      const reload = current ? isLoaded(packageKey(name, current.version)) : false;
      this.refreshView(name, entry, m, reload);
      await this.assign(name, answer.servers);
      return entry;
    });
  }

  /** Applies one update; `auto` updates never ask and never take new permissions (MCP-WP-16.5.3, 11.4.7). */
  update(name: string, version: string, auto = false): Promise<'updated' | 'needs-consent' | 'declined'> {
    return this.serial(async () => {
      const current = this.settings?.widgets[name];
      if (!current) throw new RegistryError('not-found', `${name} is not installed.`, name);
      if (!semver.gt(version, current.version)) {
        const error = new RegistryError(
          'downgrade',
          `${name} ${version} is not newer than the installed ${current.version}; refused.`,
          name,
          version,
        );
        this.client?.report(error);
        throw error;
      }
      const plan = await this.requireClient().plan(name, version);
      const m = plan.root.manifest;
      const added = addedPermissions(current.permissions, m.permissions);
      const kind = updateKind(current.version, version);
      if (auto && (added.length || kind !== 'patch')) return 'needs-consent';
      if (!auto && (added.length || kind === 'major')) {
        const answer = await this.options.consent(
          this.consentRequest(plan, kind === 'major' ? 'major-update' : 'update', current),
        );
        if (!answer.ok) return 'declined';
      }
      const entry = await this.commit(plan, current);
      this.refreshView(name, entry, m, isLoaded(packageKey(name, current.version)));
      this.restartCards(name);
      return 'updated';
    });
  }

  /** One-click rollback to the kept previous version (from this browser's store; no network needed). */
  rollback(name: string): Promise<void> {
    return this.serial(async () => {
      const current = this.settings?.widgets[name];
      const previous = current?.previous;
      if (!current || !previous)
        throw new RegistryError('not-found', `${name} has no previous version to roll back to.`, name);
      const records = await this.records(name, previous);
      if (!records)
        throw new RegistryError(
          'not-found',
          `${name} ${previous.version} is no longer stored in this browser, so it cannot be restored offline.`,
          name,
          previous.version,
        );
      await this.requireClient().load(records);
      const entry = rolledBackEntry(current, previous);
      const widgets = await this.api.record(name, entry);
      if (this.settings) this.settings.widgets = widgets;
      this.refreshView(name, entry, records[records.length - 1]!.manifest, isLoaded(packageKey(name, current.version)));
      this.restartCards(name);
    });
  }

  /** Uninstalls (MCP-WP-16.8.1): config, destroy() every instance, DOM, and with `purge` the stored bytes. */
  uninstall(name: string, purge = false): Promise<void> {
    return this.serial(async () => {
      const entry = this.settings?.widgets[name];
      const widgets = await this.api.remove(name);
      if (this.settings) this.settings.widgets = widgets;
      await this.deactivate(name);
      this.installed = this.installed.filter((v) => v.name !== name);
      if (purge && entry) {
        const keep = this.keepKeys();
        const drop = (await this.store.list())
          .filter((r) => (r.name === name || Object.hasOwn(entry.dependencies ?? {}, r.name)) && !keep.has(r.key))
          .map((r) => r.key);
        await this.store.delete(drop);
      }
      this.changed();
    });
  }

  /** Checks every installed widget (MCP-WP-16.5.1, 16.5.2); patch releases are applied, the rest offered. */
  async checkUpdates(): Promise<void> {
    const client = this.client;
    if (!client) return;
    await checkInstalledForUpdates(client, [...this.installed], {
      applyAuto: (name, version) => this.update(name, version, true),
      latest: (name) => this.view(name),
    });
    this.changed();
  }
}
