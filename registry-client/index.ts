/**
 * registry-client: installs MCP-WP widgets from registries (MCP-WP §14) with verification that fails
 * closed. No DOM: it needs fetch, WebCrypto, IndexedDB and blob: URLs only.
 */
export {
  RegistryError,
  SECURITY_CODES,
  type RegistryErrorCode,
  type RegistrySecurityEvent,
  type SecurityEventSink,
} from './errors.js';
export {
  HOST_MCPWP_VERSION,
  PACKAGE_NAME_PATTERN,
  manifestSchema,
  validateManifest,
  parseManifestText,
  checkIntegrityField,
  type WidgetManifest,
  type WidgetSignature,
} from './manifest.js';
export { sha256Integrity, verifyIntegrity } from './integrity.js';
export {
  canonicalJson,
  signedPayload,
  verifyManifestSignature,
  normalizePublicKey,
  type PinnedPublisherKey,
  type SignatureState,
} from './signature.js';
export { RegistrySet, RegistrySource, type RegistryConfig, type SearchHit, type FetchedManifest } from './source.js';
export { resolvePlan, checkPackage, type InstallPlan, type ResolvedPackage } from './resolver.js';
export { PackageStore, packageKey, EVICT_AFTER_MS, type StoredPackage } from './store.js';
export { loadStoredPackage, importBytes, isLoaded, type BundleModule } from './loader.js';
export { checkForUpdates, updateKind, type UpdateCheck, type UpdateKind } from './updates.js';
export { describePermissions, addedPermissions, type PermissionItem } from './permissions.js';
export {
  RegistryClient,
  DEFAULT_LIMITS,
  type BundleLimits,
  type DownloadProgress,
  type RegistryClientOptions,
} from './client.js';
