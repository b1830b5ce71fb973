// The pieces of an MCP App view's frame: the outer iframe, the host capabilities and the host context.

import type { McpUiHostCapabilities, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppCsp } from '../../core/shared/mcp-apps/csp.js';
import { buildHostContext, containerDimensionsFor } from '../../core/mcp-apps/host-context.js';
import { OUTER_SANDBOX, type PermissionDecision } from '../../core/mcp-apps/sandbox-policy.js';
import type { DisplayMode } from '../../core/mcplet/display-mode.js';
import type { MCPTool } from '../../core/shared/types.js';
import type { AppViewServices } from './app-view-services.js';

/** The outer iframe (on the sandbox origin once its `src` is set): sandboxed, no referrer, titled for screen readers. */
export function createViewIframe(options: {
  title: string;
  serverName: string;
  viewId: string;
  allow: string | undefined;
}): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', OUTER_SANDBOX);
  if (options.allow) iframe.setAttribute('allow', options.allow);
  iframe.setAttribute('title', `${options.title} \u2014 MCP App from ${options.serverName}`);
  iframe.setAttribute('referrerpolicy', 'no-referrer');
  iframe.dataset.viewId = options.viewId;
  return iframe;
}

/** What the host offers the app in `ui/initialize`, with the permissions and CSP it actually grants. */
export function viewHostCapabilities(granted: PermissionDecision['granted'], csp: AppCsp): McpUiHostCapabilities {
  return {
    openLinks: {},
    downloadFile: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    message: { text: {} },
    // The person writes the reply in the sampling dialog (the dashboard has no model); no tool use.
    sampling: {},
    updateModelContext: { text: {}, structuredContent: {} },
    sandbox: { permissions: granted, csp },
  };
}

/** The host context for a view now: theme, styles, display mode, container size, locale and device. */
export function viewHostContext(
  services: AppViewServices,
  tool: MCPTool,
  displayMode: DisplayMode,
  box: { width: number; height: number },
): McpUiHostContext {
  const theme = services.themeContext();
  return buildHostContext({
    tool,
    theme: theme.theme,
    styles: theme.styles,
    displayMode,
    availableDisplayModes: services.hostDisplayModes,
    containerDimensions: containerDimensionsFor(displayMode, box, services.limits),
    locale: services.locale?.() ?? (navigator.language || 'en'),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    userAgent: `${services.hostInfo.name}/${services.hostInfo.version}`,
    deviceCapabilities: { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
  });
}
