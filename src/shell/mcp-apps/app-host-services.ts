// What every MCP App view needs from the page, made once by the AppHost from its options.

import { DEFAULT_CONTAINER_LIMITS } from '../../core/mcp-apps/host-context.js';
import { sandboxOriginOf } from '../../core/shared/mcp-apps/sandbox-origin.js';
import { DISPLAY_MODES } from '../../core/mcplet/display-mode.js';
import { languageOf } from '../../core/services/i18n.js';
import { appStyleVariables, appThemeFor } from '../../../theme/app-style-variables.js';
import type { AppHostOptions } from './app-host.js';
import type { AppViewServices, LinkRequest } from './app-view-services.js';
import type { DownloadRequest } from './download/download-dialog.js';
import type { DomainClaims } from './app-origins.js';
import type { AppPermissions, PermissionAnswer, PermissionRequest } from './permissions/app-permissions.js';

/**
 * The views' services: the page's bus, bridge and invoker, the sandbox origin (asked of the gateway by
 * `page.sandbox`: a public origin when it names one, else the loopback rule of sandbox-origin.ts), the origins a view's CSP may never name, theme, locale, limits and timeouts.
 * Links go to `page.confirmLink`, files an app hands over to `page.confirmDownload`.
 */
export function appViewServices(
  options: AppHostOptions,
  page: {
    sandbox(): Promise<{ port: number; origin?: string }>;
    confirmLink(request: LinkRequest): Promise<boolean>;
    confirmDownload(request: DownloadRequest): Promise<boolean>;
    confirmPermissions(request: PermissionRequest): Promise<PermissionAnswer>;
  },
): AppViewServices {
  const hostOrigin = options.hostOrigin ?? location.origin;
  let claims: DomainClaims | undefined;
  let permissions: Promise<AppPermissions> | undefined;
  const gatewayPort = new URL(options.gateway.baseUrl).port;
  return {
    bus: options.bus,
    bridge: options.bridge,
    invoker: options.invoker,
    hostOrigin,
    sandboxOrigin: async () => sandboxOriginOf(location.hostname, await page.sandbox()),
    viewOrigin: async (view) => {
      const [sandbox, origins] = await Promise.all([page.sandbox(), import('./app-origins.js')]);
      claims ??= new origins.DomainClaims();
      return origins.chooseViewOrigin(sandbox, sandboxOriginOf(location.hostname, sandbox), view, claims);
    },
    forbiddenOrigins: () => [
      options.gateway.baseUrl,
      `http://127.0.0.1:${gatewayPort}`,
      `http://localhost:${gatewayPort}`,
      hostOrigin,
    ],
    themeContext: () => {
      const tokens = options.theme.tokens;
      return { theme: appThemeFor(options.theme.getMode(), tokens), styles: appStyleVariables(tokens) };
    },
    confirmLink: (request) => page.confirmLink(request),
    confirmDownload: (request) => page.confirmDownload(request),
    // The browser's own download, from the download chunk (loaded with the dialog that asked).
    saveFile:
      options.saveFile ??
      ((name, bytes, type) => void import('./download/save-file.js').then((m) => m.saveWithLink(name, bytes, type))),
    openWindow: options.openWindow ?? ((url) => void window.open(url, '_blank', 'noopener,noreferrer')),
    hostInfo: { name: 'mcp-dashboard', version: '0.1.0' },
    permissions: () =>
      (permissions ??= import('./permissions/app-permissions.js').then(
        (m) => new m.AppPermissions(options.dbName ?? 'mcp-dashboard', (request) => page.confirmPermissions(request)),
      )),
    defaultDisplayMode: () => options.configuration.get('apps.displayMode') ?? 'inline',
    limits: DEFAULT_CONTAINER_LIMITS,
    teardownTimeoutMs: options.teardownTimeoutMs ?? 3000,
    startTimeoutMs: options.startTimeoutMs ?? 20_000,
    hostDisplayModes: DISPLAY_MODES,
    // The dashboard's language; the browser's full tag (with its region) when they agree.
    locale: () => {
      const browser = navigator.language || 'en';
      const chosen = options.i18n?.currentLocale;
      return !chosen || languageOf(chosen) === languageOf(browser) ? browser : chosen;
    },
    i18n: options.i18n,
  };
}
