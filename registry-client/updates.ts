import semver from 'semver';

/** How an available version relates to the installed one (MCP-WP-16.5.3). */
export type UpdateKind = 'patch' | 'minor' | 'major';

/** What the update check found for one installed package. */
export interface UpdateCheck {
  /** Highest newer version in the same minor line: applied without asking (unless it asks for more permissions). */
  auto?: string;
  /** Highest newer version overall, if it is a minor or major step beyond `auto`/current. */
  offer?: { version: string; kind: UpdateKind };
  /** The registry's newest version is older than what is installed: refused and audited. */
  downgrade?: string;
}

function kindOf(from: string, to: string): UpdateKind {
  const diff = semver.diff(from, to) ?? 'patch';
  if (diff === 'major' || diff === 'premajor') return 'major';
  if (diff === 'minor' || diff === 'preminor') return 'minor';
  return 'patch';
}

/**
 * Compares the installed version with what a registry publishes (MCP-WP-16.5.2): patch releases are
 * automatic, minor ones are offered, major ones need approval and never happen on their own (16.5.4).
 */
export function checkForUpdates(current: string, available: string[]): UpdateCheck {
  const versions = available.filter((v) => semver.valid(v));
  if (versions.length === 0) return {};
  const latest = semver.rsort([...versions])[0]!;
  if (semver.lt(latest, current)) return { downgrade: latest };
  const result: UpdateCheck = {};
  const patch = semver.maxSatisfying(versions, `~${current}`);
  if (patch && semver.gt(patch, current)) result.auto = patch;
  const base = result.auto ?? current;
  if (semver.gt(latest, base)) result.offer = { version: latest, kind: kindOf(current, latest) };
  return result;
}

/** Kind of a single step from `from` to `to`. */
export function updateKind(from: string, to: string): UpdateKind {
  return kindOf(from, to);
}
