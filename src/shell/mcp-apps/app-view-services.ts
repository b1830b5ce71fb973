import type { EventBus } from '../../core/services/event-bus.js';
import type { MCPBridge } from '../../core/bridge/mcp-bridge.js';
import type { ToolInvoker } from '../../core/invocation/tool-invoker.js';
import type { McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ContainerLimits } from '../../core/mcp-apps/host-context.js';
import type { DisplayMode } from '../../core/mcplet/display-mode.js';
import type { I18nInterface } from '../../core/shared/types.js';
import type { DownloadRequest } from './download/download-dialog.js';
import type { ViewOrigin } from './app-origins.js';
import type { AppPermissions } from './permissions/app-permissions.js';

/** A link a view asked to open, shown to the user for confirmation. */
export interface LinkRequest {
  url: string;
  host: string;
  serverName: string;
  viewId: string;
  appName: string;
}

/** What every view needs from the page; provided by the AppHost. */
export interface AppViewServices {
  bus: EventBus;
  /** The raw bridge: reads and lists only. Tool calls always go through `invoker`. */
  bridge: MCPBridge;
  invoker: ToolInvoker;
  /** The sandbox proxy's origin for this page. */
  sandboxOrigin(): Promise<string>;
  /** The origin a view's proxy (and, per app, the view) runs on: app-origins.ts. */
  viewOrigin(view: { serverName: string; resourceUri: string; domain: unknown }): Promise<ViewOrigin>;
  /** This page's origin (the proxy answers only to it). */
  hostOrigin: string;
  /** Origins a view's CSP may never name (gateway and sandbox). */
  forbiddenOrigins(): string[];
  /** Current theme and style variables for hostContext. */
  themeContext(): { theme: 'light' | 'dark'; styles: Partial<McpUiStyles> };
  /** Asks the user whether to open a link; resolves true only when they agree. */
  confirmLink(request: LinkRequest): Promise<boolean>;
  /** Asks the person whether to save the files an app handed over; resolves true only when they agree. */
  confirmDownload(request: DownloadRequest): Promise<boolean>;
  /** Saves a file the person agreed to (the browser's download, under the given name). */
  saveFile(name: string, bytes: Uint8Array, mimeType: string): void;
  /** Opens a confirmed link (a new tab, no opener, no referrer). */
  openWindow(url: string): void;
  hostInfo: { name: string; version: string };
  /** The person's answers about camera, microphone, location and clipboard, per app (loaded on first use). */
  permissions(): Promise<AppPermissions>;
  /** The host's configured default display mode (MCPlet §11.2 step 4). */
  defaultDisplayMode(): unknown;
  limits: ContainerLimits;
  /** Milliseconds to wait for `ui/resource-teardown` before removing a view. */
  teardownTimeoutMs: number;
  /** Milliseconds to wait for the proxy, then for `ui/initialize`. */
  startTimeoutMs: number;
  /** Display modes the host offers. */
  hostDisplayModes: readonly DisplayMode[];
  /** The dashboard's current locale for hostContext (the browser's when absent). */
  locale?(): string;
  /** The dashboard's I18n, for the frame's own chrome (English when absent). */
  i18n?: I18nInterface;
}
