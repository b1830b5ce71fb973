import type { HostServices } from './host-services.js';

/** A root the user configured under `mcp.roots` (a preference), e.g. `{ uri: 'file:///home/me/notes' }`. */
export interface ConfiguredRoot {
  uri: string;
  name?: string;
}

/** The roots from Configuration, keeping only well-formed `file://` entries. */
export function configuredRoots(value: unknown): ConfiguredRoot[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((r): r is ConfiguredRoot => !!r && typeof r === 'object' && typeof (r as ConfiguredRoot).uri === 'string' && (r as ConfiguredRoot).uri.startsWith('file://'))
    .map((r) => (typeof r.name === 'string' ? { uri: r.uri, name: r.name } : { uri: r.uri }));
}

/**
 * Answers what servers ask of the dashboard as an MCP client: sampling (the person writes the
 * reply), elicitation (a form) and roots (none unless the user configured `mcp.roots`).
 * The dialogs are found in `root` (the dashboard's shadow root).
 */
export function installClientFeatures(services: HostServices, root: ParentNode): () => void {
  const sampling = root.querySelector('mcp-sampling-dialog');
  const elicitation = root.querySelector('mcp-elicitation-dialog');
  if (sampling) {
    sampling.a11y = services.a11y;
    sampling.i18n = services.i18n;
    services.bridge.setSamplingHandler((serverName, request, origin) => sampling.ask(serverName, request, origin));
  }
  if (elicitation) {
    elicitation.a11y = services.a11y;
    elicitation.i18n = services.i18n;
    elicitation.validator = services.validator;
    services.bridge.setElicitationHandler((serverName, request) => elicitation.ask(serverName, request));
  }
  services.bridge.setRootsProvider(() => configuredRoots(services.configuration.get('mcp.roots')));
  const off = services.configuration.onChange('mcp.roots', () => void services.bridge.notifyRootsChanged());
  return off;
}
