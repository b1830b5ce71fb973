// What the dashboard declares about itself as an MCP client in `initialize`.

/**
 * Capabilities the dashboard declares as an MCP client (so servers offer sampling/elicitation/roots features):
 * URL-mode elicitation, and tasks (MCP 2025-11-25) — the dashboard runs a server's sampling and
 * elicitation requests as tasks when asked, and lists and cancels them.
 */
export const CLIENT_CAPABILITIES = {
  sampling: {},
  elicitation: { form: {}, url: {} },
  roots: { listChanged: true },
  tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
} as const;

/** The capabilities sent in `initialize`: a fresh copy of {@link CLIENT_CAPABILITIES} plus the extensions. */
export function clientCapabilities(): Record<string, unknown> {
  // MCP Apps (SEP-1865) is negotiated as an extension: servers may only offer ui:// views to hosts that say so.
  return {
    ...structuredClone(CLIENT_CAPABILITIES),
    extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
  };
}
