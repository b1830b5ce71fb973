import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, fetch as undiciFetch } from 'undici';
import { ADDRESS_KIND_TEXT, addressKind, bareHost, isIpLiteral, type AddressKind } from './address-kind.js';

/** A fetch as the MCP SDK's OAuth code takes it. */
export type GuardedFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** The rules for the requests the gateway makes because a server named a URL. */
export interface OutboundPolicy {
  /** The server's name in the config (for messages). */
  server: string;
  /** The server's configured URL: its own origin is always reachable. */
  serverUrl: string;
  /** Hosts the config names for this server (`host` or `host:port`): reachable whatever they resolve to. */
  allowHosts: readonly string[];
  /** The gateway's own ports (page and sandbox origins): never reached unless named as `host:port`. */
  gatewayPorts: () => readonly number[];
  /** Where a person allows a host, e.g. `"mcpServers.docs.oauth.allowHosts" in ./mcp-dashboard.config.json`. */
  allowKey: string;
  /** DNS for the connection-time check (tests give a resolver of their own); `node:dns`'s lookup otherwise. */
  lookup?: typeof dnsLookup;
}

/** Why a request was refused before any connection was made. */
export type RefusalReason = AddressKind | 'scheme' | 'plain-http' | 'gateway-port' | 'redirects';

/** A request the gateway refused to make on a server's word. Nothing was sent to the target. */
export class OutboundRefusedError extends Error {
  readonly code = 'outbound_refused';
  constructor(
    /** The refused target as `host:port` (the address too when DNS gave it). */
    readonly target: string,
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

const MAX_REDIRECTS = 5;

function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

function hostPort(url: URL): string {
  const host = url.hostname;
  return `${host}:${portOf(url)}`;
}

function named(policy: OutboundPolicy, url: URL, withPort: boolean): boolean {
  const host = url.hostname.toLowerCase();
  const entries = policy.allowHosts.map((h) => h.toLowerCase());
  if (entries.includes(hostPort(url).toLowerCase())) return true;
  return !withPort && entries.includes(host);
}

function refusal(policy: OutboundPolicy, target: string, reason: RefusalReason, what: string): OutboundRefusedError {
  const allow =
    reason === 'scheme' || reason === 'redirects' ? '' : ` To allow it, add "${target}" to ${policy.allowKey}.`;
  return new OutboundRefusedError(
    target,
    reason,
    `The gateway refused to contact ${target} (${what}), which the server "${policy.server}" named: it contacts only ` +
      `the server's own origin and public https addresses.${allow}`,
  );
}

function kindOfHostname(host: string): AddressKind | undefined {
  if (isIpLiteral(host)) return addressKind(host);
  const lower = host.toLowerCase().replace(/\.$/, '');
  if (lower === 'localhost' || lower.endsWith('.localhost')) return 'loopback';
  return undefined;
}

/**
 * Checks a URL before any connection: the server's own origin passes; anything else must be https to a
 * host that is not a loopback, link-local, private or special address (an IP literal or `localhost`
 * is judged here, a name after DNS by the connection's lookup) and not one of the gateway's ports,
 * unless the config names the host for this server.
 */
export function checkOutboundUrl(policy: OutboundPolicy, url: URL): { sameOrigin: boolean } {
  if (url.origin === new URL(policy.serverUrl).origin) return { sameOrigin: true };
  const target = hostPort(url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw refusal(policy, target, 'scheme', `the scheme ${url.protocol} is not http(s)`);
  const allowed = named(policy, url, false);
  const kind = kindOfHostname(bareHost(url));
  const local = kind !== undefined && kind !== 'public';
  if (policy.gatewayPorts().includes(portOf(url)) && (local || allowed) && !named(policy, url, true))
    throw refusal(policy, target, 'gateway-port', "one of the gateway's own ports");
  if (allowed) return { sameOrigin: false };
  if (url.protocol !== 'https:') throw refusal(policy, target, 'plain-http', 'plain http to another origin');
  if (local) throw refusal(policy, target, kind, ADDRESS_KIND_TEXT[kind as Exclude<AddressKind, 'public'>]);
  return { sameOrigin: false };
}

type LookupCallback = (error: Error | null, address?: string | LookupAddress[], family?: number) => void;

/** A connection-time lookup that refuses names resolving to non-public addresses (checked after DNS). */
function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    (policy.lookup ?? dnsLookup)(hostname, { family: options.family ?? 0, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const allowed = policy.allowHosts.some((h) => h.toLowerCase().split(':')[0] === hostname.toLowerCase());
      if (!allowed) {
        for (const a of addresses) {
          const kind = addressKind(a.address);
          if (kind !== 'public')
            return callback(refusal(policy, `${hostname} (${a.address})`, kind, ADDRESS_KIND_TEXT[kind]));
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** Unwraps undici's "fetch failed" so a refusal reaches the caller as itself. */
function refusalIn(error: unknown): OutboundRefusedError | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause; depth++) {
    if (cause instanceof OutboundRefusedError) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A fetch for requests a server's answers point at (OAuth discovery, metadata documents, registration,
 * token requests): every URL and every redirect hop is checked by `checkOutboundUrl`, and every name is
 * checked again on the addresses DNS gives at connection time, so a name that resolves to a private
 * address is refused before a connection opens. Redirects are followed only for GET and HEAD.
 */
export function createGuardedFetch(policy: OutboundPolicy): GuardedFetch & { close(): Promise<void> } {
  const agent = new Agent({ connect: { lookup: guardedLookup(policy) as never } });
  const guarded = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    let url = new URL(String(input));
    let request = init;
    for (let hop = 0; ; hop++) {
      const { sameOrigin } = checkOutboundUrl(policy, url);
      let response: Response;
      try {
        response = sameOrigin
          ? await fetch(url, { ...request, redirect: 'manual' })
          : ((await undiciFetch(url, {
              ...(request as object),
              redirect: 'manual',
              dispatcher: agent,
            })) as unknown as Response);
      } catch (error) {
        throw refusalIn(error) ?? error;
      }
      const method = (request?.method ?? 'GET').toUpperCase();
      const location = response.headers.get('location');
      if (!isRedirect(response.status) || !location || (method !== 'GET' && method !== 'HEAD')) return response;
      if (hop >= MAX_REDIRECTS)
        throw refusal(policy, hostPort(url), 'redirects', `more than ${MAX_REDIRECTS} redirects`);
      await response.body?.cancel();
      url = new URL(location, url);
      request = { ...request, method };
    }
  };
  return Object.assign(guarded, { close: () => agent.close() });
}
