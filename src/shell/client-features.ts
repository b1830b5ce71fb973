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
 * A dialog whose module is loaded the first time it is needed: sampling and elicitation are rare,
 * and their forms and renderers (with DOMPurify) are not part of the initial bundle
 * (docs/decisions.md, "Bundle size"). `configure` runs once, after the element is upgraded.
 */
function lazyDialog<K extends 'mcp-sampling-dialog' | 'mcp-elicitation-dialog'>(
  root: ParentNode,
  tag: K,
  load: () => Promise<unknown>,
  configure: (dialog: HTMLElementTagNameMap[K]) => void,
): () => Promise<HTMLElementTagNameMap[K]> {
  let ready: Promise<HTMLElementTagNameMap[K]> | undefined;
  return () => {
    ready ??= load().then(
      async () => {
        await customElements.whenDefined(tag);
        const dialog = root.querySelector(tag)!;
        configure(dialog);
        return dialog;
      },
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };
}

/**
 * Answers what servers ask of the dashboard as an MCP client: sampling (the person writes the
 * reply), elicitation (a form) and roots (none unless the user configured `mcp.roots`).
 * The dialogs are found in `root` (the dashboard's shadow root); their code loads on first use.
 */
export function installClientFeatures(services: HostServices, root: ParentNode): () => void {
  if (root.querySelector('mcp-sampling-dialog')) {
    const sampling = lazyDialog(root, 'mcp-sampling-dialog', () => import('./sampling-dialog.js'), (dialog) => {
      dialog.a11y = services.a11y;
      dialog.i18n = services.i18n;
    });
    services.bridge.setSamplingHandler(async (serverName, request, origin) => (await sampling()).ask(serverName, request, origin));
  }
  if (root.querySelector('mcp-elicitation-dialog')) {
    const elicitation = lazyDialog(root, 'mcp-elicitation-dialog', () => import('./elicitation-dialog.js'), (dialog) => {
      dialog.a11y = services.a11y;
      dialog.i18n = services.i18n;
      dialog.validator = services.validator;
    });
    services.bridge.setElicitationHandler(async (serverName, request) => (await elicitation()).ask(serverName, request));
  }
  services.bridge.setRootsProvider(() => configuredRoots(services.configuration.get('mcp.roots')));
  const off = services.configuration.onChange('mcp.roots', () => void services.bridge.notifyRootsChanged());
  return off;
}
