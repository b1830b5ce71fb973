import type { DashboardPolicySettings, WidgetTrustGrant } from '../shared/config/dashboard-config.js';
import type { TrustLevel, WidgetPermissions } from '../shared/types.js';

/** One row of the MCP-WP-11.4.4 table. */
export interface TrustRow {
  network: 'none' | 'declared-only' | 'declared' | 'full-within-declared';
  storage: 'none' | 'session' | 'persistent';
  mcpOperations: 'blocked' | 'with-confirmation' | 'no-confirmation';
  confirmation: 'always' | 'first-time' | 'never';
}

/** MCP-WP-11.4.4, as data. */
export const TRUST_TABLE: Record<TrustLevel, TrustRow> = {
  untrusted: { network: 'none', storage: 'none', mcpOperations: 'blocked', confirmation: 'always' },
  community: {
    network: 'declared-only',
    storage: 'session',
    mcpOperations: 'with-confirmation',
    confirmation: 'first-time',
  },
  verified: {
    network: 'declared',
    storage: 'persistent',
    mcpOperations: 'with-confirmation',
    confirmation: 'first-time',
  },
  enterprise: {
    network: 'full-within-declared',
    storage: 'persistent',
    mcpOperations: 'no-confirmation',
    confirmation: 'never',
  },
};

/** What a widget may actually do: its declaration ∩ its trust level ∩ the config's cap. */
export interface EffectivePermissions {
  invokeTool: boolean;
  readResource: boolean;
  getPrompt: boolean;
  subscribeToUpdates: boolean;
  storage: 'none' | 'session' | 'persistent';
  clipboard: boolean;
  notifications: boolean;
  /** Domains the widget declared; the page's CSP (connect-src 'self') blocks them all today. */
  networkDomains: string[];
  /** MCP-WP-6.5.6: messages to and from other widgets (absent = none). */
  widgetCommunication?: { canSend: boolean; canReceive: boolean; allowedTargets?: string[]; allowedSources?: string[] };
}

/** Nothing at all (MCP-WP-11.4.2: no `permissions` means maximum restriction). */
export const NO_PERMISSIONS: EffectivePermissions = Object.freeze({
  invokeTool: false,
  readResource: false,
  getPrompt: false,
  subscribeToUpdates: false,
  storage: 'none',
  clipboard: false,
  notifications: false,
  networkDomains: [],
}) as EffectivePermissions;

/** The trust a widget type gets, and why. */
export interface ResolvedTrust {
  level: TrustLevel;
  reason: string;
}

const STORAGE_ORDER = ['none', 'session', 'persistent'] as const;

function minStorage(...values: Array<EffectivePermissions['storage'] | undefined>): EffectivePermissions['storage'] {
  let index = STORAGE_ORDER.length - 1;
  for (const v of values) if (v !== undefined) index = Math.min(index, Math.max(0, STORAGE_ORDER.indexOf(v)));
  return STORAGE_ORDER[index]!;
}

/** What the registry recorded when the user installed a widget (consent, MCP-WP-11.4.5). */
export interface InstalledWidgetTrust {
  /** Trust established at install: `verified` only with a signature checked against a pinned key. */
  trustLevel: TrustLevel;
  /** The permissions the user consented to; the widget never gets more. */
  permissions?: WidgetPermissions;
}

/**
 * The trust of a widget type, from the dashboard config only. What the widget claims in its own
 * metadata (`trustLevel`) is ignored. An explicit `dashboard.trust.widgets` entry wins; otherwise a
 * widget installed from a registry gets what was recorded at install (written to the config's
 * `dashboard.widgets` by the installer; never `enterprise`); otherwise the default. `verified` also
 * needs a signature the registry checked (MCP-WP-4.2.9, 11.4.8); without one it is lowered to `community`.
 */
export function resolveTrust(
  widgetType: string,
  settings: Pick<DashboardPolicySettings, 'trust'>,
  options: { signatureVerified?: boolean; installed?: InstalledWidgetTrust } = {},
): ResolvedTrust & { grant?: WidgetTrustGrant; cap?: WidgetPermissions } {
  const grant = Object.prototype.hasOwnProperty.call(settings.trust.widgets, widgetType)
    ? settings.trust.widgets[widgetType]
    : undefined;
  const installed = options.installed;
  if (!grant && installed) {
    const claimed = installed.trustLevel === 'enterprise' ? 'verified' : installed.trustLevel;
    const level = claimed === 'verified' && !options.signatureVerified ? 'community' : claimed;
    const cap = installed.permissions ?? {};
    return {
      level,
      cap,
      reason: `installed from a registry with your consent; trust "${level}" as recorded at install${level === 'verified' ? ' (signature checked against a pinned publisher key)' : ''}; at most the permissions you consented to`,
    };
  }
  if (!grant) {
    return {
      level: settings.trust.default,
      reason: `the dashboard config does not name widget type "${widgetType}"; it gets the default trust "${settings.trust.default}"`,
    };
  }
  const cap = grant.permissions ?? installed?.permissions;
  if (grant.level === 'verified' && !options.signatureVerified) {
    return {
      level: 'community',
      grant,
      ...(cap ? { cap } : {}),
      reason: `the config grants "verified", but the widget's code signature was not verified (MCP-WP-11.4.8), so it runs as "community"`,
    };
  }
  return {
    level: grant.level,
    grant,
    ...(cap ? { cap } : {}),
    reason: `granted "${grant.level}" by the dashboard config`,
  };
}

/**
 * Effective permissions (MCP-WP-11.4.2–11.4.4): a widget gets only what it declared, only as far as
 * its trust level allows, and only within the config's cap. Undeclared means denied.
 */
export function effectivePermissions(
  declared: WidgetPermissions | undefined,
  level: TrustLevel,
  cap?: WidgetPermissions,
): EffectivePermissions {
  if (!declared || typeof declared !== 'object' || level === 'untrusted')
    return { ...NO_PERMISSIONS, networkDomains: [] };
  const row = TRUST_TABLE[level];
  const ops = declared.mcpOperations ?? {};
  const capOps = cap?.mcpOperations;
  const op = (name: keyof NonNullable<WidgetPermissions['mcpOperations']>) =>
    ops[name] === true && (capOps === undefined || capOps[name] === true);
  const flag = (name: 'clipboard' | 'notifications') =>
    declared[name] === true && (cap === undefined || cap[name] === true);
  const declaredStorage = STORAGE_ORDER.includes(declared.storage as never) ? declared.storage : 'none';
  const domains = Array.isArray(declared.network?.domains)
    ? declared.network!.domains.filter((d): d is string => typeof d === 'string')
    : [];
  const capDomains = cap?.network?.domains;
  return {
    invokeTool: op('invokeTool'),
    readResource: op('readResource'),
    getPrompt: op('getPrompt'),
    subscribeToUpdates: op('subscribeToUpdates'),
    storage: minStorage(declaredStorage, row.storage, cap ? (cap.storage ?? 'none') : undefined),
    clipboard: flag('clipboard'),
    notifications: flag('notifications'),
    networkDomains: row.network === 'none' ? [] : capDomains ? domains.filter((d) => capDomains.includes(d)) : domains,
    ...communication(declared.widgetCommunication, cap),
  };
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/** Declared ∩ cap; a list absent on one side is the other side's list (absent on both = any). */
function narrow(declared: string[] | undefined, cap: string[] | undefined): string[] | undefined {
  if (declared && cap) return declared.filter((d) => cap.includes(d));
  return declared ?? cap;
}

/** MCP-WP-6.5.6/6.5.7: what a widget may send and receive, within the config's cap. */
function communication(
  declared: WidgetPermissions['widgetCommunication'],
  cap?: WidgetPermissions,
): Pick<EffectivePermissions, 'widgetCommunication'> {
  if (!declared || typeof declared !== 'object') return {};
  const limit = cap ? cap.widgetCommunication : undefined;
  if (cap && !limit) return {};
  const targets = narrow(stringList(declared.allowedTargets), stringList(limit?.allowedTargets));
  const sources = narrow(stringList(declared.allowedSources), stringList(limit?.allowedSources));
  return {
    widgetCommunication: {
      canSend: declared.canSend === true && (limit === undefined || limit.canSend === true),
      canReceive: declared.canReceive === true && (limit === undefined || limit.canReceive === true),
      ...(targets ? { allowedTargets: targets } : {}),
      ...(sources ? { allowedSources: sources } : {}),
    },
  };
}
