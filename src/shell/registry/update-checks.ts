// The periodic check of installed widgets for updates (MCP-WP-16.5.1, 16.5.2).

import {
  checkForUpdates,
  RegistryError,
  type RegistryClient,
  type UpdateCheck,
} from '../../../registry-client/index.js';
import type { InstalledWidgetView } from './registry-host-types.js';

/** How the check applies an automatic (patch) update and finds a widget's view afterwards. */
export interface UpdateCheckHooks {
  /** Applies `version` without asking; 'needs-consent' when it asks for new permissions. */
  applyAuto: (name: string, version: string) => Promise<'updated' | 'needs-consent' | 'declined'>;
  /** The widget's view as it is now (an update replaces it). */
  latest: (name: string) => InstalledWidgetView | undefined;
}

/**
 * Checks each installed widget against its registry and records the outcome on its view: patch
 * releases are applied, the rest offered; a registry offering only older versions is reported as a
 * possible rollback attack.
 */
export async function checkInstalledForUpdates(
  client: RegistryClient,
  installed: InstalledWidgetView[],
  hooks: UpdateCheckHooks,
): Promise<void> {
  for (const view of installed) {
    const { name, entry } = view;
    let check: UpdateCheck;
    try {
      const source = client.registries.byUrl(entry.registry);
      check = checkForUpdates(entry.version, source ? await source.versions(name) : await client.versions(name));
    } catch (error) {
      view.update = { checkedAt: Date.now(), error: (error as Error).message };
      continue;
    }
    view.update = { ...check, checkedAt: Date.now() };
    if (check.downgrade) {
      client.report(
        new RegistryError(
          'downgrade',
          `The registry now offers ${name} ${check.downgrade} as its newest version, older than the installed ${entry.version}. That looks like a rollback attack; nothing was changed.`,
          name,
          check.downgrade,
        ),
      );
    }
    if (check.auto) {
      try {
        const result = await hooks.applyAuto(name, check.auto);
        const latest = hooks.latest(name);
        if (latest && result === 'needs-consent') {
          latest.update = {
            checkedAt: Date.now(),
            offer: check.offer ?? { version: check.auto, kind: 'patch' },
            needsConsent: `${check.auto} asks for new permissions, so it was not applied automatically.`,
          };
        } else if (latest) latest.update = { ...check, auto: undefined, checkedAt: Date.now() };
      } catch (error) {
        const latest = hooks.latest(name);
        if (latest)
          latest.update = { ...check, auto: undefined, checkedAt: Date.now(), error: (error as Error).message };
      }
    }
  }
}
