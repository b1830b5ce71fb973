import { checkIntegrityField } from './manifest.js';
import { RegistryError } from './errors.js';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Decodes base64 (standard alphabet); throws on anything else. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export { toBase64 };

/** `sha256-<base64>` of `bytes`, computed with WebCrypto. */
export async function sha256Integrity(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return `sha256-${toBase64(new Uint8Array(digest))}`;
}

/**
 * Verifies `bytes` against `integrity` (MCP-WP-16.6.2). Fails closed: a missing, empty, malformed or
 * non-sha256 value is refused before hashing, and a mismatch is refused after.
 */
export async function verifyIntegrity(
  bytes: ArrayBuffer | Uint8Array,
  integrity: unknown,
  label: string,
  name?: string,
  version?: string,
): Promise<void> {
  checkIntegrityField(integrity, label, name);
  const actual = await sha256Integrity(bytes);
  // Both are fixed-format strings of public data, so a plain comparison leaks nothing.
  if (actual !== integrity) {
    throw new RegistryError(
      'integrity-mismatch',
      `The bundle of ${label} does not match its integrity hash (expected ${String(integrity)}, got ${actual}). It was not run and nothing was installed (MCP-WP-16.6.2).`,
      name,
      version,
    );
  }
}
