import { RegistryError } from './errors.js';
import { fromBase64 } from './integrity.js';
import type { WidgetManifest } from './manifest.js';

/** A publisher key pinned in the dashboard config (`dashboard.publisherKeys`). */
export interface PinnedPublisherKey {
  /** Publisher name; must equal `signature.publisher.name`. */
  publisher: string;
  /** Base64 of the DER SubjectPublicKeyInfo of an ES256 (P-256) key. */
  publicKey: string;
}

/** What the signature check found. */
export type SignatureState = { state: 'unsigned' } | { state: 'verified'; publisher: string; signedAt: string };

/**
 * Canonical JSON (RFC 8785 style for the JSON that manifests contain): object keys sorted by code
 * unit, no whitespace, `undefined` members dropped. Publisher and host must produce the same bytes.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

/** The bytes an ES256 signature covers: the whole manifest with only `signature.signature` left out. */
export function signedPayload(manifest: WidgetManifest): Uint8Array {
  const copy: Record<string, unknown> = { ...manifest };
  if (manifest.signature) {
    const { signature: _omitted, ...rest } = manifest.signature;
    copy.signature = rest;
  }
  return new TextEncoder().encode(canonicalJson(copy));
}

/** Normalises a pinned key given as base64 or PEM to bare base64 of the SPKI DER. */
export function normalizePublicKey(key: string): string {
  return key.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
}

/**
 * Checks the manifest's signature against the pinned publisher keys (MCP-WP-4.2.9, 11.4.8, 17.7.5).
 * A `verified` package must be signed; any signature that is present must verify with a pinned key.
 */
export async function verifyManifestSignature(
  manifest: WidgetManifest,
  pinned: PinnedPublisherKey[],
): Promise<SignatureState> {
  const label = `${manifest.name}@${manifest.version}`;
  const sig = manifest.signature;
  if (!sig) {
    if (manifest.trustLevel === 'verified') {
      throw new RegistryError(
        'signature-missing',
        `${label} says it is "verified" but carries no signature (MCP-WP-4.2.9). It was refused.`,
        manifest.name,
        manifest.version,
      );
    }
    return { state: 'unsigned' };
  }
  if (sig.algorithm !== 'ES256') {
    throw new RegistryError(
      'signature-invalid',
      `${label} is signed with ${sig.algorithm}; this dashboard verifies ES256 signatures only. It was refused.`,
      manifest.name,
      manifest.version,
    );
  }
  const key = normalizePublicKey(sig.publicKey);
  const match = pinned.find((k) => normalizePublicKey(k.publicKey) === key);
  if (!match) {
    throw new RegistryError(
      'signature-unknown-key',
      `${label} is signed by "${sig.publisher.name}" with a key that is not pinned in your dashboard config (dashboard.publisherKeys). It was refused; pin the publisher's key only if you got it from them directly.`,
      manifest.name,
      manifest.version,
    );
  }
  if (match.publisher !== sig.publisher.name) {
    throw new RegistryError(
      'signature-unknown-key',
      `${label} names its publisher "${sig.publisher.name}", but its key is pinned for "${match.publisher}". It was refused.`,
      manifest.name,
      manifest.version,
    );
  }
  let ok: boolean;
  try {
    const cryptoKey = await crypto.subtle.importKey(
      'spki',
      fromBase64(key) as BufferSource,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    ok = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      cryptoKey,
      fromBase64(sig.signature) as BufferSource,
      signedPayload(manifest) as BufferSource,
    );
  } catch {
    ok = false;
  }
  if (!ok) {
    throw new RegistryError(
      'signature-invalid',
      `The signature of ${label} does not match its manifest: the manifest was changed after "${sig.publisher.name}" signed it, or the signature is forged. It was refused.`,
      manifest.name,
      manifest.version,
    );
  }
  return { state: 'verified', publisher: match.publisher, signedAt: sig.signedAt };
}
