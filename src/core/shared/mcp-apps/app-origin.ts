/**
 * Per-app origins for MCP App views (MCP Apps `_meta.ui.domain`). Each view runs on an origin of its own on the
 * sandbox port, `http://<label>.localhost:<sandbox port>`: a host name every browser resolves to loopback without
 * DNS, a different origin (and site) from the dashboard page, from the shared sandbox origin and from every other
 * label. The label is the one the resource declares when it is valid here, else one derived from the server and
 * the view's address. Shared by the browser (which picks the label) and the gateway (which serves only labels of
 * this shape). Pure. docs/decisions/mcp-apps-per-app-origins.md
 */

/** The suffix every per-app host name ends with. */
export const APP_ORIGIN_SUFFIX = '.localhost';

/** Derived labels start with this; a declared one may not contain `--`, so the two never meet. */
const DERIVED_PREFIX = 'app--';

/** A DNS label: lowercase letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** True when `label` is one the sandbox serves: a DNS label (declared or derived). */
export function isAppLabel(label: string): boolean {
  return LABEL.test(label);
}

/** The label a per-app host name carries (`abc.localhost:1234` → `abc`), or undefined for any other host. */
export function appLabelOfHost(host: string): string | undefined {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (!name.endsWith(APP_ORIGIN_SUFFIX)) return undefined;
  const label = name.slice(0, -APP_ORIGIN_SUFFIX.length);
  return isAppLabel(label) ? label : undefined;
}

/** Why a declared domain was refused (the card words each; `claimed`: another server's apps use it). */
export type DomainRefusal = 'not-a-name' | 'port-or-path' | 'not-localhost' | 'bad-label' | 'reserved' | 'claimed';

/** Whether a declared `_meta.ui.domain` can be served, and the label it gives or why not. */
export type DomainVerdict = { ok: true; label: string } | { ok: false; reason: DomainRefusal };

/**
 * Checks a declared `_meta.ui.domain`. Accepted: `<label>.localhost` (also written as an `http://` origin without
 * a port or path), where the label is one DNS label without `--`. Anything else — another domain, a
 * name with dots in its label, a port, a path — is refused with the reason. Whether another server's apps
 * already use the label is the host's to check (`claimed`).
 */
export function validateAppDomain(domain: unknown): DomainVerdict {
  if (typeof domain !== 'string' || !domain.trim() || domain.length > 100) return { ok: false, reason: 'not-a-name' };
  const raw = domain.trim().toLowerCase();
  const name = raw.startsWith('http://') ? raw.slice('http://'.length).replace(/\/$/, '') : raw;
  if (/[/:?#@\\\s]/.test(name)) return { ok: false, reason: 'port-or-path' };
  if (!name.endsWith(APP_ORIGIN_SUFFIX)) return { ok: false, reason: 'not-localhost' };
  const label = name.slice(0, -APP_ORIGIN_SUFFIX.length);
  if (!isAppLabel(label)) return { ok: false, reason: 'bad-label' };
  // Derived labels contain "--" (and punycode starts with "xn--"): a declared one never looks like them.
  if (label.includes('--')) return { ok: false, reason: 'reserved' };
  return { ok: true, label };
}

/** The label derived for a view that declares no (valid) domain: a hash of its server's name and its address. */
export async function deriveAppLabel(serverName: string, resourceUri: string): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify([serverName, resourceUri]));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  // 120 bits as lowercase base32: DNS-safe, short enough to read in a URL.
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest.subarray(0, 15)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return DERIVED_PREFIX + out;
}

/** The per-app origin for `label` on the sandbox port. */
export function appOrigin(label: string, sandboxPort: number): string {
  return `http://${label}${APP_ORIGIN_SUFFIX}:${sandboxPort}`;
}

/** What the page's `frame-src` names so it may frame every per-app origin on the sandbox port. */
export function appOriginsSource(sandboxPort: number): string {
  return `http://*${APP_ORIGIN_SUFFIX}:${sandboxPort}`;
}
