import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { Agent } from 'undici';
import { parseAllowHost, type AllowHost } from '../../../src/core/shared/config/oauth-config-schema.js';
import { ADDRESS_KIND_TEXT, addressKind, bareHost, isIpLiteral, type AddressKind } from './address-kind.js';

/** A fetch as the MCP SDK's OAuth code takes it. */
export type GuardedFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** The rules for the requests the gateway makes because a server named a URL. */
export interface OutboundPolicy {
  /** The server's name in the config (for messages). */
  server: string;
  /** The server's configured URL: its own origin is always reachable. */
  serverUrl: string;
  /** Other origins the config itself names for this server (an IdP's token endpoint): reachable like its own. */
  configOrigins?: readonly string[];
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

/**
 * A request the gateway refused to make on a server's word. Nothing was sent to the target. A
 * TypeError, as fetch's own network failures are: the SDK's discovery then reports it instead of
 * quietly trying another address.
 */
export class OutboundRefusedError extends TypeError {
  readonly code = 'outbound_refused';
  constructor(
    /** The refused target as `host:port` (with the address DNS gave, when it was a name). */
    readonly target: string,
    readonly reason: RefusalReason,
    /** The `allowHosts` entry that would allow it; undefined when no entry can (a scheme, a redirect loop). */
    readonly allowEntry: string | undefined,
    /** What kind of target it is, in words ("a loopback address (this machine)"). */
    readonly what: string,
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
  return `${url.hostname}:${portOf(url)}`;
}

function allowEntries(policy: OutboundPolicy): AllowHost[] {
  return policy.allowHosts.map(parseAllowHost).filter((h): h is AllowHost => typeof h !== 'string');
}

/** `withPort`: only an entry naming this exact port counts. */
function named(policy: OutboundPolicy, url: URL, withPort: boolean): boolean {
  const port = portOf(url);
  return allowEntries(policy).some(
    (e) => e.host === url.hostname && (e.port === port || (!withPort && e.port === undefined)),
  );
}

const REASON_TEXT: Record<Exclude<RefusalReason, AddressKind>, string> = {
  scheme: 'a scheme other than http or https',
  'plain-http': 'plain http to another origin',
  'gateway-port': "one of the gateway's own ports",
  redirects: `more than ${MAX_REDIRECTS} redirects`,
};

/** Words for a refusal reason, as the card and the terminal say them. */
export function refusalText(reason: RefusalReason): string {
  return reason in REASON_TEXT
    ? REASON_TEXT[reason as keyof typeof REASON_TEXT]
    : ADDRESS_KIND_TEXT[reason as Exclude<AddressKind, 'public'>];
}

function refusal(policy: OutboundPolicy, url: URL, reason: RefusalReason, address?: string): OutboundRefusedError {
  const entry = hostPort(url);
  const target = address ? `${entry} (${address})` : entry;
  const allowEntry = reason === 'scheme' || reason === 'redirects' ? undefined : entry;
  const what = refusalText(reason);
  const allow = allowEntry ? ` To allow it, add "${allowEntry}" to ${policy.allowKey}.` : '';
  return new OutboundRefusedError(
    target,
    reason,
    allowEntry,
    what,
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
 * Checks a URL before any connection. The server's own origin (and origins the config names) pass;
 * anything else must be https to a host that is not a loopback, link-local, private or special
 * address (an IP literal or `localhost` is judged here, a name after DNS by the connection's lookup)
 * and not one of the gateway's ports, unless the config names the host for this server.
 * `direct`: the config vouches for the target, so no connection-time address check applies.
 */
export function checkOutboundUrl(policy: OutboundPolicy, url: URL): { direct: boolean } {
  const trusted = [policy.serverUrl, ...(policy.configOrigins ?? [])].map((u) => new URL(u).origin);
  if (trusted.includes(url.origin)) return { direct: true };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refusal(policy, url, 'scheme');
  const allowed = named(policy, url, false);
  const kind = kindOfHostname(bareHost(url));
  const local = kind !== undefined && kind !== 'public';
  if (policy.gatewayPorts().includes(portOf(url)) && (local || allowed) && !named(policy, url, true))
    throw refusal(policy, url, 'gateway-port');
  if (allowed) return { direct: true };
  if (local) throw refusal(policy, url, kind);
  if (url.protocol !== 'https:') throw refusal(policy, url, 'plain-http');
  return { direct: false };
}

type LookupCallback = (error: Error | null, address?: string | LookupAddress[], family?: number) => void;

/** Carries a refused address out of the connection-time lookup (the URL's port is added by the fetch). */
class RefusedAddress extends Error {
  constructor(
    readonly kind: AddressKind,
    readonly address: string,
  ) {
    super(`refused address ${address}`);
  }
}

/** A connection-time lookup that refuses names resolving to non-public addresses (checked after DNS). */
function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    (policy.lookup ?? dnsLookup)(hostname, { family: options.family ?? 0, all: true }, (error, addresses) => {
      if (error) return callback(error);
      for (const a of addresses) {
        const kind = addressKind(a.address);
        if (kind !== 'public') return callback(new RefusedAddress(kind, a.address));
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** Finds a lookup's refusal inside undici's "fetch failed". */
function refusedIn(error: unknown): RefusedAddress | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause; depth++) {
    if (cause instanceof RefusedAddress) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'dpop'];

/**
 * A fetch for requests a server's answers point at (OAuth discovery, metadata documents, registration,
 * token requests): every URL and every redirect hop is checked by `checkOutboundUrl`, and every name is
 * checked again on the addresses DNS gives at connection time, so a name that resolves to a private
 * address is refused before a connection opens. A caller asking for `redirect: 'manual'` (the SDK,
 * which follows only same-origin hops) gets each redirect back and brings every hop here; otherwise
 * redirects are followed for GET and HEAD only, each hop checked, credentials dropped across origins.
 */
export function createGuardedFetch(policy: OutboundPolicy): GuardedFetch & { close(): Promise<void> } {
  // undici is loaded at the first request that leaves the machine (most gateway starts make none).
  let undici: Promise<{ agent: Agent; fetch: typeof import('undici').fetch }> | undefined;
  const client = () =>
    (undici ??= import('undici').then(({ Agent, fetch }) => ({
      agent: new Agent({ connect: { lookup: guardedLookup(policy) as never } }),
      fetch,
    })));
  const once = async (url: URL, request: RequestInit): Promise<Response> => {
    const { direct } = checkOutboundUrl(policy, url);
    if (direct) return fetch(url, { ...request, redirect: 'manual' });
    try {
      const { agent, fetch: undiciFetch } = await client();
      return (await undiciFetch(url, { ...(request as object), redirect: 'manual', dispatcher: agent })) as never;
    } catch (error) {
      const refused = refusedIn(error);
      throw refused ? refusal(policy, url, refused.kind, refused.address) : error;
    }
  };
  const guarded = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    let url = new URL(String(input));
    let request: RequestInit = { ...init };
    const mode = init?.redirect ?? 'follow';
    for (let hop = 0; ; hop++) {
      const response = await once(url, request);
      const method = (request.method ?? 'GET').toUpperCase();
      const location = response.headers.get('location');
      if (!isRedirect(response.status) || !location || mode === 'manual') return response;
      if (mode === 'error') throw new TypeError(`redirect from ${url.origin} refused (redirect: "error")`);
      if (method !== 'GET' && method !== 'HEAD') return response;
      if (hop >= MAX_REDIRECTS) throw refusal(policy, url, 'redirects');
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== url.origin) {
        const headers = new Headers(request.headers);
        for (const name of CREDENTIAL_HEADERS) headers.delete(name);
        request = { ...request, headers };
      }
      url = next;
      request = { ...request, method };
    }
  };
  return Object.assign(guarded, { close: async () => (undici ? (await undici).agent.close() : undefined) });
}
