// The registry host's public shapes: consent requests and answers, installed widget views, options.

import type { InstalledWidgetConfig } from '../../core/shared/config/registry-config-schema.js';
import type { TrustLevel } from '../../core/shared/types.js';
import type {
  PermissionItem,
  RegistrySecurityEvent,
  SignatureState,
  UpdateCheck,
  WidgetManifest,
} from '../../../registry-client/index.js';
import type { HostServices } from '../services/host-services.js';
import type { McpWidgetCard } from '../card/widget-card.js';

/** What the consent dialog shows (MCP-WP-11.4.5, 11.4.7). */
export interface ConsentRequest {
  kind: 'install' | 'update' | 'major-update';
  name: string;
  displayName: string;
  version: string;
  fromVersion?: string;
  trustLevel: TrustLevel;
  signature: SignatureState;
  permissions: PermissionItem[];
  /** Permissions the installed version did not have (updates). */
  added: PermissionItem[];
  dependencies: string[];
  /** Servers the widget can be used for; `checked` ones get it. */
  servers: Array<{ name: string; checked: boolean }>;
}

/** The user's answer. */
export interface ConsentAnswer {
  ok: boolean;
  servers: string[];
}

/** An installed widget as the UI shows it. */
export interface InstalledWidgetView {
  name: string;
  entry: InstalledWidgetConfig;
  manifest?: WidgetManifest;
  state: 'ready' | 'missing' | 'error';
  message?: string;
  update?: UpdateCheck & { checkedAt: number; error?: string; needsConsent?: string };
  /** The page still runs an older version of its element; a reload runs the new one. */
  reloadNeeded?: boolean;
}

/** Options of the registry host. */
export interface RegistryHostOptions {
  services: HostServices;
  cards: () => McpWidgetCard[];
  consent: (request: ConsentRequest) => Promise<ConsentAnswer>;
  /** IndexedDB name for the package cache. */
  dbName?: string;
  /** Audit sink for security events (MCP-WP-16.6.3); the audit log plugs in here. */
  onSecurityEvent?: (event: RegistrySecurityEvent) => void;
}
