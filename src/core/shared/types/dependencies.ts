// The dependencies injected into every widget factory (MCP-WP-3.2, 4.3) and the small services among them.

import type { Unsubscribe } from './common.js';
import type { A11yHelperInterface } from './a11y.js';
import type { OfflineCacheInterface, TelemetryInterface, WidgetMessagingInterface } from './agents.js';
import type { AppHostInterface } from './app-view.js';
import type { MCPBridgeInterface } from './bridge.js';
import type { EventBusInterface } from './event-bus.js';
import type { HistoryInterface } from './history.js';
import type { I18nInterface } from './i18n.js';
import type { ThemeInterface } from './theme.js';

/** Configuration interface handed to widgets (MCP-WP-6.3). */
export interface ConfigurationInterface {
  get<T = unknown>(key: string, fallback?: T): T | undefined;
  set(key: string, value: unknown): Promise<void>;
  onChange(key: string, callback: (value: unknown, key: string) => void): Unsubscribe;
}

/** Clipboard access for widgets, gated by `permissions.clipboard` (MCP-WP-11.4.3). */
export interface ClipboardInterface {
  writeText(text: string): Promise<void>;
}

/** Host notifications for widgets, gated by `permissions.notifications` (MCP-WP-11.4.3). */
export interface NotificationsInterface {
  notify(notification: {
    title: string;
    body?: string;
    level?: 'info' | 'success' | 'warning' | 'error';
  }): Promise<void>;
}

/** Dependencies injected into every widget factory (MCP-WP-3.2, 4.3). */
export interface DependenciesObject {
  EventBus: EventBusInterface;
  MCPBridge: MCPBridgeInterface;
  Configuration: ConfigurationInterface;
  Theme?: ThemeInterface;
  A11yHelper?: A11yHelperInterface;
  /** Extension: host-owned timers, cleared by the host when the widget is destroyed (MCP-WP-3.4.2). */
  Timers?: WidgetTimersInterface;
  /** Extension: MCP Apps views (see docs/widgets.md). */
  AppHost?: AppHostInterface;
  I18n?: I18nInterface;
  /** Present for every widget; refuses unless the widget declared and was granted `clipboard`. */
  Clipboard?: ClipboardInterface;
  /** Present for every widget; refuses unless the widget declared and was granted `notifications`. */
  Notifications?: NotificationsInterface;
  /** MCP-WP-6.5: messages to and from other widgets (needs `permissions.widgetCommunication`). */
  WidgetMessaging?: WidgetMessagingInterface;
  /** MCP-WP-6.6: cached results and calls queued until the server is back. */
  OfflineCache?: OfflineCacheInterface;
  /** MCP-WP-6.7: a no-op here; nothing leaves the machine. */
  Telemetry?: TelemetryInterface;
  /** Extension: the host's activity history per server (calls, reads, prompts, app events; who asked). */
  History?: HistoryInterface;
  [key: string]: unknown;
}

/**
 * Timers a widget borrows from the host (extension of MCP-WP §6). The host cancels whatever is
 * still pending when the widget is destroyed, so a forgotten interval cannot outlive it.
 */
export interface WidgetTimersInterface {
  setTimeout(callback: () => void, ms?: number): number;
  setInterval(callback: () => void, ms: number): number;
  clear(id: number): void;
  /** Cancels every pending timer of this widget. */
  clearAll(): void;
  /** Timers still pending. */
  readonly pending: number;
}
