/** Why an install, update or load was refused. Each code has its own message for the user. */
export type RegistryErrorCode =
  | 'not-found'
  | 'unreachable'
  | 'http-error'
  | 'invalid-json'
  | 'invalid-manifest'
  | 'name-mismatch'
  | 'version-mismatch'
  | 'mcpwp-version'
  | 'integrity-missing'
  | 'integrity-malformed'
  | 'integrity-algorithm'
  | 'integrity-mismatch'
  | 'signature-missing'
  | 'signature-invalid'
  | 'signature-unknown-key'
  | 'trust-claim'
  | 'dependency-cycle'
  | 'dependency-unsatisfiable'
  | 'dependency-limit'
  | 'bundle-origin'
  | 'bundle-too-large'
  | 'download-failed'
  | 'downgrade'
  | 'consent-declined'
  | 'storage-failed'
  | 'load-failed';

/** Codes that are security events (MCP-WP-16.6.3): verification failed, or someone tampered. */
export const SECURITY_CODES: ReadonlySet<RegistryErrorCode> = new Set<RegistryErrorCode>([
  'name-mismatch',
  'version-mismatch',
  'integrity-missing',
  'integrity-malformed',
  'integrity-algorithm',
  'integrity-mismatch',
  'signature-missing',
  'signature-invalid',
  'signature-unknown-key',
  'trust-claim',
  'bundle-origin',
  'downgrade',
]);

/** A refusal with a stable code, the package concerned and a message that says what to do. */
export class RegistryError extends Error {
  /** Manifest or bundle URL involved, when known. */
  url: string | undefined;

  constructor(
    readonly code: RegistryErrorCode,
    message: string,
    readonly packageName?: string,
    readonly version?: string,
  ) {
    super(message);
    this.name = 'RegistryError';
  }

  /** True when this refusal must be audited as a security event. */
  get isSecurityEvent(): boolean {
    return SECURITY_CODES.has(this.code);
  }
}

/** A security event raised by the registry client (MCP-WP-16.6.3). */
export interface RegistrySecurityEvent {
  kind: RegistryErrorCode;
  packageName: string | undefined;
  version: string | undefined;
  message: string;
  /** Registry or bundle URL involved, when known. */
  url?: string;
  timestamp: number;
}

/** Where security events go (the host wires this to its audit log). */
export type SecurityEventSink = (event: RegistrySecurityEvent) => void;
