import type { TrustLevel, WidgetFactory, WidgetPermissions } from '../../core/shared/types.js';

/** One widget type the user can pick for a server. */
export interface WidgetTypeEntry {
  type: string;
  label: string;
  load: () => Promise<WidgetFactory>;
  /** Servers this type supports (a registry package's `mcpServers`); undefined = any server. */
  servers?: string[];
  /** Where it comes from: shipped with the dashboard, or installed from a registry. */
  source?: 'built-in' | 'registry';
  /** For registry widgets: the trust level and permissions verified at install (not the widget's own claim). */
  trustLevel?: TrustLevel;
  permissions?: WidgetPermissions;
  /** For registry widgets: the manifest signature the host verified against a pinned key (MCP-WP-4.2.9, 11.4.8). */
  signature?: Record<string, unknown>;
}

/**
 * Widget types by name. The shell asks the registry; it never branches on a widget or server name.
 */
export class WidgetRegistry {
  private readonly entries = new Map<string, WidgetTypeEntry>();

  /** Adds (or replaces) a type. */
  register(entry: WidgetTypeEntry): void {
    this.entries.set(entry.type, entry);
  }

  /** Removes a type (an uninstalled widget). */
  unregister(type: string): void {
    this.entries.delete(type);
  }

  /** A type by name. */
  get(type: string): WidgetTypeEntry | undefined {
    return this.entries.get(type);
  }

  /** The types that can represent `serverName` (a registry package may list the servers it supports). */
  listFor(serverName: string): WidgetTypeEntry[] {
    return this.list().filter((entry) => !entry.servers || entry.servers.includes(serverName));
  }

  /** Every registered type. */
  list(): WidgetTypeEntry[] {
    return [...this.entries.values()];
  }
}

/**
 * A loader that imports its chunk once and then hands out the same promise: a second `import()` of
 * a module already loaded still waits for a task of its own in Chromium, which at start-up queues
 * behind everything else the page is doing (the first card's mount waited 50–90 ms on it).
 * A failed load is forgotten, so the next call tries again.
 */
function once(load: () => Promise<{ default: WidgetFactory }>): () => Promise<WidgetFactory> {
  let loading: Promise<WidgetFactory> | undefined;
  return () =>
    (loading ??= load().then(
      (m) => m.default,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
}

/** The built-in widgets, each loaded as its own chunk. */
export const BUILT_IN_WIDGETS: WidgetTypeEntry[] = [
  {
    type: 'server-panel',
    label: 'Server panel (default)',
    load: once(() => import('../../../widgets/server-panel/index.js')),
  },
  { type: 'server-status', label: 'Status badge', load: once(() => import('../../../widgets/server-status/index.js')) },
  { type: 'tool-browser', label: 'Tool browser', load: once(() => import('../../../widgets/tool-browser/index.js')) },
  {
    type: 'resource-explorer',
    label: 'Resource explorer',
    load: once(() => import('../../../widgets/resource-explorer/index.js')),
  },
  { type: 'activity-log', label: 'Activity log', load: once(() => import('../../../widgets/activity-log/index.js')) },
];

/** The widget type used when the user has not chosen one. */
export const DEFAULT_WIDGET_TYPE = 'server-panel';
