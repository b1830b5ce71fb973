// What the dashboard declares about itself as an MCP client in `initialize`.

/** Capabilities the dashboard declares as an MCP client (so servers offer sampling/elicitation/roots features). */
export const CLIENT_CAPABILITIES = { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } } as const;

/** The capabilities sent in `initialize`: a fresh copy of {@link CLIENT_CAPABILITIES} plus the extensions. */
export function clientCapabilities(): Record<string, unknown> {
  // MCP Apps (SEP-1865) is negotiated as an extension: servers may only offer ui:// views to hosts that say so.
  return { ...structuredClone(CLIENT_CAPABILITIES), extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
}
