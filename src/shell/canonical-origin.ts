/**
 * WebAuthn refuses IP addresses as relying party ids, and the gateway prints
 * `http://127.0.0.1:<port>/#token=…`. So the page moves itself to `http://localhost:<port>` (same
 * gateway, which accepts both Host names), carrying the token in the fragment, before it reads the
 * token. Everything the page keeps (session token, preferences, audit log) lives on that one origin.
 */

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]', '::1']);

/** The localhost address for a page opened on a loopback IP, or undefined when no move is needed. */
export function localhostUrlFor(location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash'>): string | undefined {
  if (!LOOPBACK_IPS.has(location.hostname)) return undefined;
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return undefined;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//localhost${port}${location.pathname}${location.search}${location.hash}`;
}

/** Why a passkey ceremony cannot run on this page, or undefined when it can. */
export function passkeyOriginProblem(location: Pick<Location, 'hostname' | 'port' | 'protocol'>): string | undefined {
  if (location.hostname === 'localhost' || location.protocol === 'https:') return undefined;
  return `Passkeys only work when the dashboard is opened as http://localhost${location.port ? `:${location.port}` : ''} (browsers refuse IP addresses such as ${location.hostname} for passkeys). Open the dashboard's address with "localhost" instead and try again.`;
}
