import { ScopedConfiguration, type Configuration } from './configuration.js';
import { ScopedEventBus, type EventBus, type ForbiddenEventError } from './event-bus.js';
import type { MCPBridge } from './mcp-bridge.js';
import type { ToolInvoker } from './tool-invoker.js';
import { ScopedI18n } from './i18n.js';
import { ScopedTheme } from './scoped-theme.js';
import type { A11yHelperInterface, AppHostInterface, DependenciesObject, I18nInterface, ThemeInterface } from './types.js';
import { createWidgetBridge } from './widget-bridge.js';
import { WidgetTimers } from './widget-timers.js';

/** What a widget still holds; all zero after a clean destroy (MCP-WP-3.4.2). */
export interface WidgetLeftovers {
  busListeners: number;
  timers: number;
  resourceSubscriptions: number;
  configListeners: number;
}

/** The dependencies for one widget instance and the means to release them. */
export interface WidgetDependencies {
  dependencies: DependenciesObject;
  /** Removes every listener and subscription the widget left behind (MCP-WP-3.4.2, enforced by the host). */
  dispose(): void;
  /** Live subscriptions the widget holds on the bus (for leak checks). */
  busSubscriptions(): number;
  /** Everything the widget still holds through its dependencies. */
  leftovers(): WidgetLeftovers;
  /** Closes the widget's MCP App views gracefully (`ui/resource-teardown`); call before removing it. */
  release?(): Promise<void>;
}

/**
 * Builds what the host injects into a widget factory (MCP-WP-3.2, 4.3): a per-widget EventBus view,
 * a gated MCPBridge, a scoped Configuration, read-only views of Theme and I18n whose listeners
 * go with the widget, and the shared A11yHelper. Built-in and third-party widgets get exactly this.
 */
export function createWidgetDependencies(options: {
  widgetId: string;
  bus: EventBus;
  bridge: MCPBridge;
  invoker: ToolInvoker;
  configuration: Configuration;
  theme?: ThemeInterface;
  a11y?: A11yHelperInterface;
  i18n?: I18nInterface;
  onViolation?: (error: ForbiddenEventError) => void;
  /** Makes the widget's scoped `AppHost` (MCP Apps views); absent when the page hosts no apps. */
  appHost?: (widgetId: string) => { api: AppHostInterface; release(): Promise<void> };
}): WidgetDependencies {
  const bus = new ScopedEventBus(options.bus, options.widgetId, options.onViolation);
  const bridge = createWidgetBridge(options.bridge, options.invoker, options.widgetId);
  const configuration = new ScopedConfiguration(options.configuration, options.widgetId);
  const timers = new WidgetTimers();
  const dependencies: DependenciesObject = {
    EventBus: bus,
    MCPBridge: bridge.bridge,
    Configuration: configuration,
    Timers: timers,
  };
  const theme = options.theme ? new ScopedTheme(options.theme) : undefined;
  const i18n = options.i18n ? new ScopedI18n(options.i18n) : undefined;
  if (theme) dependencies.Theme = theme;
  if (options.a11y) dependencies.A11yHelper = options.a11y;
  const apps = options.appHost?.(options.widgetId);
  if (apps) dependencies.AppHost = apps.api;
  if (i18n) dependencies.I18n = i18n;
  return {
    dependencies: Object.freeze(dependencies),
    release: async () => {
      await apps?.release();
    },
    dispose() {
      bus.dispose();
      bridge.dispose();
      configuration.dispose();
      timers.dispose();
      theme?.dispose();
      i18n?.dispose();
    },
    busSubscriptions: () => bus.size,
    leftovers: () => ({ busListeners: bus.size, timers: timers.pending, resourceSubscriptions: bridge.subscriptions(), configListeners: configuration.size }),
  };
}
