import semver from 'semver';
import type { InstalledWidgetConfig } from '../../core/shared/config/registry-config-schema.js';
import {
  addedPermissions,
  isLoaded,
  packageKey,
  RegistryError,
  updateKind,
  type DownloadProgress,
  type InstallPlan,
  type WidgetManifest,
} from '../../../registry-client/index.js';
import { commitPlan } from './commit-plan.js';
import { consentRequest } from './consent-request.js';
import { purgeStored, rolledBackEntry } from './installed-packages.js';
import type { ConsentRequest, InstalledWidgetView } from './registry-host-types.js';
import { RegistrySync } from './registry-sync.js';
import { checkInstalledForUpdates } from './update-checks.js';

export type { ConsentAnswer, ConsentRequest, InstalledWidgetView, RegistryHostOptions } from './registry-host-types.js';

/**
 * The shell's side of the widget registry: keeps `dashboard.widgets` (the config file, through the
 * gateway), the package cache (IndexedDB) and the widget registry in step (RegistrySync); installs,
 * updates, rolls back and uninstalls; and restarts the cards concerned through the existing lifecycle.
 * Emits `change`.
 */
export class RegistryHost extends RegistrySync {
  private timers: Array<ReturnType<typeof setInterval>> = [];

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
    const defaults = current ? this.assignments.serversShowing(m.name) : this.assignments.defaultServers(m);
    const servers = this.serverNames().filter((s) => !m.mcpServers?.length || m.mcpServers.includes(s));
    return consentRequest(plan, kind, current, servers, defaults);
  }

  /** Stores the plan, runs the root once to check it is a widget, and records it in the config. */
  private async commit(
    plan: InstallPlan,
    previous: InstalledWidgetConfig | undefined,
    onProgress?: (p: DownloadProgress) => void,
  ): Promise<InstalledWidgetConfig> {
    const parts = { client: this.requireClient(), store: this.store, api: this.api };
    const { entry, widgets } = await commitPlan(parts, plan, previous, onProgress);
    if (this.settings) this.settings.widgets = widgets;
    return entry;
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
      this.assignments.restartCards(name);
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
      this.assignments.restartCards(name);
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
      if (purge && entry) await purgeStored(this.store, name, entry, this.keepKeys());
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
