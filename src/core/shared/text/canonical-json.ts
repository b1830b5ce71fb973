/**
 * Canonical JSON: object keys sorted at every level, so equal values give equal text. Shared by the page's
 * audit log (argument digests, agent fingerprints) and the gateway's team audit chain, so a call's digest is
 * the same on both sides.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value as Record<string, unknown>).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** "sha256-<base64>" of the canonical JSON of `args` (WebCrypto), for matching calls without storing values. */
export async function argumentsDigest(args: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(args));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let binary = '';
  for (const b of digest) binary += String.fromCharCode(b);
  return `sha256-${btoa(binary)}`;
}
