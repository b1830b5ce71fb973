// The registry code (manifests, signatures, semver, the Widgets panel) is not needed for the first
// paint: the dashboard loads it once the cards have started, then syncs installed widgets as before.

import type { HostServices } from '../services/host-services.js';
import type { RegistryHost } from './registry-host.js';
import type {} from './consent-dialog.js';

/** Loads and creates the registry host; undefined (after telling the user) when its code cannot be loaded. */
export async function loadRegistryHost(
  services: HostServices,
  root: ParentNode,
  dbName: string | undefined,
): Promise<RegistryHost | undefined> {
  let RegistryHostClass: typeof RegistryHost;
  try {
    [{ RegistryHost: RegistryHostClass }] = await Promise.all([
      import('./registry-host.js'),
      import('./consent-dialog.js'),
      import('./widget-store.js'),
    ]);
  } catch (error) {
    services.a11y.announce(
      `The Widgets panel could not be loaded (${(error as Error).message}). Reload the page to install or update widgets.`,
      'assertive',
    );
    return undefined;
  }
  const consent = root.querySelector('mcp-consent-dialog')!;
  consent.a11y = services.a11y;
  consent.i18n = services.i18n;
  return new RegistryHostClass({
    services,
    dbName,
    cards: () => [...root.querySelectorAll('mcp-widget-card')],
    consent: (request) => consent.open(request),
    // MCP-WP-16.6.3: refused packages (integrity, signature, downgrade…) go to the audit log too.
    onSecurityEvent: (event) =>
      void services.policy.audit.record({
        kind: 'security-event',
        callerId: 'registry',
        outcome: event.kind,
        detail: [
          event.packageName && `${event.packageName}${event.version ? `@${event.version}` : ''}`,
          event.message,
          event.url,
        ]
          .filter(Boolean)
          .join(' — '),
      }),
  });
}
