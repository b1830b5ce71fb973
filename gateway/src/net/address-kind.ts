import ipaddr from 'ipaddr.js';

/** What an IP address reaches, as far as the gateway's outbound rules care. */
export type AddressKind = 'loopback' | 'link-local' | 'private' | 'unspecified' | 'reserved' | 'public';

/** Words for each kind, used in the card and the terminal ("a loopback address"). */
export const ADDRESS_KIND_TEXT: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'a loopback address (this machine)',
  'link-local': 'a link-local address (cloud metadata services live there)',
  private: 'a private-network address',
  unspecified: 'the unspecified address (this machine)',
  reserved: 'a reserved or special-purpose address',
};

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * Classifies an IP literal. IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry, and
 * every special-purpose range that is not plain global unicast (6to4, Teredo, NAT64, multicast,
 * documentation…) counts as reserved: such an address can tunnel to a private one.
 */
export function addressKind(ip: string): AddressKind {
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) address = v6.toIPv4Address();
    // ipaddr.js calls every IPv6 address outside its list "unicast", the deprecated IPv4-compatible
    // ::a.b.c.d among them; only global unicast (2000::/3) is public.
    else if (v6.range() === 'unicast' && !v6.match(GLOBAL_UNICAST)) return 'reserved';
  }
  switch (address.range()) {
    case 'unicast':
      return 'public';
    case 'loopback':
      return 'loopback';
    case 'linkLocal':
      return 'link-local';
    case 'private':
    case 'uniqueLocal':
    case 'carrierGradeNat':
      return 'private';
    case 'unspecified':
      return 'unspecified';
    default:
      return 'reserved';
  }
}

/** True for an IPv4 or IPv6 literal (brackets already removed). */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host);
}

/** The host of a URL without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}
