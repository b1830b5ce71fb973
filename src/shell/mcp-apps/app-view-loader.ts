// The host side of the MCP Apps protocol, loaded on demand: it is not needed before a view opens.

import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { installViewRequestHandlers } from './app-view-requests.js';
import type { OriginBoundTransport } from './origin-bound-transport.js';

/** The lazily loaded code a view needs to talk to its app. */
export type BridgeCode = {
  AppBridge: typeof AppBridge;
  OriginBoundTransport: typeof OriginBoundTransport;
  installViewRequestHandlers: typeof installViewRequestHandlers;
};
let bridgeCode: Promise<BridgeCode> | undefined;

/**
 * The SDK's AppBridge and our transport on top of it, loaded once. They are not needed before a view
 * opens, so they live in their own chunk rather than the initial bundle
 * (docs/decisions/startup-initial-bundle.md); a failed load is retried by the next view.
 */
export function loadAppBridge(): Promise<BridgeCode> {
  bridgeCode ??= Promise.all([
    import('@modelcontextprotocol/ext-apps/app-bridge'),
    import('./origin-bound-transport.js'),
    import('./app-view-requests.js'),
  ]).then(
    ([sdk, transport, requests]) => ({
      AppBridge: sdk.AppBridge,
      OriginBoundTransport: transport.OriginBoundTransport,
      installViewRequestHandlers: requests.installViewRequestHandlers,
    }),
    (error: unknown) => {
      bridgeCode = undefined;
      throw error;
    },
  );
  return bridgeCode;
}
