import type { DashboardPolicySettings } from '../shared/config/dashboard-config.js';
import type { TrustLevel, WidgetPermissions } from '../shared/types.js';
import {
  effectivePermissions,
  NO_PERMISSIONS,
  resolveTrust,
  type EffectivePermissions,
  type InstalledWidgetTrust,
} from './trust.js';

/** What the host granted one widget instance. */
export interface WidgetGrant {
  widgetId: string;
  widgetType: string;
  serverName: string;
  trust: TrustLevel;
  trustReason: string;
  /** What the widget itself claimed (`widget.trustLevel`); shown, never used. */
  claimedTrust?: string;
  declared?: WidgetPermissions;
  /** The most the widget may get (config grant cap, or the permissions consented to at install). */
  cap?: WidgetPermissions;
  permissions: EffectivePermissions;
}

/** An operation a widget may attempt through its dependencies. */
export type GatedOperation =
  | 'invokeTool'
  | 'readResource'
  | 'getPrompt'
  | 'subscribeToUpdates'
  | 'discover'
  | 'createMessage'
  | 'storage'
  | 'clipboard'
  | 'notifications';

/** A refused operation, with the reason shown to the user and written to the audit log. */
export class PermissionDeniedError extends Error {
  constructor(
    readonly widgetId: string,
    readonly operation: GatedOperation,
    reason: string,
  ) {
    super(reason);
    this.name = 'PermissionDeniedError';
  }
}

/**
 * The grants of every live widget, by widget id. Trust comes from the dashboard config; permissions
 * are what the widget declared (in the metadata its factory returns) within what its trust allows.
 * Until the factory has returned, a widget has nothing (MCP-WP-11.4.2).
 */
export class WidgetGrants {
  private readonly grants = new Map<string, WidgetGrant>();

  constructor(private settings: () => DashboardPolicySettings) {}

  /** Registers a widget before its factory runs: trust is known, permissions are none yet. */
  register(
    widgetId: string,
    widgetType: string,
    serverName: string,
    options: { signatureVerified?: boolean; installed?: InstalledWidgetTrust } = {},
  ): WidgetGrant {
    const trust = resolveTrust(widgetType, this.settings(), options);
    const grant: WidgetGrant = {
      widgetId,
      widgetType,
      serverName,
      trust: trust.level,
      trustReason: trust.reason,
      ...(trust.cap ? { cap: trust.cap } : {}),
      permissions: { ...NO_PERMISSIONS, networkDomains: [] },
    };
    this.grants.set(widgetId, grant);
    return grant;
  }

  /** Applies what the widget's metadata declared (after its factory returned). */
  declare(widgetId: string, declared: WidgetPermissions | undefined, claimedTrust?: unknown): WidgetGrant | undefined {
    const grant = this.grants.get(widgetId);
    if (!grant) return undefined;
    const cap = grant.cap;
    grant.declared = declared;
    grant.claimedTrust = typeof claimedTrust === 'string' ? claimedTrust : undefined;
    grant.permissions = effectivePermissions(declared, grant.trust, cap);
    return grant;
  }

  /** Drops a widget's grant (it was destroyed). */
  revoke(widgetId: string): WidgetGrant | undefined {
    const grant = this.grants.get(widgetId);
    this.grants.delete(widgetId);
    return grant;
  }

  /** The grant of a widget, if it is live. */
  get(widgetId: string): WidgetGrant | undefined {
    return this.grants.get(widgetId);
  }

  /** Every live grant. */
  list(): WidgetGrant[] {
    return [...this.grants.values()];
  }

  /** Throws PermissionDeniedError unless the widget may perform `operation` (on `serverName`, if given). */
  check(widgetId: string, operation: GatedOperation, serverName?: string): WidgetGrant {
    const grant = this.grants.get(widgetId);
    if (!grant)
      throw new PermissionDeniedError(
        widgetId,
        operation,
        `Widget "${widgetId}" is not known to the dashboard; it may do nothing.`,
      );
    if (grant.trust === 'untrusted') {
      throw new PermissionDeniedError(
        widgetId,
        operation,
        `Widget "${widgetId}" is untrusted, so "${operation}" is blocked (MCP-WP-11.4.4). ${grant.trustReason}.`,
      );
    }
    if (serverName !== undefined && serverName !== grant.serverName) {
      throw new PermissionDeniedError(
        widgetId,
        operation,
        `Widget "${widgetId}" belongs to server "${grant.serverName}" and may not use "${serverName}".`,
      );
    }
    const p = grant.permissions;
    const allowed: Record<GatedOperation, boolean> = {
      invokeTool: p.invokeTool,
      readResource: p.readResource,
      getPrompt: p.getPrompt,
      subscribeToUpdates: p.subscribeToUpdates,
      discover: true,
      createMessage: p.invokeTool,
      storage: p.storage !== 'none',
      clipboard: p.clipboard,
      notifications: p.notifications,
    };
    if (!allowed[operation]) {
      const what =
        operation === 'storage'
          ? 'permissions.storage ("session" or "persistent")'
          : operation === 'clipboard' || operation === 'notifications'
            ? `permissions.${operation}`
            : `permissions.mcpOperations.${operation === 'createMessage' ? 'invokeTool' : operation}`;
      throw new PermissionDeniedError(
        widgetId,
        operation,
        `Widget "${widgetId}" has no permission for "${operation}" (it must declare ${what}, and its trust must allow it; MCP-WP-11.4.2).`,
      );
    }
    return grant;
  }
}
