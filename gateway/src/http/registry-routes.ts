import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DashboardConfig } from '../../../src/core/shared/config/config-schema.js';
import type { RegistryDashboardConfig } from '../../../src/core/shared/config/registry-config-schema.js';
import { ConfigFileError } from '../config/config.js';
import {
  checkInstalledEntry,
  checkWidgetName,
  editInstalledWidgets,
  readRegistrySection,
} from '../config/widget-config-file.js';

type Send = (res: ServerResponse, status: number, value: unknown) => void;
type ReadBody = (
  req: IncomingMessage,
) => Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }>;

/** Origins the page must be allowed to fetch from: every configured registry and its bundle origins. */
export function registryOrigins(config: DashboardConfig): string[] {
  const section = (config.dashboard ?? {}) as RegistryDashboardConfig;
  const origins = new Set<string>();
  for (const registry of section.registries ?? []) {
    for (const url of [registry.url, ...(registry.bundleOrigins ?? [])]) {
      try {
        origins.add(new URL(url).origin);
      } catch {
        // invalid URLs were refused by the schema
      }
    }
  }
  return [...origins];
}

/**
 * `/api/registry` (token-protected): the registries and pinned publisher keys from the config the
 * gateway started with (the page's CSP was built from the same list), and the installed widgets read
 * fresh from the file. `POST`/`DELETE /api/registry/widgets/<name>` record an install or an uninstall
 * in `dashboard.widgets` (MCP-WP-16.4.1 step 8, 16.8.1 step 1). Returns false for other paths.
 */
export async function handleRegistryRoute(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  options: { config: DashboardConfig; configFile: string; sendJson: Send; readBody: ReadBody },
): Promise<boolean> {
  const { sendJson, configFile } = options;
  const started = (options.config.dashboard ?? {}) as RegistryDashboardConfig;
  const fail = (error: unknown) => {
    const message =
      error instanceof ConfigFileError ? error.message : `Could not update ${configFile}: ${(error as Error).message}`;
    sendJson(res, error instanceof ConfigFileError ? 409 : 500, { error: message });
  };
  if (path === '/api/registry' && req.method === 'GET') {
    try {
      const current = await readRegistrySection(configFile);
      sendJson(res, 200, {
        registries: started.registries ?? [],
        publisherKeys: started.publisherKeys ?? [],
        widgetUpdates: started.widgetUpdates ?? {},
        widgets: current.widgets ?? {},
        configFile,
      });
    } catch (error) {
      fail(error);
    }
    return true;
  }
  const match = /^\/api\/registry\/widgets\/(.+)$/.exec(path);
  if (!match) return false;
  let name: string;
  try {
    name = decodeURIComponent(match[1]!);
  } catch {
    sendJson(res, 400, { error: 'The widget name in the URL is not valid.' });
    return true;
  }
  if (req.method === 'POST') {
    const body = await options.readBody(req);
    if (!body.ok) {
      sendJson(res, body.status, { error: body.message });
      return true;
    }
    const problem = checkInstalledEntry(name, body.value);
    if (problem) {
      sendJson(res, 400, { error: problem });
      return true;
    }
    try {
      const widgets = await editInstalledWidgets(configFile, (w) => {
        w[name] = body.value as (typeof w)[string];
      });
      sendJson(res, 200, { widgets });
    } catch (error) {
      fail(error);
    }
    return true;
  }
  if (req.method === 'DELETE') {
    const badName = checkWidgetName(name);
    if (badName) {
      sendJson(res, 400, { error: badName });
      return true;
    }
    try {
      let installed = false;
      const widgets = await editInstalledWidgets(configFile, (w) => {
        installed = Object.prototype.hasOwnProperty.call(w, name);
        if (!installed) return false;
        delete w[name];
      });
      // Removing what is not there changes nothing, and the file is not rewritten.
      sendJson(res, 200, { widgets, changed: installed });
    } catch (error) {
      fail(error);
    }
    return true;
  }
  sendJson(res, 405, { error: 'Method not allowed.' });
  return true;
}
