import type { HostServices } from './host-services.js';
import { RootsStore } from '../../core/roots/roots-store.js';

/**
 * A dialog whose module is loaded the first time it is needed: sampling and elicitation are rare,
 * and their forms and renderers (with DOMPurify) are not part of the initial bundle
 * (docs/decisions/startup-initial-bundle.md). `configure` runs once, after the element is upgraded.
 */
function lazyDialog<K extends 'mcp-sampling-dialog' | 'mcp-elicitation-dialog' | 'mcp-url-elicitation-dialog'>(
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
 * reply), elicitation (a form, or a page to open for URL mode and -32042) and roots (each server's
 * own list from its Roots editor, plus the `mcp.roots` preference for every server).
 * The dialogs are found in `root` (the dashboard's shadow root); their code loads on first use.
 */
export function installClientFeatures(services: HostServices, root: ParentNode): () => void {
  if (root.querySelector('mcp-sampling-dialog')) {
    const sampling = lazyDialog(
      root,
      'mcp-sampling-dialog',
      () => import('../dialogs/sampling-dialog.js'),
      (dialog) => {
        dialog.a11y = services.a11y;
        dialog.i18n = services.i18n;
      },
    );
    services.bridge.setSamplingHandler(async (serverName, request, origin, signal) =>
      (await sampling()).ask(serverName, request, origin, signal),
    );
  }
  if (root.querySelector('mcp-elicitation-dialog')) {
    const elicitation = lazyDialog(
      root,
      'mcp-elicitation-dialog',
      () => import('../dialogs/elicitation-dialog.js'),
      (dialog) => {
        dialog.a11y = services.a11y;
        dialog.i18n = services.i18n;
        dialog.validator = services.validator;
      },
    );
    services.bridge.setElicitationHandler(async (serverName, request, signal) =>
      (await elicitation()).ask(serverName, request, signal),
    );
  }
  const offs: Array<() => void> = [];
  if (root.querySelector('mcp-url-elicitation-dialog')) {
    const urlDialog = lazyDialog(
      root,
      'mcp-url-elicitation-dialog',
      () => import('../dialogs/url-elicitation-dialog.js'),
      (dialog) => {
        dialog.a11y = services.a11y;
        dialog.i18n = services.i18n;
      },
    );
    services.bridge.setUrlElicitationHandler(async (request, signal) => (await urlDialog()).ask(request, signal));
    offs.push(
      services.bus.on('mcp:elicitation:complete', (d: { serverName: string; elicitationId: string }) => {
        void urlDialog().then((dialog) => dialog.completed(d.serverName, d.elicitationId));
      }),
    );
  }
  const roots = new RootsStore(services.configuration);
  services.bridge.setRootsSource(roots);
  offs.push(roots.onChange((serverName) => void services.bridge.notifyRootsChanged(serverName)));
  return () => offs.forEach((off) => off());
}
