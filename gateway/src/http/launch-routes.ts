import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Brand } from '../../../src/core/shared/brand/brand-schema.js';
import type { DashboardConfig } from '../../../src/core/shared/config/config-schema.js';
import { publicDashboardConfig } from '../../../src/core/shared/config/dashboard-config.js';
import type { TeamDashboard } from '../../../src/core/shared/layout/layout-types.js';
import type { ServerCatalog } from '../catalog/catalog.js';
import { RP_ID } from '../passkey/fido2-server.js';
import type { ServerRouter } from '../relay/server-router.js';
import { launchRefusalMessage, type Access } from './access.js';
import { readBody, sendJson, sendJsonText } from './http-io.js';

/** What the start-up reads are made from. */
export interface StartupSources {
  config: DashboardConfig;
  servers: Map<string, ServerRouter>;
  catalog: ServerCatalog;
  brand: Brand | null | undefined;
  layouts: TeamDashboard[] | undefined;
}

/**
 * What a page reads at start-up (src/core/shared/gateway-api/startup-reads.ts), as JSON text: each is
 * a GET route with the bearer, and all of them come with a launch exchange that asks for them.
 */
export function startupReads(sources: StartupSources): Map<string, () => string> {
  return new Map<string, () => string>([
    [
      '/api/servers',
      () =>
        JSON.stringify({
          servers: [...sources.servers.values()].map((s) => ({
            ...s.summary(),
            catalogState: sources.catalog.state(s.name),
          })),
        }),
    ],
    ['/api/catalog', () => sources.catalog.body()],
    ['/api/layouts', () => JSON.stringify({ dashboards: sources.layouts ?? [] })],
    ['/api/brand', () => JSON.stringify({ brand: sources.brand ?? null })],
    // The non-secret policy part of the config's `dashboard` object (no store paths, no verifier list).
    ['/api/dashboard-config', () => JSON.stringify(publicDashboardConfig(sources.config.dashboard, { rpId: RP_ID }))],
  ]);
}

/** `POST /api/launch/exchange`: the page spends its launch code for its access token (see access.ts). */
export function launchExchange(
  access: Access,
  reads: Map<string, () => string>,
): (req: IncomingMessage, res: ServerResponse, cors: Record<string, string>) => Promise<void> {
  return async (req, res, cors) => {
    const parsed = await readBody(req);
    if (!parsed.ok) {
      sendJson(res, parsed.status, { error: parsed.message }, cors);
      return;
    }
    const result = access.exchange((parsed.value as { code?: unknown } | null)?.code);
    if (!result.ok) {
      sendJson(res, 401, { error: launchRefusalMessage(result.reason), reason: result.reason }, cors);
      return;
    }
    // A page may ask for its start-up reads with the exchange (one round trip before its code runs).
    const startup = (parsed.value as { startup?: unknown } | null)?.startup === true;
    const body = startup
      ? `,"startup":{${[...reads].map(([path, read]) => `${JSON.stringify(path)}:${read()}`).join(',')}}`
      : '';
    sendJsonText(res, 200, `{"token":${JSON.stringify(result.token)}${body}}`, cors);
  };
}
