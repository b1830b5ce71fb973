import type { HostServices } from './host-services.js';
import { RootsStore } from '../../core/roots/roots-store.js';

type ClientDialog = 'mcp-sampling-dialog' | 'mcp-elicitation-dialog' | 'mcp-url-elicitation-dialog';

/** Where the dashboard renders the dialogs servers' requests open (undefined: that request is not answered). */
export type ClientDialogs = { [K in ClientDialog]?: () => Element | undefined };

/**
 * A dialog whose module is loaded the first time it is needed: sampling and elicitation are rare,
 * and their forms and renderers (with DOMPurify) are not part of the initial bundle
 * (docs/decisions/startup-initial-bundle.md). The dialog takes what it needs from the page's contexts.
 */
function lazyDialog<K extends ClientDialog>(
  find: () => Element | undefined,
  tag: K,
  load: () => Promise<unknown>,
): () => Promise<HTMLElementTagNameMap[K]> {
  let ready: Promise<HTMLElementTagNameMap[K]> | undefined;
  return () => {
    ready ??= load().then(
      async () => {
        await customElements.whenDefined(tag);
        return find() as HTMLElementTagNameMap[K];
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
 * `dialogs` finds each dialog the dashboard renders; their code loads on first use.
 */
export function installClientFeatures(services: HostServices, dialogs: ClientDialogs): () => void {
  const findSampling = dialogs['mcp-sampling-dialog'];
  if (findSampling) {
    const sampling = lazyDialog(findSampling, 'mcp-sampling-dialog', () => import('../dialogs/sampling-dialog.js'));
    services.bridge.setSamplingHandler(async (serverName, request, origin, signal) =>
      (await sampling()).ask(serverName, request, origin, signal),
    );
  }
  const findElicitation = dialogs['mcp-elicitation-dialog'];
  if (findElicitation) {
    const elicitation = lazyDialog(
      findElicitation,
      'mcp-elicitation-dialog',
      () => import('../dialogs/elicitation-dialog.js'),
    );
    services.bridge.setElicitationHandler(async (serverName, request, signal) =>
      (await elicitation()).ask(serverName, request, signal),
    );
  }
  const offs: Array<() => void> = [];
  const findUrlDialog = dialogs['mcp-url-elicitation-dialog'];
  if (findUrlDialog) {
    const urlDialog = lazyDialog(
      findUrlDialog,
      'mcp-url-elicitation-dialog',
      () => import('../dialogs/url-elicitation-dialog.js'),
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
