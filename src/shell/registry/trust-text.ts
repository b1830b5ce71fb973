import type { TrustLevel } from '../../core/types.js';
import type { SignatureState } from '../../../registry-client/index.js';

/** Trust level in words (MCP-WP-11.4.4). */
export function trustText(level: TrustLevel | string | undefined): string {
  switch (level) {
    case 'verified':
      return 'Verified (signed by a publisher you pinned)';
    case 'community':
      return 'Community (not signed; permissions limited)';
    case 'enterprise':
      return 'Enterprise';
    default:
      return 'Untrusted (no access to MCP operations)';
  }
}

/** Signature state in words. */
export function signatureText(state: SignatureState | undefined): string {
  if (!state) return 'Not checked yet';
  return state.state === 'verified' ? `\u2713 Valid ES256 signature by ${state.publisher} (pinned key), signed ${state.signedAt.slice(0, 10)}` : 'Not signed';
}
