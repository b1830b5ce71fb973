import { RegistryError, type SecurityEventSink } from './errors.js';
import { verifyIntegrity } from './integrity.js';
import { loadStoredPackage, type BundleModule } from './loader.js';
import { checkPackage, resolvePlan, type InstallPlan, type ResolvedPackage } from './resolver.js';
import type { PinnedPublisherKey } from './signature.js';
import { RegistrySet, type RegistryConfig, type SearchHit } from './source.js';
import { packageKey, PackageStore, type StoredPackage } from './store.js';

/** Size limits for bundles. */
export interface BundleLimits {
  /** Raw bytes; the download stops as soon as it is passed. */
  maxBundleBytes: number;
  /** Gzipped bytes (MCP-WP-18.1.1: at most 500 KB). */
  maxGzipBytes: number;
}

/** Default limits: 4 MiB raw, 500 KB gzipped (MCP-WP-18.1.1, 17.6.1). */
export const DEFAULT_LIMITS: BundleLimits = { maxBundleBytes: 4 * 1024 * 1024, maxGzipBytes: 500 * 1000 };

/** Progress of one bundle download. */
export interface DownloadProgress {
  name: string;
  version: string;
  received: number;
  total: number | undefined;
  /** Position of this package in the plan, 1-based, and the plan's size. */
  index: number;
  count: number;
}

/** Options for a RegistryClient. */
export interface RegistryClientOptions {
  registries: RegistryConfig[];
  publisherKeys: PinnedPublisherKey[];
  store: PackageStore;
  onSecurityEvent?: SecurityEventSink;
  limits?: Partial<BundleLimits>;
  fetch?: typeof fetch;
}

async function gzipSize(bytes: Uint8Array): Promise<number | undefined> {
  if (typeof CompressionStream === 'undefined') return undefined;
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'));
  const reader = stream.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return size;
    size += value.byteLength;
  }
}

/**
 * The registry client (no DOM): resolve → manifest (ajv) → mcpwpVersion → signature → dependencies →
 * download → integrity → one IndexedDB transaction → load. Every refusal is a RegistryError with its
 * own code and message; security refusals are also reported to `onSecurityEvent` (MCP-WP-16.6.3).
 */
export class RegistryClient {
  readonly registries: RegistrySet;
  readonly store: PackageStore;
  readonly limits: BundleLimits;
  private readonly keys: PinnedPublisherKey[];
  private readonly onSecurityEvent: SecurityEventSink | undefined;

  constructor(options: RegistryClientOptions) {
    this.registries = new RegistrySet(options.registries, options.fetch);
    this.store = options.store;
    this.keys = options.publisherKeys;
    this.onSecurityEvent = options.onSecurityEvent;
    this.limits = { ...DEFAULT_LIMITS, ...(options.limits ?? {}) };
  }

  /** Runs `work`; a security refusal is reported before it is rethrown. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RegistryError && error.isSecurityEvent) this.report(error);
      throw error;
    }
  }

  /** Reports a security refusal (also used by the host for refusals it detects, e.g. downgrades). */
  report(error: RegistryError): void {
    this.onSecurityEvent?.({
      kind: error.code,
      packageName: error.packageName,
      version: error.version,
      message: error.message,
      url: error.url,
      timestamp: Date.now(),
    });
  }

  /** Searches every registry (MCP-WP-16.3.3). */
  search(query: string, server?: string): Promise<{ hits: SearchHit[]; errors: string[] }> {
    return this.registries.search(query, server);
  }

  /** Published versions of a package, newest first. */
  async versions(name: string): Promise<string[]> {
    return (await this.registries.versionsOf(name)).versions;
  }

  /** Fetches and checks the manifest and its whole dependency graph; downloads nothing. */
  plan(name: string, version?: string): Promise<InstallPlan> {
    return this.guard(async () =>
      resolvePlan(await this.registries.resolve(name, version), this.registries, this.keys),
    );
  }

  /**
   * A plan of exactly these versions (dependencies first, root last), e.g. what a config file pins.
   * Each manifest must still carry the pinned integrity; a registry that changed a published version is refused.
   */
  planPinned(pins: Array<{ name: string; version: string; integrity: string }>): Promise<InstallPlan> {
    return this.guard(async () => {
      const packages: ResolvedPackage[] = [];
      for (const pin of pins) {
        const pkg = await checkPackage(await this.registries.resolve(pin.name, pin.version), this.keys);
        if (pkg.manifest.integrity !== pin.integrity) {
          throw new RegistryError(
            'integrity-mismatch',
            `The registry now publishes ${pin.name}@${pin.version} with integrity ${pkg.manifest.integrity}, but ${pin.integrity} was installed. Published versions must never change; it was refused.`,
            pin.name,
            pin.version,
          );
        }
        packages.push(pkg);
      }
      return { root: packages[packages.length - 1]!, packages };
    });
  }

  /**
   * Downloads and verifies every bundle of the plan, then stores all of them in one transaction. Nothing
   * is stored unless every bundle verified; a bundle that fails is never run.
   */
  fetchAndStore(
    plan: InstallPlan,
    options: { onProgress?: (p: DownloadProgress) => void; signal?: AbortSignal; now?: number } = {},
  ): Promise<StoredPackage[]> {
    return this.guard(async () => {
      const now = options.now ?? Date.now();
      const records: StoredPackage[] = [];
      let index = 0;
      for (const pkg of plan.packages) {
        index += 1;
        const existing = await this.store.get(pkg.manifest.name, pkg.manifest.version);
        if (existing && existing.integrity === pkg.manifest.integrity) {
          records.push({ ...existing, manifest: pkg.manifest, lastUsedAt: now });
          continue;
        }
        const bytes = await this.downloadVerified(pkg, index, plan.packages.length, options);
        records.push({
          key: packageKey(pkg.manifest.name, pkg.manifest.version),
          name: pkg.manifest.name,
          version: pkg.manifest.version,
          integrity: pkg.manifest.integrity,
          manifest: pkg.manifest,
          bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
          registry: pkg.source.base.href,
          storedAt: now,
          lastUsedAt: now,
        });
      }
      await this.store.putAll(records);
      return records;
    });
  }

  private async downloadVerified(
    pkg: ResolvedPackage,
    index: number,
    count: number,
    options: { onProgress?: (p: DownloadProgress) => void; signal?: AbortSignal },
  ): Promise<Uint8Array> {
    const { name, version } = pkg.manifest;
    const label = `${name}@${version}`;
    try {
      const bytes = await pkg.source.download(pkg.bundleUrl, {
        maxBytes: this.limits.maxBundleBytes,
        label,
        name,
        version,
        signal: options.signal,
        onProgress: (received, total) => options.onProgress?.({ name, version, received, total, index, count }),
      });
      await verifyIntegrity(bytes, pkg.manifest.integrity, label, name, version);
      const gz = await gzipSize(bytes);
      if (gz !== undefined && gz > this.limits.maxGzipBytes) {
        throw new RegistryError(
          'bundle-too-large',
          `The bundle of ${label} is ${Math.round(gz / 1000)} KB gzipped; widgets may be at most ${Math.round(this.limits.maxGzipBytes / 1000)} KB (MCP-WP-18.1.1). It was refused.`,
          name,
          version,
        );
      }
      return bytes;
    } catch (error) {
      if (error instanceof RegistryError) error.url ??= pkg.bundleUrl.href;
      throw error;
    }
  }

  /** Imports the stored packages in order (dependencies first) and returns the last one's module. */
  async load(records: StoredPackage[]): Promise<BundleModule> {
    let module: BundleModule = {};
    for (const record of records) module = await loadStoredPackage(record, this.onSecurityEvent);
    return module;
  }
}
