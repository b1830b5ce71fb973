/**
 * The widget-registry part of the dashboard config (`dashboard.registries`, `dashboard.publisherKeys`,
 * `dashboard.widgets`, `dashboard.widgetUpdates`), shared by the gateway (which validates and edits the
 * file) and the browser (which reads it through `GET /api/registry`). Pure: no I/O.
 */
import type { WidgetPermissions } from '../types.js';

/** One registry; the list order is the priority order (MCP-WP-16.3.1). */
export interface RegistryEntryConfig {
  url: string;
  name?: string;
  /** Other https origins this registry's bundles may be served from. */
  bundleOrigins?: string[];
}

/** A publisher key pinned by the dashboard's owner (MCP-WP-4.2.9, 11.4.8). */
export interface PublisherKeyConfig {
  publisher: string;
  /** Base64 (or PEM) of the DER SubjectPublicKeyInfo of an ES256 key. */
  publicKey: string;
}

/** One exactly pinned package version. */
export interface PinnedVersion {
  version: string;
  integrity: string;
}

/** A widget installed into this dashboard (MCP-WP-16.4.1 step 8), as kept in `dashboard.widgets`. */
export interface InstalledWidgetConfig extends PinnedVersion {
  /** Registry URL it was installed from. */
  registry: string;
  /** Permissions the user consented to (MCP-WP-11.4.5); an update asking for more needs consent again. */
  permissions?: WidgetPermissions;
  /** Exact versions of its dependencies. */
  dependencies?: Record<string, PinnedVersion>;
  /** The version before the last update, kept for one-click rollback. */
  previous?: PinnedVersion & { permissions?: WidgetPermissions; dependencies?: Record<string, PinnedVersion> };
  installedAt?: string;
}

/** The registry-related keys of `dashboard`. */
export interface RegistryDashboardConfig {
  registries?: RegistryEntryConfig[];
  publisherKeys?: PublisherKeyConfig[];
  widgets?: Record<string, InstalledWidgetConfig>;
  widgetUpdates?: { checkIntervalHours?: number };
}

const integrity = { type: 'string', pattern: '^sha256-[A-Za-z0-9+/]{43}=$' } as const;
const version = { type: 'string', minLength: 1, maxLength: 64 } as const;
const pinned = { type: 'object', required: ['version', 'integrity'], properties: { version, integrity } } as const;
const pinnedMap = { type: 'object', additionalProperties: pinned } as const;
const httpUrl = { type: 'string', pattern: '^https?://' } as const;

/** JSON Schema for one `dashboard.widgets` entry. */
export const installedWidgetSchema = {
  type: 'object',
  required: ['version', 'integrity', 'registry'],
  properties: {
    version,
    integrity,
    registry: httpUrl,
    permissions: { type: 'object' },
    dependencies: pinnedMap,
    previous: {
      type: 'object',
      required: ['version', 'integrity'],
      properties: { version, integrity, permissions: { type: 'object' }, dependencies: pinnedMap },
    },
    installedAt: { type: 'string' },
  },
} as const;

/** JSON Schema properties merged into `dashboard` by config-schema.ts. */
export const registryConfigProperties = {
  registries: {
    type: 'array',
    items: {
      type: 'object',
      required: ['url'],
      additionalProperties: false,
      properties: {
        url: httpUrl,
        name: { type: 'string' },
        bundleOrigins: { type: 'array', items: { type: 'string', pattern: '^https://' } },
      },
    },
  },
  publisherKeys: {
    type: 'array',
    items: {
      type: 'object',
      required: ['publisher', 'publicKey'],
      additionalProperties: false,
      properties: { publisher: { type: 'string', minLength: 1 }, publicKey: { type: 'string', minLength: 40 } },
    },
  },
  widgets: { type: 'object', additionalProperties: installedWidgetSchema },
  widgetUpdates: { type: 'object', properties: { checkIntervalHours: { type: 'number', exclusiveMinimum: 0 } } },
} as const;
