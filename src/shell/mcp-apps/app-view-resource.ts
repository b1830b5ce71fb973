// The first step of a view: its `ui://` resource, and which of the CSP entries it declares the host accepts.

import { validateAppCsp, type AppCsp } from '../../core/shared/mcp-apps/csp.js';
import { extractUiResource, type UiResource } from '../../core/mcp-apps/ui-resource.js';
import type { CallerContext } from '../../core/shared/types.js';
import type { AppViewServices } from './app-view-services.js';

/** A view's resource, the CSP the host grants it, and the declared entries it refused, in words. */
export interface ViewResource {
  resource: UiResource;
  csp: AppCsp;
  cspRejections: string[];
}

/**
 * Reads the view's resource from its server and checks its declared CSP: entries that name the gateway
 * or the sandbox, or are not allowed at all, are refused (and logged).
 */
export async function readViewResource(
  services: AppViewServices,
  serverName: string,
  resourceUri: string,
  caller: CallerContext,
): Promise<ViewResource> {
  const listed = services.bridge.getServer(serverName)?.info?.resources.find((r) => r.uri === resourceUri);
  // The view's own HTML, read for whoever opened it (a widget, the user's pinned tile, an agent).
  const contents = await services.bridge.readResource(serverName, resourceUri, {
    caller: { surface: caller.surface, id: caller.id },
  });
  const resource = extractUiResource(contents, resourceUri, listed);
  const validated = validateAppCsp(resource.csp, { forbiddenOrigins: services.forbiddenOrigins() });
  if (validated.rejected.length)
    console.warn(`[mcp-dashboard] ${resourceUri}: CSP entries refused`, validated.rejected);
  return {
    resource,
    csp: validated.csp,
    cspRejections: validated.rejected.map((r) => `${r.list}: ${r.entry} \u2014 ${r.reason}`),
  };
}
