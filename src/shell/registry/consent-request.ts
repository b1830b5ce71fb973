// What the consent dialog is asked to show for a plan (MCP-WP-11.4.5, 11.4.7).

import type { InstalledWidgetConfig } from '../../core/shared/config/registry-config-schema.js';
import { addedPermissions, describePermissions, type InstallPlan } from '../../../registry-client/index.js';
import type { ConsentRequest } from './registry-host-types.js';

/**
 * The consent request for installing or updating to `plan`: its trust, signature and permissions
 * (new ones marked for an update), its dependencies, and the servers it may be used for with
 * `defaults` checked.
 */
export function consentRequest(
  plan: InstallPlan,
  kind: ConsentRequest['kind'],
  current: InstalledWidgetConfig | undefined,
  servers: string[],
  defaults: string[],
): ConsentRequest {
  const m = plan.root.manifest;
  return {
    kind,
    name: m.name,
    displayName: m.displayName ?? m.name,
    version: m.version,
    fromVersion: current?.version,
    trustLevel: plan.root.trustLevel,
    signature: plan.root.signature,
    permissions: describePermissions(m.permissions),
    added: current ? addedPermissions(current.permissions, m.permissions) : [],
    dependencies: plan.packages.slice(0, -1).map((p) => `${p.manifest.name}@${p.manifest.version}`),
    servers: servers.map((s) => ({ name: s, checked: defaults.includes(s) })),
  };
}
