import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Ref } from 'lit/directives/ref.js';
import { Configuration } from '../../core/services/configuration.js';
import type { AgentsHost } from '../agents/install-agents.js';
import { installAgents } from '../agents/install-agents.js';
import { applyBrandToDocument } from '../brand/brand-document.js';
import type { McpConfirmDialog } from '../dialogs/confirm-dialog.js';
import type { McpElicitationDialog } from '../dialogs/elicitation-dialog.js';
import type { McpPasskeyPrompt } from '../dialogs/passkey-prompt.js';
import type { McpSamplingDialog } from '../dialogs/sampling-dialog.js';
import type { McpUrlElicitationDialog } from '../dialogs/url-elicitation-dialog.js';
import type { DashboardLayoutController } from '../layout/dashboard-layout.js';
import { loadRegistryHost } from '../registry/load-registry-host.js';
import type { RegistryHost } from '../registry/registry-host.js';
import { installSavedCalls, type SavedCallsHost } from '../saved-calls/saved-calls-host.js';
import { installClientFeatures } from '../services/client-features.js';
import { contextValues, HostContexts } from '../services/host-contexts.js';
import { createHostServices, type HostServices } from '../services/host-services.js';
import { openPolicyStore } from '../services/policy-services.js';
import { afterStartup } from './background-start.js';
import { localhostUrlFor } from './canonical-origin.js';
import { takeEarlyLaunch, takeEarlySettings } from './launch-early.js';
import { ServerWatch, type WatchHost } from './server-watch.js';
import { preloadSessions, preloadStartup } from './startup-preload.js';
import { takeToken } from './token.js';
import { isTeamMode } from '../team/team-api.js';
import { renewTeamSession } from '../team/session-renewal.js';
import { followConsents, TEAM_SAVED_CALLS_KEY, teamPreferences } from '../team/team-preferences.js';

let confirmLoaded: Promise<void> | undefined;

/** Loads the confirmation dialog's module (once; again after a failure) and waits for its element. */
function loadConfirmDialog(): Promise<void> {
  confirmLoaded ??= import('../dialogs/confirm-dialog.js').then(
    () => customElements.whenDefined('mcp-confirm-dialog').then(() => undefined),
    (error: unknown) => {
      confirmLoaded = undefined;
      throw error;
    },
  );
  return confirmLoaded;
}

const LAUNCH_PROBLEM_KEYS = {
  'no-token': 'problem.noToken',
  used: 'launch.used',
  expired: 'launch.expired',
  unknown: 'launch.unknown',
} as const;

/** The dialogs the page's services ask the person through (rendered by the dashboard). */
export interface DashboardDialogs {
  confirm: Ref<McpConfirmDialog>;
  sampling: Ref<McpSamplingDialog>;
  elicitation: Ref<McpElicitationDialog>;
  urlElicitation: Ref<McpUrlElicitationDialog>;
  passkey: Ref<McpPasskeyPrompt>;
}

/** What the boot needs from the dashboard. */
export interface BootHost extends ReactiveControllerHost, HTMLElement, WatchHost {
  /** Overrides for tests: where the gateway is, which token to use, which IndexedDB. */
  baseUrl: string | undefined;
  token: string | undefined;
  dbName: string | undefined;
  registryReady: boolean;
  readonly layout: DashboardLayoutController;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly dialogs: DashboardDialogs;
  /** The brand's name, or the dashboard's own. */
  productName(): string;
}

/**
 * Starts a dashboard and stops it: spends the launch code, creates the page's services and provides
 * them to everything the dashboard renders (one context each, host-contexts.ts), connects the dialogs the
 * services ask through, loads the settings, policy, preferences, brand, servers and layouts, and — once the
 * first sessions are open — the registry. Everything it started is released when the dashboard leaves.
 */
export class DashboardBoot implements ReactiveController {
  /** The page's services, once created. */
  services: HostServices | undefined;
  /** The widget registry host, once its code is loaded. */
  registryHost: RegistryHost | undefined;
  /** Saved calls: the header button and the tool forms' "Save call" open them. */
  savedCalls: SavedCallsHost | undefined;
  /** WebMCP registrations behind the header switch. */
  agents: AgentsHost | undefined;
  private readonly contexts: HostContexts;
  private watch: ServerWatch | undefined;
  private unsubscribe: (() => void) | undefined;
  private wantStore!: () => void;
  private readonly storeWanted = new Promise<void>((resolve) => (this.wantStore = resolve));

  constructor(private readonly host: BootHost) {
    this.contexts = new HostContexts(host);
    host.addController(this);
  }

  /** Boots the dashboard. */
  hostConnected(): void {
    void this.boot();
  }

  /** Releases the services, their sessions and everything that follows them. */
  hostDisconnected(): void {
    this.watch?.stop();
    this.unsubscribe?.();
    this.registryHost?.dispose();
    this.agents?.dispose();
    this.services?.dispose();
  }

  /** The Widgets panel was opened: the registry code loads now rather than after the first sessions. */
  storeRequested(): void {
    this.wantStore();
  }

  private async boot(): Promise<void> {
    const host = this.host;
    // Passkeys refuse IP addresses: served by the gateway on 127.0.0.1, move to localhost first (token in the fragment).
    const moveTo =
      host.token === undefined && host.baseUrl === undefined ? localhostUrlFor(window.location) : undefined;
    if (moveTo) {
      window.location.replace(moveTo);
      return;
    }
    preloadStartup();
    // The settings and policy databases open while the launch code is spent, or earlier still (launch-early.ts).
    const opened = takeEarlySettings(host.dbName);
    const configuration = opened?.configuration ?? new Configuration({ dbName: host.dbName });
    const settingsLoaded = opened?.loaded ?? configuration.load();
    const policyDb = opened
      ? opened.policyDb.then((db) => db ?? openPolicyStore(host.dbName))
      : openPolicyStore(host.dbName);
    let token = host.token;
    let startup: Record<string, unknown> | undefined;
    if (token === undefined) {
      const baseUrl = host.baseUrl ?? window.location.origin;
      const taken = await (takeEarlyLaunch(baseUrl)?.taken ?? takeToken(baseUrl));
      if ('problem' in taken) {
        // For 'no-token' the message is the catalog key, so a language switch re-words the banner.
        host.problem =
          taken.problem === 'unreachable'
            ? { kind: 'unreachable', message: host.t('problem.unreachable', { url: baseUrl }) }
            : { kind: 'no-token', message: LAUNCH_PROBLEM_KEYS[taken.problem] };
        return;
      }
      token = taken.token;
      startup = taken.startup;
    }
    await host.updateComplete;
    const dialogs = host.dialogs;
    // Team mode: the person's preferences and layouts come from the gateway, whichever browser this is.
    const via: { fetch?: (input: string, init?: RequestInit) => Promise<Response> } = {};
    if (isTeamMode()) {
      const signedToken = token;
      const firstFetch = (input: string, init: RequestInit = {}) =>
        fetch(input, { ...init, headers: { ...(init.headers as object), Authorization: `Bearer ${signedToken}` } });
      await settingsLoaded;
      await configuration
        .attachRemote(teamPreferences(() => via.fetch ?? firstFetch))
        .catch((error: unknown) => console.warn('[mcp-dashboard] your saved preferences could not be read', error));
    }
    const services = createHostServices({
      baseUrl: host.baseUrl ?? window.location.origin,
      token,
      ...(isTeamMode() ? { renewToken: renewTeamSession } : {}),
      confirm: async (request) => {
        await loadConfirmDialog();
        return dialogs.confirm.value!.ask(request);
      },
      announcerHost: document.body,
      dbName: host.dbName,
      configuration,
      policyDb,
    });
    this.services = services;
    via.fetch = services.gateway.fetch;
    // From here every element the dashboard renders has the services it asks for.
    this.contexts.provide(contextValues(services));
    services.gateway.prefetchStartup(startup);
    installClientFeatures(services, {
      'mcp-sampling-dialog': () => dialogs.sampling.value,
      'mcp-elicitation-dialog': () => dialogs.elicitation.value,
      'mcp-url-elicitation-dialog': () => dialogs.urlElicitation.value,
    });
    // The dialogs for an app's link and an app's file are their own chunks: most pages never show them.
    const onDemand = async <K extends 'mcp-link-dialog' | 'mcp-download-dialog' | 'mcp-permission-dialog'>(tag: K) => {
      let dialog = host.renderRoot.querySelector(tag);
      if (!dialog) {
        dialog = document.createElement(tag);
        host.renderRoot.append(dialog);
      }
      dialog.a11y = services.a11y;
      dialog.i18n = services.i18n;
      return dialog;
    };
    services.apps.setLinkConfirmer(async (request) => {
      await import('../mcp-apps/open-link-dialog.js');
      return (await onDemand('mcp-link-dialog')).open(request);
    });
    services.apps.setDownloadConfirmer(async (request) => {
      await import('../mcp-apps/download/download-dialog.js');
      return (await onDemand('mcp-download-dialog')).open(request);
    });
    services.apps.setPermissionConfirmer(async (request) => {
      await import('../mcp-apps/permissions/permission-dialog.js');
      return (await onDemand('mcp-permission-dialog')).open(request);
    });
    services.policy.setPasskeyPrompt(() => dialogs.passkey.value!);
    this.savedCalls = installSavedCalls({
      root: host.renderRoot,
      services,
      dbName: host.dbName,
      // Team mode: saved calls follow the person, through their preferences on the gateway.
      ...(isTeamMode()
        ? {
            mirror: {
              text: () => configuration.get<string>(TEAM_SAVED_CALLS_KEY),
              save: (text: string) => void configuration.set(TEAM_SAVED_CALLS_KEY, text).catch(() => {}),
            },
          }
        : {}),
    });
    services.theme.applyToElement(host);
    services.theme.applyToDocument(host.ownerDocument);
    const [, policyProblem] = await Promise.all([settingsLoaded, services.policy.load()]);
    if (isTeamMode()) await followConsents(configuration, services.policy.consents);
    if (policyProblem)
      services.bus.emit('mcp:host:notification', {
        title: host.t('policy.settingsTitle'),
        body: policyProblem,
        level: 'warning',
      });
    this.agents = installAgents({ services });
    this.contexts.provide({ webmcp: this.agents.webmcp });
    await services.preferences.start();
    this.unsubscribe = services.preferences.onChange(() => {
      applyBrandToDocument(services.theme.brand, host.productName());
      host.requestUpdate();
    });
    applyBrandToDocument(services.theme.brand, host.productName());
    host.requestUpdate();
    const watch = (this.watch = new ServerWatch(host, services));
    // The tiles appear as soon as the servers and the team's layouts are known (the brand may still be loading).
    const team = host.layout.loadTeam(services);
    const catalog = services.gateway.catalog().then(
      (entries) => services.catalog.load(entries),
      (error: unknown) =>
        console.warn(
          '[mcp-dashboard] the gateway\u2019s catalog could not be loaded; each server is discovered by its session',
          error,
        ),
    );
    const tiles = Promise.all([watch.refresh(), team, catalog]).then(() => {
      // The sessions' code loads now when a server must connect before it can be drawn, else with the first session.
      if ((host.servers ?? []).some((s) => !s.disabled && !services.catalog.info(s.name, s.transport)))
        preloadSessions();
      host.layout.start(services, host.servers ?? []);
    });
    await Promise.all([this.loadBrand(services), tiles]);
    watch.start();
    // Registry code waits for the first sessions unless a tile shows a registry widget or the Widgets panel opens.
    if (!host.layout.waitsForWidgets())
      await Promise.race([
        afterStartup(
          services.bridge,
          (host.servers ?? []).map((s) => s.name),
        ),
        this.storeWanted,
      ]);
    services.validator.preload();
    // The confirmation dialog is not part of the first paint: it loads now (or at the first call, if that is sooner).
    void loadConfirmDialog().catch(() => {});
    const registryHost = await loadRegistryHost(services, host.renderRoot, host.dbName);
    if (!registryHost) return;
    this.registryHost = registryHost;
    host.requestUpdate();
    await registryHost.init();
    host.registryReady = true;
  }

  /** The config's brand (GET /api/brand); a gateway without one (or an older one) leaves the default. */
  private async loadBrand(services: HostServices): Promise<void> {
    try {
      await services.preferences.setConfigBrand(await services.gateway.brand());
    } catch (error) {
      console.warn('[mcp-dashboard] the brand from the config could not be loaded', error);
    }
  }
}
