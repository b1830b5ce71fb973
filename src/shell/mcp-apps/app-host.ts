import type { Configuration } from '../../core/services/configuration.js';
import type { EventBus } from '../../core/services/event-bus.js';
import type { GatewayClient } from '../../core/shared/gateway-api/gateway-client.js';
import { sandboxOrigins } from '../../core/shared/mcp-apps/sandbox-origin.js';
import { toolUiResourceUri } from '../../core/mcp-apps/ui-resource.js';
import type { MCPBridge } from '../../core/bridge/mcp-bridge.js';
import { LOCAL_CODES, MCPError } from '../../core/bridge/mcp-error.js';
import type { ToolInvoker } from '../../core/invocation/tool-invoker.js';
import type { AppToolOffer, Interact } from '../../core/agents/agent-surface.js';
import type {
  AppHostInterface,
  AppViewHandle,
  CallerContext,
  I18nInterface as I18n,
  Unsubscribe,
} from '../../core/shared/types.js';
import type { ThemeService } from '../../../theme/theme-service.js';
import { appViewServices } from './app-host-services.js';
import { viewHandle } from './app-view-handle.js';
import { callAppTool } from './app-view-tools.js';
import type { AppViewServices, LinkRequest } from './app-view-services.js';
import type { AppView } from './app-view.js';
import type { SandboxLocation } from './static-sandbox-frame.js';
import type { DownloadRequest } from './download/download-dialog.js';
import type { AppPermissions, PermissionAnswer, PermissionRequest } from './permissions/app-permissions.js';

/** What the AppHost needs from the page. */
export interface AppHostOptions {
  bus: EventBus;
  bridge: MCPBridge;
  invoker: ToolInvoker;
  theme: ThemeService;
  configuration: Configuration;
  /** The dashboard's I18n: its locale goes into hostContext, and frames word their chrome with it. */
  i18n?: I18n;
  gateway: GatewayClient;
  /** This page's origin; the sandbox answers only to it. */
  hostOrigin?: string;
  openWindow?: (url: string) => void;
  /** Saves a file the person agreed to; the browser's download by default (tests replace it). */
  saveFile?: (name: string, bytes: Uint8Array, mimeType: string) => void;
  teardownTimeoutMs?: number;
  startTimeoutMs?: number;
  /** The page's database name: apps' permission answers go to `<dbName>-app-permissions`. */
  dbName?: string;
}

/** A widget's own view of the AppHost, and the means to close what it opened. */
export interface ScopedAppHost {
  api: AppHostInterface;
  /** Closes the widget's views with `ui/resource-teardown` (bounded). */
  release(): Promise<void>;
}

/**
 * The page's MCP Apps host: opens views for tools with `_meta.ui.resourceUri`, gives each widget a
 * scoped `AppHostInterface` (its `deps.AppHost`), forwards theme changes to every live view, and
 * answers what a model/agent surface would see of the views (their model contexts).
 */
export class AppHost {
  private readonly options: AppHostOptions;
  private readonly views = new Map<string, AppView>();
  private readonly handles = new WeakMap<object, AppView>();
  private readonly rendered = new WeakSet<AppView>();
  private readonly services: AppViewServices;
  private sandboxAt: Promise<{ port: number; origin?: string }> | undefined;
  private linkConfirmer: ((request: LinkRequest) => Promise<boolean>) | undefined;
  private downloadConfirmer: ((request: DownloadRequest) => Promise<boolean>) | undefined;
  private permissionConfirmer: ((request: PermissionRequest) => Promise<PermissionAnswer>) | undefined;
  private placer: ((view: AppView) => boolean) | undefined;
  private readonly stopTheme: Unsubscribe;

  constructor(options: AppHostOptions) {
    this.options = options;
    this.services = appViewServices(options, {
      sandbox: () => this.sandbox(),
      confirmLink: (request) => (this.linkConfirmer ? this.linkConfirmer(request) : Promise.resolve(false)),
      confirmDownload: (request) => (this.downloadConfirmer ? this.downloadConfirmer(request) : Promise.resolve(false)),
      confirmPermissions: (request) =>
        this.permissionConfirmer ? this.permissionConfirmer(request) : Promise.resolve(undefined),
    });
    const stopTheme = options.theme.onThemeChange(() => {
      for (const view of this.views.values()) view.themeChanged();
    });
    // A language switch reaches open views as host-context-changed, like a theme switch.
    const stopLocale = options.i18n?.onLocaleChange?.(() => {
      for (const view of this.views.values()) view.themeChanged();
    });
    this.stopTheme = () => {
      stopTheme();
      stopLocale?.();
    };
  }

  private sandbox(): Promise<{ port: number; origin?: string }> {
    this.sandboxAt ??= this.options.gateway.sandbox().then(
      (sandbox) => {
        const own = [...sandboxOrigins(sandbox.port), ...(sandbox.origin ? [sandbox.origin] : [])];
        this.services.forbiddenOrigins = ((base) => () => [...base(), ...own])(this.services.forbiddenOrigins);
        return sandbox;
      },
      (error: unknown) => {
        this.sandboxAt = undefined;
        throw error;
      },
    );
    return this.sandboxAt;
  }

  /** The sandbox for other sandboxed content (mcp-ui resources). */
  sandboxLocation(): SandboxLocation {
    return {
      origin: () => this.services.sandboxOrigin(),
      hostOrigin: this.services.hostOrigin,
      forbiddenOrigins: () => this.services.forbiddenOrigins(),
    };
  }

  /** Installs the dialog that asks before an app's link is opened. Without one, links are declined. */
  setLinkConfirmer(confirm: (request: LinkRequest) => Promise<boolean>): void {
    this.linkConfirmer = confirm;
  }

  /** Installs the dialog that asks before an app's files are saved. Without one, downloads are declined. */
  setDownloadConfirmer(confirm: (request: DownloadRequest) => Promise<boolean>): void {
    this.downloadConfirmer = confirm;
  }

  /** Installs the dialog that asks whether an app may use a device. Without one, nothing is asked or granted. */
  setPermissionConfirmer(confirm: (request: PermissionRequest) => Promise<PermissionAnswer>): void {
    this.permissionConfirmer = confirm;
  }

  /** The apps' remembered device permissions (the audit panel lists and forgets them). */
  permissions(): Promise<AppPermissions> {
    return this.services.permissions();
  }

  /** Installs what shows a view as its own dashboard tile (the dashboard's layout). Without one, `place` declines. */
  setPlacer(place: ((view: AppView) => boolean) | undefined): void {
    this.placer = place;
  }

  /** The tool's `ui://` view, when the server is connected and the tool declares one. */
  appResourceUri(serverName: string, toolName: string): string | undefined {
    const tool = this.options.bridge.getServer(serverName)?.info?.tools.find((t) => t.name === toolName);
    return toolUiResourceUri(tool);
  }

  /**
   * Calls the tool through the invoker (as `caller`) and opens its view once the call is cleared to go
   * (the `ui://` resource is read meanwhile). Rejects — and opens nothing — when the user cancels the
   * confirmation or the policy refuses the call.
   */
  async open(
    serverName: string,
    toolName: string,
    args: Record<string, unknown>,
    caller: CallerContext,
    preview = false,
  ): Promise<AppView> {
    const server = this.options.bridge.getServer(serverName);
    if (!server)
      throw new MCPError(`There is no server named "${serverName}".`, {
        jsonrpcCode: LOCAL_CODES.notConnected,
        serverName,
      });
    const tool = server.info?.tools.find((t) => t.name === toolName);
    if (!tool)
      throw new MCPError(`Server "${serverName}" has no tool named "${toolName}".`, {
        jsonrpcCode: -32601,
        serverName,
      });
    const resourceUri = toolUiResourceUri(tool);
    if (!resourceUri)
      throw new MCPError(`Tool "${toolName}" of "${serverName}" has no MCP App view (no ui:// _meta.ui.resourceUri).`, {
        jsonrpcCode: -32601,
        serverName,
      });
    // The view's code (protocol, frame, chrome) is its own chunk: most visits open no app.
    const { AppView } = await import('./app-view.js');
    const view = new AppView({ services: this.services, serverName, tool, resourceUri, args, caller, preview });
    this.views.set(view.id, view);
    view.onChange((v) => {
      if (v.state === 'closed') this.views.delete(v.id);
    });
    view.start();
    try {
      await view.approved;
    } catch (error) {
      await view.close('The tool call that opens it was not made.');
      const e = error as MCPError;
      if (e?.jsonrpcCode === LOCAL_CODES.cancelled) {
        throw new MCPError('You cancelled the tool call, so the app was not opened; nothing was sent to the server.', {
          jsonrpcCode: LOCAL_CODES.cancelled,
          serverName,
          operation: 'tools/call',
        });
      }
      throw error;
    }
    return view;
  }

  /** The read-only facade a widget gets for a view. */
  handleFor(view: AppView): AppViewHandle {
    const handle = viewHandle(view);
    this.handles.set(handle, view);
    return handle;
  }

  /** Mounts a view's frame into `container` — once; the frame (and its iframe) never moves. */
  render(handle: AppViewHandle, container: HTMLElement): void {
    const view = this.handles.get(handle);
    if (!view) throw new Error('AppHost.render: not a view from this dashboard.');
    if (!(container instanceof HTMLElement)) throw new TypeError('AppHost.render needs an element to render into.');
    if (view.state === 'closed') return;
    if (view.frameElement || this.rendered.has(view))
      throw new Error(`View ${view.id} is already on the page; a view is never moved (moving an iframe reloads it).`);
    this.rendered.add(view);
    const frame = document.createElement('mcp-app-frame');
    frame.view = view;
    container.append(frame);
  }

  /** A widget's scoped AppHost: views it opens are its own, and are closed when it goes. */
  scope(widgetId: string): ScopedAppHost {
    const own = new Set<AppView>();
    /** This widget's previews whose tool has not run, by server and tool. */
    const previews = new Map<string, AppView>();
    const previewOf = (serverName: string, toolName: string) => {
      const view = previews.get(`${serverName}\u0000${toolName}`);
      return view?.isPreview ? view : undefined;
    };
    const open = async (serverName: string, toolName: string, args: unknown, preview = false) => {
      const plain = args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
      const waiting = previewOf(serverName, toolName);
      if (waiting) {
        // Open app after a preview: the tool runs in the view the person has been filling in.
        if (!preview) waiting.run(plain);
        return this.handleFor(waiting);
      }
      const view = await this.open(serverName, toolName, plain, { surface: 'widget', id: widgetId }, preview);
      if (preview) previews.set(`${serverName}\u0000${toolName}`, view);
      own.add(view);
      view.onChange((v) => {
        if (v.state !== 'closed') return;
        own.delete(v);
        if (previews.get(`${serverName}\u0000${toolName}`) === v) previews.delete(`${serverName}\u0000${toolName}`);
      });
      return this.handleFor(view);
    };
    const api: AppHostInterface = Object.freeze({
      appResourceUri: (serverName: string, toolName: string) => this.appResourceUri(serverName, toolName),
      open: async (serverName: string, toolName: string, args: Record<string, unknown> = {}) =>
        open(serverName, toolName, args),
      preview: async (serverName: string, toolName: string, args: Record<string, unknown> = {}) =>
        open(serverName, toolName, args, true),
      inputPartial: (serverName: string, toolName: string, args: Record<string, unknown>) =>
        previewOf(serverName, toolName)?.inputPartial(args),
      render: (handle: AppViewHandle, container: HTMLElement) => this.render(handle, container),
      views: () => [...own].filter((v) => v.state !== 'closed').map((v) => this.handleFor(v)),
      place: (handle: AppViewHandle) => {
        const view = this.handles.get(handle);
        if (
          !view ||
          !own.has(view) ||
          view.state === 'closed' ||
          view.frameElement ||
          this.rendered.has(view) ||
          !this.placer
        )
          return false;
        // The tile owns it now: the widget's release no longer closes it.
        if (!this.placer(view)) return false;
        own.delete(view);
        return true;
      },
    });
    return {
      api,
      async release() {
        await Promise.all([...own].map((v) => v.close('The widget was closed.')));
        own.clear();
      },
    };
  }

  /** The tools open views offer (their apps' `tools/list`), for agents: each runs through callAppTool (app-view-tools.ts). */
  appToolOffers(): AppToolOffer[] {
    return this.openViews()
      .filter((view) => view.state === 'ready')
      .flatMap((view) =>
        view.appTools.map((tool) => ({
          serverName: view.serverName,
          appName: view.title,
          tool,
          call: (args: Record<string, unknown>, caller: CallerContext, interact?: Interact) =>
            callAppTool(view, tool.name, args, caller, interact),
        })),
      );
  }

  /** Every open view (newest last). */
  openViews(): AppView[] {
    return [...this.views.values()];
  }

  /** What the open views told the model (`ui/update-model-context`, latest per view). */
  modelContexts(): Array<{
    viewId: string;
    serverName: string;
    toolName: string;
    content?: unknown;
    structuredContent?: unknown;
  }> {
    return this.openViews()
      .filter((v) => v.modelContext)
      .map((v) => ({ viewId: v.id, serverName: v.serverName, toolName: v.toolName, ...v.modelContext }));
  }

  /** Closes every view and stops following the theme. */
  async dispose(): Promise<void> {
    this.stopTheme();
    await Promise.all(this.openViews().map((v) => v.close('The dashboard was closed.')));
  }
}
