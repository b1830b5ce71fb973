// The host's AppBridge for one view: what it offers the app, its request handlers, the app's
// notifications routed to the view, and the connection to the sandbox proxy.

import type { AppBridge, McpUiHostCapabilities, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppCsp } from '../../core/shared/mcp-apps/csp.js';
import { sandboxProxyUrl } from '../../core/shared/mcp-apps/sandbox-origin.js';
import type { BridgeCode } from './app-view-loader.js';
import type { AppView } from './app-view.js';

/** What the view does when its app reports in. */
export interface ViewBridgeEvents {
  /** The sandbox proxy is up: the view's HTML goes to it now. */
  sandboxReady(): void;
  /** The app finished `ui/initialize`. */
  initialized(): void;
  /** The app reported its size (`ui/notifications/size-changed`). */
  sizeChanged(params: { width?: number; height?: number }): void;
}

/**
 * The bridge for `view`, from the lazily loaded `code`. The app's log messages become the view's notes
 * (and `mcp:app:log`); its request to be torn down closes the view.
 */
export function createViewBridge(
  view: AppView,
  code: BridgeCode,
  options: { capabilities: McpUiHostCapabilities; context: McpUiHostContext; events: ViewBridgeEvents },
): AppBridge {
  const { events } = options;
  // No MCP client is handed over: every request goes through the handlers below, which enforce
  // the app rules and route tool calls through the host's invoker.
  const bridge = new code.AppBridge(null, view.services.hostInfo, options.capabilities, {
    hostContext: { ...options.context },
  });
  code.installViewRequestHandlers(view, bridge);
  bridge.addEventListener('sandboxready', () => events.sandboxReady());
  bridge.addEventListener('initialized', () => events.initialized());
  bridge.addEventListener('sizechange', (params) => events.sizeChanged(params));
  bridge.addEventListener('requestteardown', () => void view.close('The app asked to close.'));
  bridge.addEventListener('loggingmessage', (params) => {
    view.note(
      'log',
      `${params.level}: ${typeof params.data === 'string' ? params.data : JSON.stringify(params.data)}`,
      () =>
        view.services.bus.emit('mcp:app:log', {
          serverName: view.serverName,
          viewId: view.id,
          level: params.level,
          logger: params.logger,
          data: params.data,
        }),
    );
  });
  return bridge;
}

/**
 * Connects the bridge to the sandbox proxy in `iframe` (messages from any other origin are dropped),
 * then loads the proxy page into it.
 */
export async function connectViewFrame(
  bridge: AppBridge,
  code: BridgeCode,
  iframe: HTMLIFrameElement,
  options: { sandboxOrigin: string; hostOrigin: string; csp: AppCsp; viewId: string },
): Promise<void> {
  const { sandboxOrigin, viewId } = options;
  const transport = new code.OriginBoundTransport(iframe.contentWindow!, sandboxOrigin, (dropped) => {
    console.warn(`[mcp-dashboard] dropped a message from view ${viewId}: origin ${dropped.origin}`);
  });
  // The listener (inside connect) exists before the proxy page is requested.
  await bridge.connect(transport);
  iframe.src = sandboxProxyUrl(sandboxOrigin, { hostOrigin: options.hostOrigin, csp: options.csp, view: viewId });
}
