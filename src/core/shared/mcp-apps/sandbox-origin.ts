/**
 * Where the sandbox proxy lives. Shared by the gateway (which serves it and names it in the page's
 * `frame-src`) and the browser (which builds the frame URL). Pure.
 *
 * The proxy is served on its own port, so its origin differs from the dashboard's (MCP Apps:
 * "The Host and the Sandbox MUST have different origins"). It also uses the *other* loopback host
 * name than the page — a page on 127.0.0.1 frames localhost and vice versa — so the two are
 * different sites: cookies (which ignore ports) are not shared and the browser may put them in
 * different processes.
 *
 * In team mode behind a proxy the sandbox has a public origin of its own (`team.sandbox.url`), which the gateway
 * names in `GET /api/sandbox`; the page then frames that origin instead.
 */

/** Path of the proxy page on the sandbox origin. */
export const SANDBOX_PROXY_PATH = '/proxy';
/** Path of the proxy's script on the sandbox origin. */
export const SANDBOX_SCRIPT_PATH = '/proxy.js';

/** The sandbox origin for a page whose host name is `pageHostname`. */
export function sandboxOriginFor(pageHostname: string, sandboxPort: number): string {
  const host = pageHostname.toLowerCase() === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return `http://${host}:${sandboxPort}`;
}

/** The origin a page frames: the public one the gateway named (team mode behind a proxy), else the loopback rule. */
export function sandboxOriginOf(pageHostname: string, sandbox: { port: number; origin?: string | undefined }): string {
  return sandbox.origin ?? sandboxOriginFor(pageHostname, sandbox.port);
}

/** Both origins the sandbox answers on. */
export function sandboxOrigins(sandboxPort: number): string[] {
  return [`http://127.0.0.1:${sandboxPort}`, `http://localhost:${sandboxPort}`];
}

/** The proxy URL for one view: the embedding page's origin and the (validated) CSP declaration. */
export function sandboxProxyUrl(
  sandboxOrigin: string,
  options: { hostOrigin: string; csp?: unknown; view?: string },
): string {
  const url = new URL(SANDBOX_PROXY_PATH, sandboxOrigin);
  url.searchParams.set('host', options.hostOrigin);
  if (options.csp !== undefined) url.searchParams.set('csp', JSON.stringify(options.csp));
  if (options.view) url.searchParams.set('view', options.view);
  return url.href;
}
