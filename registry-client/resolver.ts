import semver from 'semver';
import { RegistryError } from './errors.js';
import { claimedTrust, type WidgetManifest } from './manifest.js';
import { verifyManifestSignature, type PinnedPublisherKey, type SignatureState } from './signature.js';
import type { FetchedManifest, RegistrySet, RegistrySource } from './source.js';
import type { TrustLevel } from '../src/core/shared/types.js';

/** A package whose manifest has passed every check that needs no bundle bytes. */
export interface ResolvedPackage {
  manifest: WidgetManifest;
  source: RegistrySource;
  bundleUrl: URL;
  signature: SignatureState;
  trustLevel: TrustLevel;
}

/** Everything one install needs, dependencies first (MCP-WP-16.4.1 step 4). */
export interface InstallPlan {
  root: ResolvedPackage;
  /** Topological order: each package after everything it depends on; the root last. */
  packages: ResolvedPackage[];
}

/** Checks one manifest's trust claim and signature, and where its bundle comes from. */
export async function checkPackage(fetched: FetchedManifest, keys: PinnedPublisherKey[]): Promise<ResolvedPackage> {
  const trustLevel = claimedTrust(fetched.manifest);
  const signature = await verifyManifestSignature(fetched.manifest, keys);
  const bundleUrl = fetched.registry.bundleUrl(fetched.manifest);
  return { manifest: fetched.manifest, source: fetched.registry, bundleUrl, signature, trustLevel };
}

/**
 * Resolves the dependency graph with semver ranges (MCP-WP-16.4.2): for each range the highest
 * published version that satisfies it; a package already chosen must satisfy every later range.
 * A cycle is refused with its path (MCP-WP-16.4.3).
 */
export async function resolvePlan(
  root: FetchedManifest,
  registries: RegistrySet,
  keys: PinnedPublisherKey[],
  maxPackages = 32,
): Promise<InstallPlan> {
  const chosen = new Map<string, ResolvedPackage>();
  const order: ResolvedPackage[] = [];

  const visit = async (fetched: FetchedManifest, stack: string[]): Promise<ResolvedPackage> => {
    const pkg = await checkPackage(fetched, keys);
    const m = pkg.manifest;
    chosen.set(m.name, pkg);
    if (chosen.size > maxPackages) {
      throw new RegistryError(
        'dependency-limit',
        `${root.manifest.name} pulls in more than ${maxPackages} packages; the install was refused.`,
        root.manifest.name,
      );
    }
    const path = [...stack, m.name];
    for (const [dep, range] of Object.entries(m.dependencies ?? {})) {
      if (path.includes(dep)) {
        const cycle = [...path.slice(path.indexOf(dep)), dep].join(' \u2192 ');
        throw new RegistryError(
          'dependency-cycle',
          `Circular dependency: ${cycle}. Widgets that depend on each other in a circle cannot be installed (MCP-WP-16.4.3).`,
          root.manifest.name,
        );
      }
      const existing = chosen.get(dep);
      if (existing) {
        if (!semver.satisfies(existing.manifest.version, range)) {
          throw new RegistryError(
            'dependency-unsatisfiable',
            `${m.name} needs ${dep} ${range}, but ${dep} ${existing.manifest.version} was already chosen for another package. No single version satisfies both.`,
            root.manifest.name,
          );
        }
        continue;
      }
      let found;
      try {
        found = await registries.versionsOf(dep);
      } catch (error) {
        if (error instanceof RegistryError && error.code === 'not-found') {
          throw new RegistryError(
            'dependency-unsatisfiable',
            `${m.name} needs ${dep} ${range}, which is not in any configured registry.`,
            root.manifest.name,
          );
        }
        throw error;
      }
      const best = semver.maxSatisfying(found.versions, range);
      if (!best) {
        throw new RegistryError(
          'dependency-unsatisfiable',
          `${m.name} needs ${dep} ${range}, but the registry has only ${found.versions.join(', ') || 'no versions'}. The install was refused.`,
          root.manifest.name,
        );
      }
      await visit(await found.source.manifest(dep, best), path);
    }
    order.push(pkg);
    return pkg;
  };

  const rootPkg = await visit(root, []);
  return { root: rootPkg, packages: order };
}
