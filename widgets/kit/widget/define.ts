/** Registers a custom element once; a second call with the same tag is a no-op (MCP-WP-5.1.3). */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  if (!/^mcp-[a-z0-9-]+$/.test(tag)) throw new Error(`Element name "${tag}" must start with "mcp-" (MCP-WP-5.1.2).`);
  if (!customElements.get(tag)) customElements.define(tag, ctor);
}
