/**
 * WebAuthn refuses IP addresses as relying party ids, so the gateway prints and opens
 * `http://localhost:<port>/#code=…` and the page stays there (one document load). Someone who opens
 * `http://127.0.0.1:<port>/…` by hand is moved to `http://localhost:<port>` (same gateway, which
 * accepts both Host names), the unspent launch code still in the fragment, before the page spends it.
 * Everything the page keeps (session token, preferences, audit log) lives on that one origin.
 */

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]', '::1']);

/** The localhost address for a page opened on a loopback IP, or undefined when no move is needed. */
export function localhostUrlFor(
  location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash'>,
): string | undefined {
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
