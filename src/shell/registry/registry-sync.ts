// The registry host's base: what is installed, kept in step with the config file and registered.

import type { InstalledWidgetConfig } from '../../core/shared/config/registry-config-schema.js';
import {
  PackageStore,
  RegistryClient,
  RegistryError,
  type RegistrySecurityEvent,
  type StoredPackage,
  type WidgetManifest,
} from '../../../registry-client/index.js';
import { keysToKeep, pinnedList, storedRecords, type PinnedEntry } from './installed-packages.js';
import { installedWidgetType, loadInstalledWidget } from './installed-widget-type.js';
import { RegistryApi, type RegistrySettings } from './registry-api.js';
import type { InstalledWidgetView, RegistryHostOptions } from './registry-host-types.js';
import { WidgetAssignments } from './widget-assignments.js';

/**
 * The half of the registry host that keeps `dashboard.widgets` (the config file, through the gateway),
 * the package cache (IndexedDB) and the widget registry in step, whoever changed the config; changes
 * run one at a time. Emits `change`.
 */
export class RegistrySync extends EventTarget {
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
  protected readonly assignments: WidgetAssignments;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(protected readonly options: RegistryHostOptions) {
    super();
    this.api = new RegistryApi(options.services.gateway);
    this.store = new PackageStore(options.dbName ? `${options.dbName}-widgets` : 'mcp-dashboard-widgets');
    this.assignments = new WidgetAssignments(options);
  }

  protected changed(): void {
    this.dispatchEvent(new Event('change'));
  }

  /** Runs mutating operations one at a time. */
  protected serial<T>(work: () => Promise<T>): Promise<T> {
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

  /** Configured server names. */
  serverNames(): string[] {
    return this.assignments.serverNames();
  }

  protected keepKeys(): Set<string> {
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
      if (!this.assignments.isAssigned(name)) await this.assign(name, this.assignments.defaultServers(view.manifest));
      else if (restart) this.assignments.restartCards(name);
    } catch (error) {
      view.state =
        error instanceof RegistryError && (error.code === 'unreachable' || error.code === 'not-found')
          ? 'missing'
          : 'error';
      view.message = (error as Error).message;
    }
  }

  /** The stored, integrity-pinned records of an installed entry, dependencies first; undefined if any is missing. */
  protected records(name: string, entry: PinnedEntry): Promise<StoredPackage[] | undefined> {
    return storedRecords(this.store, this.client, name, entry);
  }

  protected register(name: string, entry: InstalledWidgetConfig, manifest: WidgetManifest): void {
    this.options.services.registry.register(
      installedWidgetType(name, entry, manifest, () =>
        loadInstalledWidget(this.store, this.client, name, this.settings?.widgets[name]),
      ),
    );
    this.registered.set(name, entry.version);
  }

  /** Uses `name` for these servers and restarts their cards. */
  assign(name: string, servers: string[]): Promise<void> {
    return this.assignments.assign(name, servers);
  }

  protected async deactivate(name: string): Promise<void> {
    this.options.services.registry.unregister(name);
    this.registered.delete(name);
    await this.assignments.release(name);
  }

  protected requireClient(): RegistryClient {
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

  protected view(name: string): InstalledWidgetView | undefined {
    return this.installed.find((v) => v.name === name);
  }
}
