/**
 * The MCP SDK's client side (Client, transports, and zod through its schemas) is the largest part of
 * the page's code. It is loaded with the first connection instead of with the page, so the dashboard
 * paints first (docs/decisions/startup-initial-bundle.md). One load serves every server; a failed load is
 * retried on the next connection.
 */
export type McpClientSdk = typeof import('@modelcontextprotocol/client');

let loading: Promise<McpClientSdk> | undefined;

/** The SDK module, loaded once. */
export function loadMcpClientSdk(): Promise<McpClientSdk> {
  loading ??= import('@modelcontextprotocol/client').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
